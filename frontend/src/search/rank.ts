// Ranking, checked against the cases in generator/plan/search/testdata/ranking.json
// over the index generator/plan/search builds from them (testdata/index).
import type { Doc, Index } from './searchIndex';
import { parseQuery } from './tokens';

export interface Result {
  doc: Doc;
  score: number;
}

/**
 * Every story matching all words of query, best first. A word scores the
 * best field it matches (title > tags > introduction > category > author >
 * body); a story's score is the sum; equal scores keep index order, which is
 * newest first.
 */
export function search(index: Index, query: string): Result[] {
  const terms = parseQuery(query);
  if (terms.length === 0) return [];
  const n = index.docs.length;
  const total = new Int32Array(n);
  const matched = new Uint16Array(n); // how many terms each story has matched so far
  const best = new Uint8Array(n); // this term's best weight per story
  let candidates: number[] = [];
  terms.forEach((term, k) => {
    const touched: number[] = [];
    const visit = (wordAt: number, exact: boolean) => {
      const { docs, weights } = index.postings[wordAt];
      for (let j = 0; j < docs.length; j++) {
        const d = docs[j];
        if (matched[d] !== k) continue; // missed an earlier term
        const w = exact ? weights[j] : weights[j] - 1;
        if (best[d] === 0) touched.push(d);
        if (w > best[d]) best[d] = w;
      }
    };
    if (term.prefix) {
      const words = index.words;
      for (let at = lowerBound(words, term.word); at < words.length && words[at].startsWith(term.word); at++) {
        visit(at, words[at] === term.word);
      }
    } else {
      const at = index.lookup.get(term.word);
      if (at !== undefined) visit(at, true);
    }
    for (const d of touched) {
      matched[d] = k + 1;
      total[d] += best[d];
      best[d] = 0;
    }
    candidates = touched;
  });
  // After the last term, the stories it touched are exactly those that matched every term.
  candidates.sort((a, b) => total[b] - total[a] || a - b);
  return candidates.map((d) => ({ doc: index.docs[d], score: total[d] }));
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
