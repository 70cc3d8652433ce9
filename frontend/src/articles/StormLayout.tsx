import type { Site, Story } from '../types';
import { Body } from '../components/Body';
import { FeaturedImage } from '../components/FeaturedImage';
import { openShareWindow, shareNative, twitterURL } from '../share';
import { ShareButtons, shareable, useTitleOnLeave } from './parts';
import { BackLink } from '../components/BackLink';
import { ArticleHeader } from '../components/ArticleHeader';
import { RelatedStories } from '../components/RelatedStories';

export const SMALL_SCREEN = '(max-width: 768px)';

// Small screens get the device's share sheet where there is one; everything
// else shares to X/Twitter.
export async function stormShare(story: Story, win: Window = window): Promise<void> {
  const s = shareable(story);
  if (win.matchMedia?.(SMALL_SCREEN).matches) {
    await shareNative(s, 'twitter', win.navigator, win);
    return;
  }
  openShareWindow(twitterURL(s), win);
}

export function StormLayout({ story, site }: { story: Story; site: Site }) {
  useTitleOnLeave(site);
  return (
    <article className="article article--dedicated article--storm" data-layout="storm">
      <div className="storm-bar" role="region" aria-label="Article toolbar">
        <span className="storm-bar__title">{story.heading || story.title}</span>
        <button type="button" className="button storm-bar__share" onClick={() => void stormShare(story)}>
          Share
        </button>
      </div>
      <div className="article__top">
        <BackLink label={story.backLabel} />
      </div>
      <ArticleHeader story={story} />
      <FeaturedImage image={story.image} caption={story.imageCaption} />
      <div className="article-body">
        <Body blocks={story.blocks} />
      </div>
      <ShareButtons story={story} />
      <RelatedStories cards={story.related} />
    </article>
  );
}
