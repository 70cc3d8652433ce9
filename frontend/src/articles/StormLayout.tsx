import type { Site, Story } from '../types';
import { openShareWindow, shareNative, twitterURL } from '../share';
import { shareable } from './parts';
import { ArticleLayout } from './ArticleLayout';

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
  const bar = (
    <div className="storm-bar" role="region" aria-label="Article toolbar">
      <span className="storm-bar__title">{story.heading || story.title}</span>
      <button type="button" className="button storm-bar__share" onClick={() => void stormShare(story)}>
        Share
      </button>
    </div>
  );
  return <ArticleLayout story={story} site={site} top={bar} className="article--storm" />;
}
