import type { Card } from '../types';
import { CardGrid } from './StoryCard';

export function RelatedStories({ cards }: { cards: Card[] }) {
  if (!cards.length) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        Related Stories
      </h2>
      <CardGrid cards={cards} />
    </section>
  );
}
