// Speed at 10,000 stories: building the in-memory index once the shards have
// arrived, and answering a query (which runs on every keystroke).
// Run with: npx vitest bench --run frontend/src/search
import { bench, describe } from 'vitest';
import { search } from './rank';
import { createIndex, type Manifest, type RawDoc } from './searchIndex';

// A deterministic stand-in for real stories: words drawn from a vocabulary of
// vocab made-up words (real stories have tens of thousands; generator/testkit/synth
// uses 60), bodyWords distinct body words per story.
function madeUp(n: number, vocab: number, bodyWords: number): { manifest: Manifest; shards: RawDoc[][] } {
  let seed = 42;
  const rand = (k: number) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % k;
  };
  const syllables = ['ra', 'pi', 'ex', 'port', 'gst', 'in', 'fla', 'tion', 'so', 'lar', 'chip', 'trade', 'bank', 'mon', 'soon', 'grid'];
  const words = Array.from({ length: vocab }, (_, k) => {
    let w = '';
    for (let x = k; w.length < 4 || x > 0; x = Math.floor(x / syllables.length)) w += syllables[x % syllables.length];
    return w;
  });
  const sentence = (len: number) => Array.from({ length: len }, () => words[rand(vocab)]).join(' ');
  const docs: RawDoc[] = Array.from({ length: n }, (_, i) => ({
    i: 1000 + i,
    t: `Synthetic story ${i} on ${sentence(4)}`,
    n: sentence(30),
    c: i % 3,
    a: 0,
    g: [words[rand(vocab)], words[rand(vocab)]],
    d: '2025-08-12',
    w: [...new Set(Array.from({ length: bodyWords }, () => words[rand(vocab)]))].sort().join(' '),
  }));
  const shards: RawDoc[][] = [];
  for (let i = 0; i < n; i += 400) shards.push(docs.slice(i, i + 400));
  const manifest: Manifest = {
    version: 1,
    count: n,
    categories: ['Economic Policy', 'International Trade', 'Technology'],
    authors: ['Nivaran Economy Desk'],
    shards: shards.map((_, k) => `index-${k}.json`),
  };
  return { manifest, shards };
}

for (const [label, vocab, bodyWords] of [
  ['like generator/testkit/synth (60 words)', 60, 60],
  ['real-sized vocabulary (20,000 words, 350 per story)', 20000, 350],
] as const) {
  const { manifest, shards } = madeUp(10000, vocab, bodyWords);
  const index = createIndex(manifest, shards);
  describe(`10,000 stories, ${label}`, () => {
    bench('createIndex', () => {
      createIndex(manifest, shards);
    }, { iterations: 3, time: 0 });
    for (const q of ['rapi', 'synthetic story 42', 'gst', 'ra', 'exportsolar pi'] as const) {
      bench(`search ${JSON.stringify(q)}`, () => {
        search(index, q);
      });
    }
  });
}
