import { Link } from 'react-router-dom';
import type { Card, PageData } from '../types';
import { LocalDate } from '../components/LocalDate';

export const HOME_AD_HEIGHT = 250;

export function StoryCard({ card }: { card: Card }) {
  return (
    <article className="card">
      <Link to={card.href} className="card__link">
        <img className="card__image" src={card.image.src} alt="" width={card.image.width} height={card.image.height} loading="lazy" />
        <div className="card__body">
          <span className="badge badge--small">{card.category}</span>
          <h3 className="card__title">{card.title}</h3>
          <p className="card__intro">{card.introduction}</p>
          <p className="card__meta">
            {card.author} · <LocalDate iso={card.publishedAt} label={card.dateLabel} local={false} />
          </p>
        </div>
      </Link>
    </article>
  );
}

export function Home({ page }: { page: PageData }) {
  const stories = page.stories ?? [];
  const [lead, ...rest] = stories;
  return (
    <div className="home">
      <section className="home__hero">
        <p className="home__kicker">News That Solves</p>
        <h1 className="home__title">{page.site.tagline}</h1>
      </section>
      {lead ? (
        <section className="lead" aria-labelledby="lead-title">
          <Link to={lead.href} className="lead__image-link" tabIndex={-1} aria-hidden="true">
            <img src={lead.image.src} alt="" width={lead.image.width} height={lead.image.height} fetchPriority="high" />
          </Link>
          <div className="lead__text">
            <span className="badge">{lead.category}</span>
            <h2 id="lead-title" className="lead__title">
              <Link to={lead.href}>{lead.title}</Link>
            </h2>
            <p>{lead.introduction}</p>
            <Link to={lead.href} className="button">Read the story</Link>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="latest-title">
        <h2 id="latest-title" className="section-title">Latest Stories</h2>
        <div className="card-grid">
          {rest.map((c) => (
            <StoryCard key={c.id} card={c} />
          ))}
        </div>
      </section>
    </div>
  );
}
