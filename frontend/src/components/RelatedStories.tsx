import type { Card } from '../types';
import { CardGrid } from './StoryCard';

// A titled grid of story cards, or nothing when there are none.
export function CardSection({ id, title, cards, className }: { id: string; title: string; cards: Card[]; className: string }) {
  if (!cards.length) return null;
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <CardGrid cards={cards} />
    </section>
  );
}

export function RelatedStories({ cards }: { cards: Card[] }) {
  return <CardSection id="related-title" title="Related Stories" cards={cards} className="related" />;
}
