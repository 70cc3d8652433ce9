import { Link } from './Link';
import type { Site } from '../types';
import { withBase } from '../sitepath';

export function Footer({ site }: { site: Site }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <img src={withBase('/logo-light.svg')} alt={site.magazine} width="180" height="43" loading="lazy" />
          <p className="site-footer__tagline">{site.tagline}</p>
          <p className="site-footer__motto">News That Solves</p>
        </div>
        <nav className="site-footer__links" aria-label="Footer">
          <Link className="button button--ghost" to="/about">About Us</Link>
          <Link className="button button--ghost" to="/about#why">Why {site.name}</Link>
          <Link className="button button--ghost" to="/privacy-policy">Privacy Policy</Link>
        </nav>
      </div>
      <p className="site-footer__copy">© 2025 {site.magazine}. All rights reserved.</p>
    </footer>
  );
}
