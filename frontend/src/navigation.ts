import type { Head, RouteData } from './types';

// Clean URLs: hosts may add a trailing slash (/about/ for /about/index.html).
export function normalisePath(path: string): string {
  if (path.length > 1 && path.endsWith('/')) return path.slice(0, -1);
  return path || '/';
}

// Where the generator writes a route's data (generator/route.DataFile).
export function dataURL(path: string): string {
  const p = normalisePath(path);
  return p === '/' ? '/_data/index.json' : `/_data${p}.json`;
}

export async function fetchRoute(path: string): Promise<RouteData> {
  const res = await fetch(dataURL(path), { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return (await res.json()) as RouteData;
}

// Replaces the route-specific head (every element marked data-h) with the
// next route's, computed by Go like the prerendered one.
export function applyHead(head: Head, doc: Document = document): void {
  doc.title = head.title;
  doc.head.querySelectorAll('[data-h]').forEach((el) => el.remove());
  const frag = doc.createDocumentFragment();
  for (const t of head.tags) {
    const el = doc.createElement(t.tag);
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
