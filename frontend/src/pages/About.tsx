import { Link } from 'react-router-dom';
import type { Site } from '../types';

export function About({ site }: { site: Site }) {
  return (
    <article className="prose-page">
      <span className="badge">Coming Soon</span>
      <h1>About {site.magazine}</h1>
      <p className="article__intro">{site.tagline}.</p>
      <p>
        {site.magazine} reports on India's economy, policy, technology and trade with one question in mind: what works? Every
        story names a problem, shows who is solving it, and ends with a Solution Spotlight a reader can act on.
      </p>
      <h2 id="why">Why {site.name}</h2>
      <p>
        <em>Nivaran</em> means resolution. Business news too often stops at the problem. We follow it to the answer — the
        policy, the firm, the cluster or the idea that is already making a difference — so that exporters, founders,
        policymakers, investors and students can use what they read.
      </p>
      <p>
        <Link to="/portal" className="button">Go to Portal</Link>
      </p>
    </article>
  );
}
