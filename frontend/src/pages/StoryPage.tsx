import { Link } from 'react-router-dom';
import type { Site, Story } from '../types';
import { AdSlot } from '../components/AdSlot';
import { Body } from '../components/Body';
import { FeaturedImage } from '../components/FeaturedImage';
import { LocalDate } from '../components/LocalDate';
import { RelatedStories } from '../components/RelatedStories';

export const STORY_AD_HEIGHT = 200;

function BackButton({ label }: { label: string }) {
  return (
    <Link to="/" className="button button--back">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

export function StoryPage({ story, site }: { story: Story; site: Site }) {
  return (
    <article className="article" data-layout={story.layout}>
      <div className="article__top">
        <BackButton label={story.backLabel} />
      </div>
      <header className="article__header">
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
          <LocalDate iso={story.publishedAt} label={story.dateLabel} />
          {story.readTime ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{story.readTime}</span>
            </>
          ) : null}
        </p>
      </header>
      <FeaturedImage image={story.image} caption={story.imageCaption} overlay={story.imageOverlay} />
      <AdSlot client={site.adClient} minHeight={STORY_AD_HEIGHT} className="ad-slot--story" />
      <div className="article-body">
        <Body blocks={story.blocks} />
      </div>
      <AdSlot client={site.adClient} minHeight={STORY_AD_HEIGHT} className="ad-slot--story" />
      <div className="article__bottom">
        <BackButton label={story.backLabel} />
      </div>
      <RelatedStories cards={story.related} />
    </article>
  );
}

export function StoryNotFound() {
  return (
    <section className="notice">
      <h1>Story Not Found</h1>
      <p>The story you're looking for doesn't exist.</p>
      <Link to="/" className="button">Return to Portal</Link>
    </section>
  );
}
