import type { ComponentType } from 'react';
import { preloadVisual, preloadVisuals } from '../components/visuals';
import type { PageData } from '../types';

export type PageComponent = ComponentType<{ page: PageData }>;

// Screens most readers never open are split out of the main bundle. Each is
// loaded before the page that needs it renders: before hydration on a first
// visit, before the swap on client-side navigation, and up front in the
// render worker, so server and browser always render the same markup.
// Keys are page kinds, or "story:<layout>" for the dedicated article layouts.
const loaders: Record<string, () => Promise<{ default: PageComponent }>> = {
  home: () => import('./home'),
  about: () => import('./about'),
  privacy: () => import('./privacy'),
  search: () => import('./search'),
  listing: () => import('./listing'),
  portal: () => import('./portal'),
  thanks: () => import('./thanks'),
  'story:article': () => import('./articles').then((m) => ({ default: m.Article })),
  'story:energy': () => import('./articles').then((m) => ({ default: m.Energy })),
  'story:storm': () => import('./articles').then((m) => ({ default: m.Storm })),
  'story:playbook': () => import('./articles').then((m) => ({ default: m.Playbook })),
};

const ready = new Map<string, PageComponent>();

export function routeKey(page: PageData): string {
  return page.kind === 'story' && page.story.layout !== 'story' ? `story:${page.story.layout}` : page.kind;
}

export function loaded(page: PageData): PageComponent | undefined {
  return ready.get(routeKey(page));
}

export async function preload(page: PageData): Promise<void> {
  const key = routeKey(page);
  await Promise.all([
    key in loaders && !ready.has(key) ? loaders[key]().then((m) => void ready.set(key, m.default)) : undefined,
    preloadVisual(page.kind === 'story' ? page.story.image.custom : undefined),
    preloadVisual(page.kind === 'story' && page.story.embeds ? 'embed' : undefined),
  ]);
}

export async function preloadAll(): Promise<void> {
  await Promise.all([
    ...Object.entries(loaders).map(async ([key, load]) => {
      ready.set(key, (await load()).default);
    }),
    preloadVisuals(),
  ]);
}
