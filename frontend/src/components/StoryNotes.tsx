import { Link } from './Link';
import type { Story } from '../types';

// What is only true of some stories, around the byline and after the body:
// the draft or scheduled marker, the update line, tags and corrections.

// Shown in magazine dev (and --drafts or --future builds), never in a
// published build, where drafts and scheduled stories are left out.
export function StatusMarker({ story }: { story: Pick<Story, 'draft' | 'scheduled' | 'dateLabel'> }) {
  if (story.draft) {
    return (
      <p className="status-marker status-marker--draft" role="note">
        <strong>Draft</strong> — not published: magazine build leaves it out until draft: true is removed.
      </p>
    );
  }
  if (story.scheduled) {
    return (
      <p className="status-marker status-marker--scheduled" role="note">
        <strong>Scheduled</strong> — published on {story.dateLabel}; builds leave it out until then.
      </p>
    );
  }
  return null;
}

export function Updated({ story }: { story: Pick<Story, 'updatedAt' | 'updatedLabel'> }) {
  if (!story.updatedAt) return null;
  return (
    <p className="article__updated">
      Updated <time dateTime={story.updatedAt}>{story.updatedLabel}</time>
    </p>
  );
}

// The story's tags, each linking to its page; with a title (the energy
// layout's "Related Topics"), as a titled section.
export function StoryTags({ story, title }: { story: Pick<Story, 'tags'>; title?: string }) {
  if (!story.tags?.length) return null;
  const list = (
    <ul>
      {story.tags.map((t) => (
        <li key={t.href}>
          <Link to={t.href} className="tag">
            {t.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  if (title) {
    return (
      <section className="related-topics" aria-labelledby="related-topics">
        <h2 id="related-topics">{title}</h2>
        {list}
      </section>
    );
  }
  return (
    <nav className="story-tags" aria-label="Tags">
      {list}
    </nav>
  );
}

// Dated corrections, oldest first (the generator sorts them), as newspapers print them.
export function Corrections({ story }: { story: Pick<Story, 'corrections'> }) {
  if (!story.corrections?.length) return null;
  return (
    <section className="corrections" aria-labelledby="corrections-title">
      <h2 id="corrections-title">Corrections</h2>
      <ul>
        {story.corrections.map((c, i) => (
          <li key={`${c.date}-${i}`}>
            <time dateTime={c.date}>{c.dateLabel}</time>: {c.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
