// What a search page's first script (first.ts, a bundle of its own that
// runs before the entry) hands over to the search screen: the index it is
// loading, and the results it has already shown.
import type { Index } from './searchIndex';

export interface Shown {
  query: string;
  index: Index;
}

interface Handoff {
  index?: Promise<Index>; // the default index, /search/, loading
  shown?: Shown; // results first.ts drew into the prerendered page
  hydrating?: boolean; // the entry has begun hydrating: first.ts must not touch the page
}

declare global {
  interface Window {
    __nivaranSearch?: Handoff;
  }
}

export function handoff(): Handoff {
  return (window.__nivaranSearch ??= {});
}

/**
 * The results first.ts drew, which the screen's first render must match.
 * Read during render (which React may repeat), so the screen forgets them
 * once mounted (forgetShown).
 */
export function shownResults(): Shown | undefined {
  return typeof window === 'undefined' ? undefined : handoff().shown;
}

export function forgetShown(): void {
  handoff().shown = undefined;
}

/** The index first.ts started loading, once. */
export function takeIndex(): Promise<Index> | undefined {
  if (typeof window === 'undefined') return undefined;
  const h = handoff();
  const index = h.index;
  h.index = undefined;
  return index;
}
