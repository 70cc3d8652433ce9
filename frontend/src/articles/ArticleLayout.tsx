import type { ReactNode } from 'react';
import type { Site, Story } from '../types';
import { Body } from '../components/Body';
import { FeaturedImage } from '../components/FeaturedImage';
import { ShareButtons, useTitleOnLeave } from './parts';
import { BackLink } from '../components/BackLink';
import { ArticleHeader } from '../components/ArticleHeader';
import { RelatedStories } from '../components/RelatedStories';
import { Corrections, StoryTags } from '../components/StoryNotes';

// The common dedicated-article layout; top is what a variant puts above it
// (the storm page's share bar).
export function ArticleLayout({ story, site, top, className = '' }: { story: Story; site: Site; top?: ReactNode; className?: string }) {
  useTitleOnLeave(site);
  return (
    <article className={`article article--dedicated ${className}`.trim()} data-layout={story.layout}>
      {top}
      <div className="article__top">
        <BackLink label={story.backLabel} />
      </div>
      <ArticleHeader story={story} />
      <FeaturedImage image={story.image} caption={story.imageCaption} overlay={story.imageOverlay} />
      <div className="article-body">
        <Body blocks={story.blocks} />
      </div>
      <StoryTags story={story} />
      <Corrections story={story} />
      <ShareButtons story={story} />
      <RelatedStories cards={story.related} />
    </article>
  );
}
