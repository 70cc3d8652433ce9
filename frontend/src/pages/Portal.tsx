import { Link } from '../components/Link';
import type { Site } from '../types';
import { LaunchLater } from '../components/LaunchLater';

export function Portal({ site }: { site: Site }) {
  return (
    <section className="notice notice--portal">
      <span className="badge">Coming Soon</span>
      <h1>The {site.name} portal is on its way</h1>
      <p>
        We are building a news-and-solutions portal for India's economy: every story paired with what is working, who is doing
        it, and how you can act on it. Until it opens, the magazine is where our reporting lives.
      </p>
      <div className="notice__actions">
        <Link to="/" className="button">Read the magazine</Link>
        <Link to="/about" className="button button--ghost-dark">About {site.magazine}</Link>
      </div>
      <LaunchLater site={site} />
    </section>
  );
}
