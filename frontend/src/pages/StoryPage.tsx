import { Link } from '../components/Link';
import type { Card, Site, Story } from '../types';
import { AdSlot, STORY_AD_HEIGHT } from '../components/AdSlot';
import { Body } from '../components/Body';
import { FeaturedImage } from '../components/FeaturedImage';
import { ArticleHeader } from '../components/ArticleHeader';
import { BackLink } from '../components/BackLink';
import { CardSection, RelatedStories } from '../components/RelatedStories';
import { Corrections, StoryTags } from '../components/StoryNotes';
import { SearchForm } from '../components/SearchForm';

export function StoryPage({ story, site }: { story: Story; site: Site }) {
  return (
    <article className="article" data-layout={story.layout}>
      <div className="article__top">
        <BackLink label={story.backLabel} />
      </div>
      <ArticleHeader story={story} localDate />
      <FeaturedImage image={story.image} caption={story.imageCaption} overlay={story.imageOverlay} />
      <AdSlot client={site.adClient} minHeight={STORY_AD_HEIGHT} className="ad-slot--story" label="Advertisement before the story" />
      <div className="article-body">
        <Body blocks={story.blocks} />
      </div>
      <StoryTags story={story} />
      <Corrections story={story} />
      <AdSlot client={site.adClient} minHeight={STORY_AD_HEIGHT} className="ad-slot--story" label="Advertisement after the story" />
      <div className="article__bottom">
        <BackLink label={story.backLabel} />
      </div>
      <RelatedStories cards={story.related} />
    </article>
  );
}

// Served by 404.html for an unknown /story/<id>: search and the latest
// stories, which the build baked into 404.html's page data.
export function StoryNotFound({ latest }: { latest: Card[] }) {
  return (
    <>
      <section className="notice">
        <h1>Story Not Found</h1>
        <p>The story you're looking for doesn't exist.</p>
        <Link to="/" className="button">Return to Portal</Link>
        <SearchForm id="notfound-search" label="Search for a story" landmark="Story search" />
      </section>
      <LatestStories cards={latest} />
    </>
  );
}

export function LatestStories({ cards }: { cards: Card[] }) {
  return <CardSection id="notfound-latest" title="Latest Stories" cards={cards} className="notice__latest" />;
}
