// Test helpers: the shared ranking fixture and the index the Go generator
// built from it (generator/plan/search/testdata), served by a fake fetch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { Manifest, RawDoc } from './searchIndex';

// A path, not a URL: under jsdom, URL is the DOM's, which node:fs refuses.
const root = join(import.meta.dirname, '../../../generator/plan/search/testdata');
const read = (...parts: string[]) => readFileSync(join(root, ...parts), 'utf8');

export interface RankingFixture {
  stopWords: string[];
  stories: { id: number; title: string; introduction: string; category: string; path?: string; publishedAt: string }[];
  cases: { why: string; q: string; want: number[] }[];
}

export const fixture: RankingFixture = JSON.parse(read('ranking.json'));

/** The generated files under testdata/index, keyed by URL path (/search/...). */
export function generatedIndex(): Record<string, string> {
  const manifest = read('index', 'search', 'manifest.json');
  const files: Record<string, string> = { '/search/manifest.json': manifest };
  for (const name of (JSON.parse(manifest) as Manifest).shards) {
    files['/search/' + name] = read('index', 'search', name);
  }
  return files;
}

/** An index of n made-up stories, one shard; story k is newest for k = 0. */
export function madeUpIndex(n: number, base = '/search/'): Record<string, string> {
  const docs: RawDoc[] = Array.from({ length: n }, (_, k) => ({
    i: 1000 + k,
    t: `Rupee story ${k}`,
    n: `Intro ${k} about the rupee.`,
    c: k % 2,
    a: 0,
    d: `2025-0${1 + (k % 9)}-1${k % 10}`,
    w: 'liquidity markets',
  }));
  const manifest: Manifest = { version: 1, count: n, categories: ['Economic Policy', 'Energy & Environment'], authors: ['Desk'], shards: ['index-0.json'] };
  return { [base + 'manifest.json']: JSON.stringify(manifest), [base + 'index-0.json']: JSON.stringify(docs) };
}

/** A fetch that answers from files (404 otherwise) and records what was asked. */
export function fakeFetch(files: Record<string, string>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = files[url];
    return {
      ok: body !== undefined,
      status: body !== undefined ? 200 : 404,
      json: async () => JSON.parse(body!),
    } as Response;
  });
}
