import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchIndexEarly, takeEarly } from './early';
import { loadIndex } from './searchIndex';
import { fakeFetch, fixture, generatedIndex } from './testdata';

afterEach(() => vi.unstubAllGlobals());

describe('fetchIndexEarly', () => {
  it('starts the manifest and its shards before the search screen asks, and loadIndex takes them once', async () => {
    const net = fakeFetch(generatedIndex());
    vi.stubGlobal('fetch', net);
    fetchIndexEarly('/search/');
    expect(net.mock.calls.map((c) => String(c[0]))).toEqual(['/search/manifest.json']);
    // The screen's own fetch is never called: what was started early serves it.
    const screen = vi.fn(() => Promise.reject(new Error('fetched again')));
    const index = await loadIndex('/search/', screen as unknown as typeof fetch);
    expect(net.mock.calls.map((c) => String(c[0]))).toEqual(['/search/manifest.json', '/search/index-0.json']);
    expect(screen).not.toHaveBeenCalled();
    expect(index.docs).toHaveLength(fixture.stories.length);
    // Taken once: a later load (another visit to the page) fetches afresh.
    expect(takeEarly('/search/manifest.json')).toBeUndefined();
    const again = fakeFetch(generatedIndex());
    await loadIndex('/search/', again);
    expect(again).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to whoever takes it', async () => {
    vi.stubGlobal('fetch', fakeFetch({}));
    fetchIndexEarly('/search/');
    await expect(loadIndex('/search/', vi.fn() as unknown as typeof fetch)).rejects.toThrow('404: /search/manifest.json');
  });
});
