import { describe, expect, it, vi } from 'vitest';
import { search } from './rank';
import { createIndex, loadIndex, WEIGHTS } from './searchIndex';
import { fakeFetch, fixture, generatedIndex } from './testdata';

describe('search over the index the generator built', () => {
  it.each(fixture.cases)('$q: $why', async ({ q, want }) => {
    const index = await loadIndex('/search/', fakeFetch(generatedIndex()));
    expect(search(index, q).map((r) => r.doc.id)).toEqual(want);
  });

  it('sums the best field of each word', async () => {
    const index = await loadIndex('/search/', fakeFetch(generatedIndex()));
    const scores = Object.fromEntries(search(index, 'gst refunds').map((r) => [r.doc.id, r.score]));
    expect(scores).toEqual({ 1: WEIGHTS.title + WEIGHTS.introduction, 3: 2 * WEIGHTS.introduction });
  });
});

describe('loadIndex', () => {
  it('fetches the manifest, then its shards, from the base', async () => {
    const fetch = fakeFetch(generatedIndex());
    const index = await loadIndex('/search', fetch);
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/search/manifest.json', '/search/index-0.json']);
    expect(index.docs).toHaveLength(fixture.stories.length);
    const gst = index.docs.find((d) => d.id === 1)!;
    expect(gst).toEqual({
      id: 1,
      title: 'Making GST Work for the Indian Economy',
      introduction: 'Simpler slabs and faster refunds.',
      category: 'Policy & Reform',
      author: 'Nivaran Economy Desk',
      tags: ['Tax'],
      date: '2025-08-20',
      path: '/india-making-gst-work-for-indian-economy',
    });
    // Without a fixed path a story lives at /story/<id>.
    expect(index.docs.find((d) => d.id === 3)!.path).toBe('/story/3');
  });

  it('fails when a shard is missing', async () => {
    const files = generatedIndex();
    delete files['/search/index-0.json'];
    await expect(loadIndex('/search/', fakeFetch(files))).rejects.toThrow('404: /search/index-0.json');
  });

  it('keeps manifest order when shards arrive out of order', async () => {
    const manifest = { version: 1, count: 3, categories: ['Tech'], authors: ['Desk'], shards: ['a.json', 'b.json'] };
    const doc = (i: number) => ({ i, t: 'Chips', n: '', c: 0, a: 0, d: '2025-01-01' });
    const bodies: Record<string, unknown> = { '/s/manifest.json': manifest, '/s/a.json': [doc(3), doc(1)], '/s/b.json': [doc(2)] };
    let releaseA!: () => void;
    const aHeld = new Promise<void>((r) => (releaseA = r));
    const fetch = vi.fn(async (url: RequestInfo | URL) => {
      if (String(url) === '/s/a.json') await aHeld; // b.json arrives first
      if (String(url) === '/s/b.json') setTimeout(releaseA, 0);
      return { ok: true, status: 200, json: async () => bodies[String(url)] } as Response;
    });
    const index = await loadIndex('/s/', fetch);
    expect(index.docs.map((d) => d.id)).toEqual([3, 1, 2]);
  });

  it('fails when a later shard fails', async () => {
    const manifest = { version: 1, count: 1, categories: ['Tech'], authors: ['Desk'], shards: ['a.json', 'b.json'] };
    const files = {
      '/s/manifest.json': JSON.stringify(manifest),
      '/s/a.json': JSON.stringify([{ i: 1, t: 'Chips', n: '', c: 0, a: 0, d: '2025-01-01' }]),
    };
    await expect(loadIndex('/s/', fakeFetch(files))).rejects.toThrow('404: /s/b.json');
  });

  it('refuses an index format it does not know', async () => {
    const files = { '/search/manifest.json': JSON.stringify({ version: 2, count: 0, categories: [], authors: [], shards: [] }) };
    await expect(loadIndex('/search/', fakeFetch(files))).rejects.toThrow('version 2');
  });
});

describe('createIndex', () => {
  it('keeps the order of shards and documents, which breaks ties', () => {
    const manifest = { version: 1, count: 3, categories: ['Tech'], authors: ['Desk'], shards: ['a', 'b'] };
    const doc = (i: number) => ({ i, t: 'Chips', n: '', c: 0, a: 0, d: '2025-01-01' });
    const index = createIndex(manifest, [[doc(3), doc(1)], [doc(2)]]);
    expect(search(index, 'chips').map((r) => r.doc.id)).toEqual([3, 1, 2]);
  });
});
