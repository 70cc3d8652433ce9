import type { CSSProperties } from 'react';
import { Link } from './Link';
import type { Card } from '../types';
import { srcsetWithBase, withBase } from '../sitepath';

// Cards sit three across on wide screens, two on tablets, one on phones.
export const CARD_SIZES = '(min-width: 72rem) 360px, (min-width: 40rem) 50vw, 100vw';

interface StoryCardProps {
  card: Card;
  style?: CSSProperties;
  className?: string;
  level?: 2 | 3; // the title's heading level: one below the section's heading
  priority?: boolean; // the picture is likely the largest thing on screen: load it first
}

// A story in a listing. The title link covers the card (a stretched link),
// so the category badge can be a link of its own without nesting anchors.
export function StoryCard({ card, style, className = '', level = 3, priority = false }: StoryCardProps) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <article className={`card ${className}`.trim()} style={style}>
      {card.image.src ? (
        <img
          className="card__image"
          src={withBase(card.image.src)}
          srcSet={srcsetWithBase(card.image.srcset)}
          sizes={card.image.srcset ? CARD_SIZES : undefined}
          alt=""
          width={card.image.width}
          height={card.image.height}
          loading={priority ? undefined : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      ) : null}
      <div className="card__body">
        <Link to={card.categoryHref} className="badge badge--small card__badge">
          {card.category}
        </Link>
        <Title className="card__title">
          <Link to={card.href} className="card__link">
            {card.title}
          </Link>
        </Title>
        <p className="card__intro">{card.introduction}</p>
        {/* The dot between two parts is drawn before the second (styles.css), and cut off when that
            part starts a line. */}
        <p className="card__meta">
          <span className="card__parts">
            <span className="card__part">{card.byline}</span>{' '}
            <time className="card__part" dateTime={card.publishedAt}>
              {card.dateLabel}
            </time>
            {card.readTime ? (
              <>
                {' '}
                <span className="card__part card__read-time">{card.readTime}</span>
              </>
            ) : null}
            <CardStatus card={card} />
          </span>
        </p>
      </div>
    </article>
  );
}

// Drafts and scheduled stories reach listings only in magazine dev (or a
// --drafts or --future build), marked.
export function CardStatus({ card }: { card: Card }) {
  if (!card.draft && !card.scheduled) return null;
  return <span className="card__status">{card.draft ? 'Draft' : 'Scheduled'}</span>;
}

// lead: the grid opens the page, so its first picture loads at once.
export function CardGrid({ cards, stagger = false, level, lead = false }: { cards: Card[]; stagger?: boolean; level?: 2 | 3; lead?: boolean }) {
  return (
    <div className="card-grid">
      {cards.map((c, i) => (
        <StoryCard
          key={`${c.href}-${i}`}
          card={c}
          level={level}
          priority={lead && i === 0}
          className={stagger ? 'card--stagger' : ''}
          style={stagger ? ({ '--stagger-delay': `${(i * 0.1).toFixed(1)}s` } as CSSProperties) : undefined}
        />
      ))}
    </div>
  );
}
