import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { Site, Story } from '../types';
import { LocalDate } from '../components/LocalDate';
import { facebookURL, linkedInURL, openShareWindow, twitterURL, type Shareable } from '../share';

export function shareable(story: Story): Shareable {
  return { title: story.title, introduction: story.introduction, url: story.url };
}

export function BackLink({ label }: { label: string }) {
  return (
    <Link to="/" className="button button--back">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

// Badge, title, standfirst and byline. Dedicated pages show the US long date
// (the same on server and client, so nothing to refine after hydration).
export function ArticleHeader({ story, className = 'article__header' }: { story: Story; className?: string }) {
  return (
    <header className={className}>
      <Link to={story.categoryHref} className="badge">
        {story.category}
      </Link>
      <h1 className="article__title">{story.heading || story.title}</h1>
      <p className="article__intro">{story.introduction}</p>
      <p className="article__meta">
        <span className="article__author">
          By <Link to={story.authorHref}>{story.author}</Link>
        </span>
        <span aria-hidden="true"> · </span>
        <LocalDate iso={story.publishedAt} label={story.dateLabel} local={false} />
        {story.readTime ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="article__read-time">{story.readTime}</span>
          </>
        ) : null}
      </p>
    </header>
  );
}

export function ShareButtons({ story }: { story: Story }) {
  const s = shareable(story);
  const items = [
    { label: 'Share on X (Twitter)', short: 'X / Twitter', url: twitterURL(s) },
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
