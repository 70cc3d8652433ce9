import { WORD, type Term } from './tokens';

export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Splits text into plain and marked segments. A word is marked when it is a
 * term; for a prefix term (the word being typed) the part it begins is
 * marked. Plain strings count as whole-word terms.
 */
export function highlight(text: string, terms: readonly (Term | string)[]): Segment[] {
  const ts = terms.map((t) => (typeof t === 'string' ? { word: t.toLowerCase(), prefix: false } : t));
  const out: Segment[] = [];
  const push = (s: string, mark: boolean) => {
    if (!s) return;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += s;
    else out.push({ text: s, mark });
  };
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const lower = word.toLowerCase();
    let len = 0;
    for (const t of ts) {
      if (lower === t.word) len = word.length;
      else if (t.prefix && lower.startsWith(t.word)) len = Math.max(len, t.word.length);
    }
    if (len === 0) continue;
    // Lower-casing can change a word's length (e.g. "İ"); then mark it whole.
    if (lower.length !== word.length) len = word.length;
    push(text.slice(at, m.index), false);
    push(word.slice(0, len), true);
    at = m.index + len;
  }
  push(text.slice(at), false);
  return out;
}
