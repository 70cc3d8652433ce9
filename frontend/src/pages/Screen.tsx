import type { PageData } from '../types';
import { StoryPage, StoryNotFound } from './StoryPage';
import { NotFound } from './NotFound';
import { loaded } from '../routes/lazy';

// Thin dispatch: the generator decided the kind of page; this only maps it.
// The story page and the not-found views are in the main bundle; the other
// screens are split out (routes/lazy.ts) and loaded before they render.
export function Screen({ page, pathname }: { page: PageData; pathname: string }) {
  const Lazy = loaded(page);
  if (Lazy) return <Lazy page={page} />;
  if (page.kind === 'story') return <StoryPage story={page.story} site={page.site} />;
  // 404.html is served for every unknown path; under /story/ that means an unknown story id.
  const latest = page.kind === 'notfound' ? page.latest : [];
  return isStoryPath(pathname) ? <StoryNotFound latest={latest} /> : <NotFound latest={latest} />;
}

export function isStoryPath(pathname: string): boolean {
  return /^\/story(\/|$)/.test(pathname);
}

/**
 * The generic story page an id written with leading zeros names, read as
 * a whole number as SPEC.md has it (/story/007 → /story/7/); undefined for
 * any other path.
 */
export function wholeNumberStoryPath(pathname: string): string | undefined {
  const id = /^\/story\/(0+\d+)\/?$/.exec(pathname)?.[1];
  return id === undefined ? undefined : `/story/${id.replace(/^0+(?=\d)/, '')}/`; // no Number: digits beyond 2^53 stay
}
