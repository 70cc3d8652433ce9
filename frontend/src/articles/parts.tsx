import { useEffect } from 'react';
import { Link } from '../components/Link';
import type { Site, Story } from '../types';
import { facebookURL, linkedInURL, openShareWindow, twitterURL, type Shareable } from '../share';

export function shareable(story: Story): Shareable {
  return { title: story.title, introduction: story.introduction, url: story.url };
}

export function ShareButtons({ story }: { story: Story }) {
  const s = shareable(story);
  const items = [
    { label: 'Share on X / Twitter', short: 'X / Twitter', url: twitterURL(s) }, // the name holds the words shown (voice control)
    { label: 'Share on Facebook', short: 'Facebook', url: facebookURL(s) },
    { label: 'Share on LinkedIn', short: 'LinkedIn', url: linkedInURL(s) },
  ];
  return (
    <div className="share" role="group" aria-label="Share this article">
      <span className="share__label">Share</span>
      {items.map((i) => (
        <a
          key={i.short}
          className="share__button"
          href={i.url}
          aria-label={i.label}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(e) => {
            e.preventDefault();
            openShareWindow(i.url);
          }}
        >
          {i.short}
        </a>
      ))}
    </div>
  );
}

// On leaving a dedicated article the title falls back to the magazine's name
// until the next page sets its own (the next head is applied after unmount).
export function useTitleOnLeave(site: Site) {
  useEffect(() => () => void (document.title = site.magazine), [site.magazine]);
}
