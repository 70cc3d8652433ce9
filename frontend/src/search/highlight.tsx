import type { ReactNode } from 'react';
import { highlight } from './segments';
import type { Term } from './tokens';

export { highlight, type Segment } from './segments';

/** Text with its matches in <mark>. */
export function Highlight({ text, terms }: { text: string; terms: readonly (Term | string)[] }): ReactNode {
  return highlight(text, terms).map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : s.text));
}
