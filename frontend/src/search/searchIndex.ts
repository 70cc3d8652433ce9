// The search index as generator/plan/search writes it (search/manifest.json plus
// shards), and its in-memory form: an inverted index from word to stories.
import { tokens } from './tokens';
import { fetchJSON, takeEarly } from './early';

/** search/manifest.json. Shard names are relative to it. */
export interface Manifest {
  version: number;
  count: number;
  categories: string[];
  authors: string[];
  shards: string[];
}

/** One story in a shard, with the generator's short keys (see generator/plan/search.Doc). */
export interface RawDoc {
  i: number; // id
  t: string; // title
  n: string; // introduction
  c: number; // category, index into Manifest.categories
  a: number; // author, index into Manifest.authors
  g?: string[]; // tags
  d: string; // YYYY-MM-DD
  p?: string; // fixed path; absent means /story/<id>
  w?: string; // body words: distinct, sorted, space-separated
}

export interface Doc {
  id: number;
  title: string;
  introduction: string;
  category: string;
  author: string;
  tags: string[];
  date: string;
  path: string;
}

// Field weights, as in generator/plan/search: a title match outranks everything,
// a body match ranks last; a word that only begins with a prefix term scores
// one less than the word itself.
export const WEIGHTS = { title: 10, tags: 6, introduction: 5, category: 4, author: 3, body: 2 } as const;

/** Stories newest first (the generator's order, which breaks ties) and where each word occurs. */
export interface Index {
  docs: Doc[];
  /** Every distinct word, sorted, for prefix ranges. */
  words: string[];
  /** For words[k]: the stories it occurs in, ascending, and its best field weight in each. */
  postings: { docs: Int32Array; weights: Uint8Array }[];
  /** Word → position in words. */
  lookup: Map<string, number>;
}

export const VERSION = 1;

/** Builds the in-memory index from a manifest and its shards, in manifest order. */
export function createIndex(manifest: Manifest, shards: RawDoc[][]): Index {
  const b = new IndexBuilder(manifest);
  for (const shard of shards) b.add(shard);
  return b.finish();
}

/** Builds an index shard by shard, so a caller can yield to the browser in between. */
export class IndexBuilder {
  private docs: Doc[] = [];
  // Word → its postings so far. Bodies hold nearly all the words, so they
  // take the short path in add: one lookup per word and no per-story map.
  private ids = new Map<string, number>();
  private postDocs: number[][] = [];
  private postWeights: number[][] = [];
  private best = new Map<string, number>();
  private categoryWords: string[][];
  private authorWords: string[][];

  constructor(private manifest: Manifest) {
    this.categoryWords = manifest.categories.map(tokens);
    this.authorWords = manifest.authors.map(tokens);
  }

  add(shard: RawDoc[]): void {
    const { manifest, best } = this;
    for (const raw of shard) {
      const n = this.docs.length;
      const doc: Doc = {
        id: raw.i,
        title: raw.t,
        introduction: raw.n,
        category: manifest.categories[raw.c] ?? '',
        author: manifest.authors[raw.a] ?? '',
        tags: raw.g ?? [],
        date: raw.d,
        path: raw.p ?? `/story/${raw.i}`,
      };
      this.docs.push(doc);
      best.clear();
      const add = (list: readonly string[], weight: number) => {
        for (const w of list) if ((best.get(w) ?? 0) < weight) best.set(w, weight);
      };
      add(tokens(doc.title), WEIGHTS.title);
      add(tokens(doc.tags.join(' ')), WEIGHTS.tags);
      add(tokens(doc.introduction), WEIGHTS.introduction);
      add(this.categoryWords[raw.c] ?? [], WEIGHTS.category);
      add(this.authorWords[raw.a] ?? [], WEIGHTS.author);
      for (const [w, weight] of best) this.post(w, n, weight);
      // The generator leaves out body words found in other fields (they
      // would never score), so these are new to this story.
      if (raw.w) for (const w of raw.w.split(' ')) if (!best.has(w)) this.post(w, n, WEIGHTS.body);
    }
  }

  private post(word: string, doc: number, weight: number) {
    let k = this.ids.get(word);
    if (k === undefined) {
      k = this.postDocs.length;
      this.ids.set(word, k);
      this.postDocs.push([]);
      this.postWeights.push([]);
    }
    this.postDocs[k].push(doc);
    this.postWeights[k].push(weight);
  }

  finish(): Index {
    const words = [...this.ids.keys()].sort();
    const lookup = new Map<string, number>();
    const postings = words.map((w, k) => {
      lookup.set(w, k);
      const at = this.ids.get(w)!;
      return { docs: Int32Array.from(this.postDocs[at]), weights: Uint8Array.from(this.postWeights[at]) };
    });
    return { docs: this.docs, words, postings, lookup };
  }
}

/**
 * Fetches the manifest and all its shards (in parallel) from base, e.g.
 * '/search/', indexing each shard as it arrives and yielding to the browser
 * in between, so typing stays responsive while a large index loads. Call it
 * when the search page is used, not before: at 10,000 stories the index is
 * over a megabyte.
 */
export async function loadIndex(base = '/search/', fetchImpl: typeof fetch = fetch): Promise<Index> {
  const root = base.endsWith('/') ? base : base + '/';
  const manifest = await getJSON<Manifest>(fetchImpl, root + 'manifest.json');
  if (manifest.version !== VERSION) throw new Error(`search index version ${manifest.version}, want ${VERSION}`);
  const pending = manifest.shards.map((name) => getJSON<RawDoc[]>(fetchImpl, root + name));
  // Shards are awaited in order; this handles a later one failing meanwhile
  // (the loop then throws when it gets there), so no rejection goes unheard.
  void Promise.allSettled(pending);
  const b = new IndexBuilder(manifest);
  for (const shard of pending) {
    b.add(await shard);
    await yieldToBrowser();
  }
  return b.finish();
}

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function getJSON<T>(fetchImpl: typeof fetch, url: string): Promise<T> {
  return takeEarly<T>(url) ?? fetchJSON<T>(fetchImpl, url);
}
