import './styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { isStoryPath } from './pages/Screen';
import { preload } from './routes/lazy';
import type { PageData } from './types';

declare global {
  interface Window {
    __recoverableErrors?: string[];
  }
}

const page = JSON.parse(document.getElementById('page-data')!.textContent!) as PageData;
const container = document.getElementById('root')!;
const app = (
  <BrowserRouter>
    <App initial={page} />
  </BrowserRouter>
);

// 404.html is prerendered once but served for every unknown path; for an
// unknown /story/<id> it must show 'Story Not Found' instead, which would not
// match the prerendered markup, so that case renders afresh rather than hydrating.
// A split-out screen must be loaded before hydrating, or the first render
// would not match the prerendered markup.
void preload(page).then(() => {
  if (page.kind === 'notfound' && isStoryPath(window.location.pathname)) {
    container.textContent = '';
    createRoot(container).render(app);
    return;
  }
  window.__recoverableErrors = [];
  hydrateRoot(container, app, {
    // Production React reports hydration mismatches only here; keep them visible.
    onRecoverableError(error) {
      window.__recoverableErrors!.push(String(error));
      console.error('Hydration error:', error);
    },
  });
});
