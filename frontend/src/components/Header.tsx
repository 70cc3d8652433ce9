import { useEffect, useState } from 'react';
import { Link } from './Link';
import type { Kind, Site } from '../types';
import { useEscape } from './useEscape';

export const SCROLL_THRESHOLD = 20;

const links: { to: string; label: string; kind: Kind }[] = [
  { to: '/', label: 'Home', kind: 'home' },
  { to: '/about', label: 'About', kind: 'about' },
];

// Fixed header: transparent at the top, solid with a shadow once the page is
// scrolled past 20 px; a dropdown menu on small screens.
export function Header({ site, kind }: { site: Site; kind: Kind }) {
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEscape(open, () => setOpen(false));

  const close = () => setOpen(false);
  const nav = (className: string) =>
    links.map((l) => (
      <Link key={l.to} to={l.to} className={className} aria-current={l.kind === kind ? 'page' : undefined} onClick={close}>
        {l.label}
      </Link>
    ));

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${site.magazine} home`} onClick={close}>
          <img src="/logo.svg" alt={site.magazine} width="220" height="53" />
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          {nav('site-header__link')}
        </nav>
        <button
          type="button"
          className="site-header__toggle"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className={`burger${open ? ' burger--open' : ''}`} aria-hidden="true" />
        </button>
      </div>
      <nav id="mobile-menu" className={`mobile-menu${open ? ' is-open' : ''}`} aria-label="Mobile" hidden={!open}>
        {nav('mobile-menu__link')}
      </nav>
    </header>
  );
}
