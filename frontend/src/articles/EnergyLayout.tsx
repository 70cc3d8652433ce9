import { useState } from 'react';
import { Link } from '../components/Link';
import type { Site, Story } from '../types';
import { AdSlot, STORY_AD_HEIGHT } from '../components/AdSlot';
import { Body } from '../components/Body';
import { FeaturedImage } from '../components/FeaturedImage';
import { shareNative } from '../share';
import { useToast } from '../toast';
import { ShareButtons, shareable, useTitleOnLeave } from './parts';
import { BackLink } from '../components/BackLink';
import { ArticleHeader } from '../components/ArticleHeader';
import { RelatedStories } from '../components/RelatedStories';
import { Corrections, StoryTags } from '../components/StoryNotes';

export function EnergyLayout({ story, site }: { story: Story; site: Site }) {
  useTitleOnLeave(site);
  const { toast } = useToast();
  const [status, setStatus] = useState('');
  const share = async () => {
    const outcome = await shareNative(shareable(story), 'copy');
    if (outcome === 'copied') {
      setStatus('');
      toast({ title: 'Link copied', description: 'The link to this story is on your clipboard.' });
    } else if (outcome === 'failed') {
      setStatus(`Copy this link to share: ${story.url}`);
    }
  };
  return (
    <article className="article article--dedicated article--energy" data-layout="energy">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={story.categoryHref}>{story.category}</Link>
          </li>
        </ol>
      </nav>
      <div className="article__top">
        <BackLink label={story.backLabel} />
      </div>
      <ArticleHeader story={story} />
      <FeaturedImage image={story.image} caption={story.imageCaption} />
      <div className="article-body">
        <Body blocks={story.blocks} />
      </div>
      <StoryTags story={story} title="Related Topics" />
      <Corrections story={story} />
      <div className="share-story">
        <button type="button" className="button" onClick={share}>
          Share this story
        </button>
        <p className="share-story__status" role="status" aria-live="polite">
          {status}
        </p>
      </div>
      <ShareButtons story={story} />
      <AdSlot client={site.adClient} minHeight={STORY_AD_HEIGHT} className="ad-slot--story" />
      <RelatedStories cards={story.related} />
    </article>
  );
}
