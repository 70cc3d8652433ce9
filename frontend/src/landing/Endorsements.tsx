import { useId } from 'react';
import { ENDORSEMENTS, initials, type Endorsement } from './content';

export const RATING = 5;

// A generated initials avatar: the personas are invented, so there is no
// photograph to show. Decorative; the name is printed beside it.
export function InitialsAvatar({ name, from, to }: { name: string; from: string; to: string }) {
  const gradient = `avatar-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg className="landing-avatar" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradient})`} />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="middle" fill="#fff" fontFamily="Georgia, serif" fontSize="24" fontWeight="700">
        {initials(name)}
      </text>
    </svg>
  );
}

export function Stars({ rating = RATING }: { rating?: number }) {
  return (
    <div className="landing-stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" className={i < rating ? 'is-on' : ''}>
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </div>
  );
}

export function EndorsementCard({ e }: { e: Endorsement }) {
  return (
    <figure className="landing-quote">
      <Stars />
      <blockquote className="landing-quote__text">
        <p>{e.quote}</p>
      </blockquote>
      <figcaption className="landing-quote__by">
        <InitialsAvatar name={e.name} from={e.image.from} to={e.image.to} />
        <span>
          <span className="landing-quote__name">{e.name}</span>
          <span className="landing-quote__title">{e.title}</span>
          <span className="landing-quote__sample">Sample persona</span>
        </span>
      </figcaption>
    </figure>
  );
}

export function Endorsements({ items = ENDORSEMENTS }: { items?: readonly Endorsement[] }) {
  return (
    <div className="landing-endorsements" aria-labelledby="endorsements-title" role="group">
      <h3 id="endorsements-title" className="landing-subtitle">
        Voices from our early readers <span className="landing-subtitle__note">(sample testimonials)</span>
      </h3>
      <p className="landing-endorsements__note">
        These are sample personas our team wrote to show the readers we are building for. The names are invented and do
        not refer to real people.
      </p>
      <div className="landing-endorsements__grid">
        {items.map((e) => (
          <EndorsementCard key={e.name} e={e} />
        ))}
      </div>
    </div>
  );
}
