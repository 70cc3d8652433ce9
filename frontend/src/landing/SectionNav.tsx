import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { SECTIONS, type SectionLink } from './content';
import { useEscape } from '../components/useEscape';

export const MENU_SCROLL_DELAY_MS = 100;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// Brings a section into view and hands it the focus, so keyboard and screen
// reader users continue from the section they chose.
export function scrollToSection(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Keep the router's history state; only the fragment changes.
  window.history.replaceState(window.history.state, '', `#${id}`);
  el.focus({ preventScroll: true });
}

// The landing page's own sticky nav under the shared header. On wide screens
// the links are ordinary anchors (CSS makes the jump smooth). On small screens
// they sit in a menu; choosing one closes the menu first and scrolls once it
// has collapsed, so the target's position is measured on the final layout.
export function SectionNav({ sections = SECTIONS }: { sections?: readonly SectionLink[] }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEscape(open, () => setOpen(false));

  const onLink = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!open) return;
    e.preventDefault();
    setOpen(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => scrollToSection(id), MENU_SCROLL_DELAY_MS);
  };

  return (
    <nav className={`landing-nav${open ? ' is-open' : ''}`} aria-label="On this page">
      <div className="landing-nav__inner">
        <button
          type="button"
          className="landing-nav__toggle"
          aria-expanded={open}
          aria-controls="landing-nav-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span>On this page</span>
          <span className="landing-nav__chevron" aria-hidden="true" />
        </button>
        <ul id="landing-nav-menu" className="landing-nav__list">
          {sections.map((s) => (
            <li key={s.id}>
              <a className="landing-nav__link" href={`#${s.id}`} onClick={(e) => onLink(e, s.id)}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
