import type { ComponentType } from 'react';
import type { CustomVisual } from '../types';

// Custom featured visuals (featuredImage: custom:<name>), drawn in SVG by a
// component only the stories that use one need; so is "embed", the frame of
// an ```embed block. routes/lazy.ts loads them with the page that shows one.
export type Visual = ComponentType<{ title: string }>;
// One loader for each of the Go list's visuals (story.Visuals), and no other.
const loaders: Record<CustomVisual | 'embed', () => Promise<{ default: ComponentType<any> }>> = {
  'trade-partnership': () => import('./TradePartnership').then((m) => ({ default: m.TradePartnership })),
  embed: () => import('./Embed'),
};

const visuals = new Map<string, ComponentType<any>>();

// visual is a loaded custom visual, or undefined (the picture then stands in).
export function visual(name: string): Visual | undefined {
  return visuals.get(name);
}

export async function preloadVisual(name: string | undefined): Promise<void> {
  if (name && name in loaders && !visuals.has(name)) visuals.set(name, (await loaders[name as keyof typeof loaders]()).default);
}

export async function preloadVisuals(): Promise<void> {
  await Promise.all(Object.keys(loaders).map(preloadVisual));
}
