import type { Head } from './types';

// The address a page is served at: its folder, with a trailing slash, as
// static hosts serve <path>/index.html (generator/plan/route.URL has the same
// rule; generator/plan/route/testdata/urls.json holds the cases both test). A
// query or fragment stays after the slash.
export function pageURL(to: string): string {
  const end = to.search(/[?#]/);
  const path = end < 0 ? to : to.slice(0, end);
  if (path === '' || path.endsWith('/')) return to;
  return path + '/' + (end < 0 ? '' : to.slice(end));
}

// The route a location shows: its path without the trailing slash.
export function normalisePath(path: string): string {
  if (path.length > 1 && path.endsWith('/')) return path.slice(0, -1);
  return path || '/';
}

// Preloads speed up a page's first load only: after it, the app fetches
// what the next page needs itself (and may hold it already, which would
// leave a preload unused).
const firstLoadOnly = new Set(['preload', 'modulepreload']);

// Replaces the route-specific head (every element marked data-h) with the
// next route's, computed by Go like the prerendered one.
export function applyHead(head: Head, doc: Document = document): void {
  doc.title = head.title;
  doc.head.querySelectorAll('[data-h]').forEach((el) => el.remove());
  const frag = doc.createDocumentFragment();
  for (const t of head.elements) {
    if (t.name === 'link' && t.attrs.some(([k, v]) => k === 'rel' && firstLoadOnly.has(v))) continue;
    const el = doc.createElement(t.name);
    el.setAttribute('data-h', '');
    for (const [k, v] of t.attrs) el.setAttribute(k, v);
    frag.appendChild(el);
  }
  for (const ld of head.jsonld ?? []) {
    const el = doc.createElement('script');
    el.setAttribute('data-h', '');
    el.type = 'application/ld+json';
    el.textContent = JSON.stringify(ld);
    frag.appendChild(el);
  }
  doc.head.appendChild(frag);
}
