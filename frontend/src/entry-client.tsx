import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { isStoryPath, wholeNumberStoryPath } from './pages/Screen';
import { readPage } from './readpage';
import { preload } from './routes/lazy';
import { fetchIndexEarly } from './search/early';
import { handoff } from './search/handoff';
import { setBasePath, withBase, withoutBase } from './sitepath';

declare global {
  interface Window {
    __recoverableErrors?: string[];
    // Set by the page's first script (templates/page.html): the last
    // button tapped before hydration, acted on once React owns the page.
    earlyTap?: HTMLElement;
    hydrating?: boolean;
  }
}

const page = readPage(document);
setBasePath(page.site.basePath);
const container = document.getElementById('root')!;
// Routes are site paths: below a base path (a GitHub Pages project site,
// /repo/), the router reads and writes locations below it. Its basename
// ends in a slash, so the home page is /repo/ (with "/repo", the router
// would send the reader to /repo, which hosts redirect).
const app = (
  <BrowserRouter basename={page.site.basePath && page.site.basePath + '/'}>
    <App initial={page} />
  </BrowserRouter>
);

// 404.html is prerendered once but served for every unknown path; for an
// unknown /story/<id> it must show 'Story Not Found' instead. Hosts that
// serve story/404.html there (route.StoryNotFound) send that page itself;
// on the others the prerendered markup would not match, so that case
// renders afresh rather than hydrating.
// A split-out screen must be loaded before hydrating, or the first render
// would not match the prerendered markup. This module itself runs only after
// the page is painted (the boot script, bundle.bootScript, loads it): the page
// is complete without it, and nothing should hold back the reader's first
// sight of it (nor move it: see the launch notice).
// Search results need the index as much as the search screen's code: both
// are fetched at once, unless the page's first script (search/first.ts) is
// loading the index already.
if (page.kind === 'search' && !handoff().index) fetchIndexEarly();
void preload(page).then(async () => {
  const path = withoutBase(window.location.pathname);
  const story = page.kind === 'notfound' ? wholeNumberStoryPath(path) : undefined;
  if (story && (await fetch(withBase(story), { method: 'HEAD' }).catch(() => undefined))?.ok) {
    window.location.replace(withBase(story) + window.location.search + window.location.hash);
    return;
  }
  // A host that served /404.html for a story's address (not story/404.html).
  if (page.kind === 'notfound' && isStoryPath(path) && !isStoryPath(page.path)) {
    container.textContent = '';
    createRoot(container).render(app);
    document.title = document.title.replace('Page Not Found', 'Story Not Found');
    return;
  }
  window.__recoverableErrors = [];
  // From here React owns the page: the search page's first script must not
  // draw results into it any more.
  if (page.kind === 'search') handoff().hydrating = true;
  // In a transition, hydration yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page: the page is
  // already painted, and a tap meanwhile is handled as soon as its part is
  // hydrated.
  window.hydrating = true;
  startTransition(() => {
    hydrateRoot(container, app, {
      // Production React reports hydration mismatches only here; keep them visible.
      onRecoverableError(error) {
        window.__recoverableErrors!.push(String(error));
        console.error('Hydration error:', error);
      },
    });
  });
  // A tap the page had no handler for yet (the menu, on a slow phone): a
  // click on the root while it hydrates makes React finish hydrating it
  // at once and then handle the click.
  const tap = window.earlyTap;
  window.earlyTap = undefined;
  if (tap?.isConnected) tap.click();
});
