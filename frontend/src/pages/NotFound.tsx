import { Link } from '../components/Link';
import { SearchForm } from '../components/SearchForm';
import { LatestStories } from './StoryPage';
import type { Card } from '../types';

export function NotFound({ latest }: { latest: Card[] }) {
  return (
    <>
      <section className="notice">
        <h1>404 Page Not Found</h1>
        <p>The page you're looking for doesn't exist.</p>
        <Link to="/" className="button">Return to Home Page</Link>
        <SearchForm id="notfound-search" label="Search for a story" landmark="Story search" />
      </section>
      <LatestStories cards={latest} />
    </>
  );
}
