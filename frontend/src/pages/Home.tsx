import { Link } from '../components/Link';
import type { Card, PageDataOf } from '../types';
import { AdSlot } from '../components/AdSlot';
import { CardGrid, CardStatus } from '../components/StoryCard';
import { LaunchLater } from '../components/LaunchLater';
import { srcsetWithBase, withBase } from '../sitepath';

export const HOME_AD_HEIGHT = 250;

export const SPOTLIGHT_STAGGER_S = 0.1;

function ViewAll() {
  return (
    <p className="section-more">
      <Link to="/stories" className="button button--ghost-dark">
        View All Stories
      </Link>
    </p>
  );
}

function Featured({ card, flip }: { card: Card; flip: boolean }) {
  return (
    <article className={`feature${flip ? ' feature--flip' : ''}`}>
      <Link to={card.href} className="feature__image" tabIndex={-1} aria-hidden="true">
        <img
          src={withBase(card.image.src)}
          srcSet={srcsetWithBase(card.image.srcset)}
          sizes="(min-width: 900px) 560px, 100vw"
          alt=""
          width={card.image.width}
          height={card.image.height}
          loading="lazy"
          decoding="async"
        />
      </Link>
      <div className="feature__text">
        <Link to={card.categoryHref} className="badge">
          {card.category}
        </Link>
        <h3 className="feature__title">
          <Link to={card.href}>{card.title}</Link>
        </h3>
        <p>{card.introduction}</p>
        <p className="card__meta">
          {card.byline} · <time dateTime={card.publishedAt}>{card.dateLabel}</time>
          <CardStatus card={card} />
        </p>
        <Link to={card.href} className="button">
          Read the story <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

export function Home({ page }: { page: PageDataOf<'home'> }) {
  const { home } = page;
  const { lead } = home;
  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <p className="home__kicker">News That Solves</p>
        <h1 id="home-title" className="home__title">
          {page.site.tagline}
        </h1>
      </section>

      {lead ? (
        <section className="lead" aria-labelledby="lead-title">
          <Link to={lead.href} className="lead__image-link" tabIndex={-1} aria-hidden="true">
            <img
              src={withBase(lead.image.src)}
              srcSet={srcsetWithBase(lead.image.srcset)}
              sizes="(min-width: 900px) 680px, 100vw"
              alt=""
              width={lead.image.width}
              height={lead.image.height}
              fetchPriority="high"
            />
          </Link>
          <div className="lead__text">
            <Link to={lead.categoryHref} className="badge">
              {lead.category}
            </Link>
            <h2 id="lead-title" className="lead__title">
              <Link to={lead.href}>{lead.title}</Link>
            </h2>
            <p className="lead__intro">{lead.introduction}</p>
            <Link to={lead.href} className="button">
              Read the full story <span aria-hidden="true">→</span>
            </Link>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="latest-title" className="home__section">
        <h2 id="latest-title" className="section-title">
          Latest Stories
        </h2>
        <CardGrid cards={home.latest} />
        <ViewAll />
      </section>

      {home.featured.length ? (
        <section aria-labelledby="featured-title" className="home__section">
          <h2 id="featured-title" className="section-title">
            News That Solves
          </h2>
          {home.featured.map((c, i) => (
            <Featured key={c.href} card={c} flip={i % 2 === 1} />
          ))}
        </section>
      ) : null}

      <AdSlot client={page.site.adClient} minHeight={HOME_AD_HEIGHT} className="ad-slot--home" />

      {home.spotlight.length ? (
        <section aria-labelledby="spotlight-title" className="home__section">
          <h2 id="spotlight-title" className="section-title">
            Under the Spotlight
          </h2>
          <CardGrid cards={home.spotlight} stagger />
        </section>
      ) : null}

      {home.editorsPick.length ? (
        <section aria-labelledby="picks-title" className="home__section home__picks">
          <h2 id="picks-title" className="section-title">
            Editor's Pick
          </h2>
          <CardGrid cards={home.editorsPick} />
          <p className="section-more">
            <Link to={home.editorsPickTarget || home.editorsPick[0].href} className="button">
              Read the Editor's Pick
            </Link>{' '}
            <Link to="/stories" className="button button--ghost-dark">
              View All Stories
            </Link>
          </p>
        </section>
      ) : null}
      <LaunchLater site={page.site} />
    </div>
  );
}
