import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link } from './Link';
import type { Site } from '../types';
import { useEscape } from './useEscape';
import { SearchForm } from './SearchForm';
import { withBase } from '../sitepath';

export const SCROLL_THRESHOLD = 20;

// current says whether a section link is the page being shown: "/" only on
// the home page, any other path on itself and below it.
export function current(href: string, pathname: string): boolean {
  if (href === '/' || /^https?:/.test(href)) return pathname === href;
  return pathname === href || pathname.startsWith(href + '/');
}

// Fixed header: transparent at the top, solid with a shadow once the page is
// scrolled past 20 px; the sections from site.yaml in a bar on wide screens
// and a dropdown menu on small ones, and a search form on every page.
// path is the page's canonical path, the same on the server and in the
// browser (an alias or 404.html is served at another), so the marked
// section never differs between the two.
export function Header({ site, path }: { site: Site; path: string }) {
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  // Escape from inside the menu gives focus back to its button, not to the page.
  useEscape(open, () => {
    if (menu.current?.contains(document.activeElement)) toggle.current?.focus();
    setOpen(false);
  });
  // Tabbing out of the menu closes it: what takes focus next lies under it.
  const leave = (e: FocusEvent<HTMLElement>) => {
    const to = e.relatedTarget as Node | null;
    if (to && !menu.current?.contains(to) && to !== toggle.current) setOpen(false);
  };

  const close = () => setOpen(false);
  const nav = (className: string) =>
    site.sections.map((l) => (
      <Link key={l.href} to={l.href} className={className} aria-current={current(l.href, path) ? 'page' : undefined} onClick={close}>
        {l.label}
      </Link>
    ));

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${site.magazine} home`} onClick={close}>
          <img src={withBase('/logo.svg')} alt={site.magazine} width="220" height="53" />
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          {nav('site-header__link')}
        </nav>
        <SearchForm id="header-search" className="search-form site-header__search" />
        <Link to="/search" className="site-header__search-link" aria-label="Search" onClick={close}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </Link>
        <button
          ref={toggle}
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
      <nav id="mobile-menu" ref={menu} className={`mobile-menu${open ? ' is-open' : ''}`} aria-label="Mobile" hidden={!open} onBlur={leave}>
        {nav('mobile-menu__link')}
        <SearchForm id="mobile-search" className="search-form mobile-menu__search" label="Search from the menu" landmark="Menu search" onSearch={close} />
      </nav>
    </header>
  );
}
