// The search index, requested by the entry as soon as it runs on a search
// page, while the search screen's own code (a lazy chunk) is still on its
// way: the results wait for the later of the two, not for both in turn.
// This module is in the entry; searchIndex.ts takes what it started.
import type { Manifest } from './searchIndex';
import { withBase } from '../sitepath';

const started = new Map<string, Promise<unknown>>();

/** The parsed JSON at url; an HTTP error status rejects. */
export async function fetchJSON<T>(fetchImpl: typeof fetch, url: string): Promise<T> {
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`${res.status}: ${url}`);
  return (await res.json()) as T;
}

function get(url: string): Promise<unknown> {
  const p = fetchJSON(fetch, url);
  p.catch(() => {}); // whoever takes it hears the failure
  started.set(url, p);
  return p;
}

/** Starts fetching the manifest at base, then its shards as soon as it arrives. */
export function fetchIndexEarly(base = withBase('/search/')): void {
  // Registered before anyone can take the manifest, so its shards are
  // started (and takeable) by the time a taker reads it.
  get(base + 'manifest.json').then(
    (m) => (m as Manifest).shards.forEach((name) => get(base + name)),
    () => {},
  );
}

/** The parsed JSON of url if it was started early, once; else undefined. */
export function takeEarly<T>(url: string): Promise<T> | undefined {
  const p = started.get(url);
  started.delete(url);
  return p as Promise<T> | undefined;
}
