import { useEffect, useRef } from 'react';
import { keepFocusOnThePage } from './focus';
import { daysLabel, useCountdown } from './countdown';
import './launch.css';

// While the banner is shown, <body> carries this class and <html> the custom
// property --launch-banner-h (the banner's measured height); launch.css pads
// the body by that much, so the fixed bar never hides the end of the footer,
// and keeps what keyboard focus scrolls to above it.
export const BANNER_BODY_CLASS = 'has-launch-banner';
export const BANNER_HEIGHT_VAR = '--launch-banner-h';

export interface LaunchBannerProps {
  visible: boolean;
  onClose: () => void;
  onStayUpdated: () => void;
  launchDate: string;
  timeZone?: string; // where the days are counted (countdownDays)
}

export function bannerText(days: number): string {
  const portal = 'Our new news-and-solutions portal';
  return days === 0 ? `${portal} is launching today` : `${portal} is coming in ${daysLabel(days)}`;
}

// Fixed bottom bar with the countdown. It renders nothing until the
// countdown is known, i.e. after hydration (see useCountdown).
export function LaunchBanner({ visible, onClose, onStayUpdated, launchDate, timeZone }: LaunchBannerProps) {
  const days = useCountdown(launchDate, timeZone);
  const ref = useRef<HTMLElement>(null);
  const shown = visible && days !== null;

  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const body = document.body;
    const root = document.documentElement; // the page's scroller reads it too
    const measure = () => root.style.setProperty(BANNER_HEIGHT_VAR, `${el.offsetHeight}px`);
    body.classList.add(BANNER_BODY_CLASS);
    measure();
    // The bar wraps onto more lines on narrow screens or with larger text.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    // Keyboard focus that lands under the bar is scrolled clear of it (to
    // launch.css's scroll-padding), once the browser has scrolled it into
    // view its own way, which counts the bar's part of the screen as seen.
    const reveal = (e: FocusEvent) => {
      const target = e.target as HTMLElement;
      if (el.contains(target) || !target.getBoundingClientRect) return;
      requestAnimationFrame(() => {
        if (document.activeElement === target && target.getBoundingClientRect().bottom > el.getBoundingClientRect().top) {
          target.scrollIntoView({ block: 'nearest' });
        }
      });
    };
    document.addEventListener('focusin', reveal);
    return () => {
      document.removeEventListener('focusin', reveal);
      observer?.disconnect();
      body.classList.remove(BANNER_BODY_CLASS);
      root.style.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <aside ref={ref} className="launch-banner" aria-label="Portal launch">
      <p className="launch-banner__text">
        {bannerText(days)}.{' '}
        <button type="button" className="launch-banner__link" onClick={onStayUpdated}>
          Stay updated
        </button>
      </p>
      <button type="button" className="launch-banner__close" aria-label="Close banner" onClick={(e) => keepFocusOnThePage(e.currentTarget, onClose)}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
