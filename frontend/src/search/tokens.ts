// Words, stop words and slugs, exactly as generator/plan/search (Go) has them:
// the index is built there and queried here, so both must split text the
// same way. generator/plan/search/testdata/ranking.json holds the shared cases.

// Common English function words, dropped from the index and from queries.
// "it" (information technology) and "us" (the United States) are kept on purpose.
export const STOP_WORDS: readonly string[] = [
  'a', 'about', 'after', 'all', 'also', 'an', 'and', 'are', 'as', 'at',
  'be', 'been', 'but', 'by', 'can', 'for', 'from', 'has', 'have', 'he',
  'her', 'his', 'how', 'if', 'in', 'into', 'is', 'its', 'more', 'not',
  'of', 'on', 'or', 'our', 'she', 'so', 'than', 'that', 'the', 'their',
  'them', 'there', 'these', 'they', 'this', 'to', 'was', 'we', 'were',
  'what', 'when', 'which', 'while', 'who', 'will', 'with', 'would', 'you', 'your',
];

const stop = new Set(STOP_WORDS);

// Letters, combining marks (Devanagari vowel signs) and numbers; an & between
// two of them joins them into one word (S&P, M&A), as in Go's terms.Each.
export const WORD = /[\p{L}\p{M}\p{N}]+(?:&[\p{L}\p{M}\p{N}]+)*/gu;
const ENDS_IN_WORD = /[\p{L}\p{M}\p{N}]$/u;

/** Runs of word characters in lower-cased text. */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Whether a word earns a place in the index: two or more characters, not a stop word. */
export function indexable(word: string): boolean {
  return word.length >= 2 && [...word].length >= 2 && !stop.has(word);
}

/** The indexable words of text, in order, duplicates kept. */
export function tokens(text: string): string[] {
  return words(text).filter(indexable);
}

/** A query word. A prefix term matches every word it begins. */
export interface Term {
  word: string;
  prefix: boolean;
}

/**
 * Splits a query into terms, all of which must match. The last word is a
 * prefix while it is still being typed (the query does not end in a space or
 * punctuation). Stop words and single characters are dropped, except when the
 * query is that one word being typed: "in" on its way to "india".
 */
export function parseQuery(query: string): Term[] {
  const ws = words(query);
  const typing = ws.length > 0 && ENDS_IN_WORD.test(query);
  const terms: Term[] = [];
  ws.forEach((word, i) => {
    const prefix = typing && i === ws.length - 1;
    if (!indexable(word) && !(prefix && ws.length === 1)) return;
    if (!terms.some((t) => t.word === word && t.prefix === prefix)) terms.push({ word, prefix });
  });
  return terms;
}

const SLUG_PART = /[\p{L}\p{M}\p{Nd}]+/gu;

/**
 * The URL segment of a category page: "Energy & Environment" →
 * "energy-environment": lower-cased runs of letters and digits joined by '-',
 * an apostrophe joining its word ("India's" → "indias"): the rule of Go's
 * story.Slug (generator/plan/search/testdata/slugs.json holds the shared cases).
 */
export function categorySlug(name: string): string {
  return (name.toLowerCase().replace(/['’]/g, '').match(SLUG_PART) ?? []).join('-');
}
