import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Head, PageData } from './types';
import { applyHead, normalisePath } from './navigation';
import { fetchRoute } from './readpage';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { Navigation } from './components/Link';
import { Screen } from './pages/Screen';
import { ToastProvider } from './toast';
import { AnalyticsTag } from './AnalyticsTag';
import { preload } from './routes/lazy';
import { withBase } from './sitepath';

// The page data for the current location: the prerendered page first, then
// each client-side navigation fetches the next route's data file. If that
// fails (no such route, offline), a full page load lets the host answer.
function usePage(initial: PageData): PageData {
  const location = useLocation();
  const path = normalisePath(location.pathname);
  const [current, setCurrent] = useState<{ path: string; page: PageData; head?: Head }>({ path, page: initial });
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (path === current.path) {
      scrollForHash(location.hash);
      return;
    }
    let cancelled = false;
    fetchRoute(path)
      .then(async (data) => {
        await preload(data.page);
        if (!cancelled) setCurrent({ path, page: data.page, head: data.head });
      })
      .catch(() => {
        if (!cancelled) window.location.assign(withBase(location.pathname) + location.search + location.hash);
      });
    return () => {
      cancelled = true;
    };
  }, [path]); // eslint-disable-line react-hooks/exhaustive-deps

  // The next head goes in after the previous page has unmounted (its cleanups
  // run first), and every route change starts at the top or at its #anchor,
  // Back and Forward too: the browser's own restoring would race this (and
  // land part-way down, the page's scrolling being smooth).
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    if (current.head) applyHead(current.head);
    toAnchorOrTop(location.hash);
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps

  // A link to the page already shown (its footer's #why, the home page's
  // logo) moves within it: to the anchor, or to the top.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key === firstKey.current || path !== current.path) return;
    toAnchorOrTop(location.hash);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  return current.page;
}

// toAnchorOrTop shows the element the #anchor names, or the top of the page.
function toAnchorOrTop(hash: string): void {
  if (!scrollForHash(hash)) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
}

function scrollForHash(hash: string): boolean {
  if (!hash) return false;
  const el = document.getElementById(decodeURIComponent(hash.slice(1)));
  if (!el) return false;
  el.scrollIntoView();
  return true;
}

export function App({ initial }: { initial: PageData }) {
  const page = usePage(initial);
  const location = useLocation();
  return (
    <Navigation>
      <ToastProvider>
        <a className="skip-link" href="#main">Skip to content</a>
        <Header site={page.site} path={page.path} />
        <main id="main" className="main" tabIndex={-1}>
          <Screen page={page} pathname={location.pathname} />
        </main>
        <Footer site={page.site} />
        <AnalyticsTag id={page.site.analyticsID} />
      </ToastProvider>
    </Navigation>
  );
}
