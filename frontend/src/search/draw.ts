// The search screen's results drawn with the DOM, before React has loaded:
// exactly the markup SearchPage renders for the same query once its index is
// ready (SearchPage.draw.test.tsx compares the two), so that hydration then
// adopts it unchanged.
import { formatLocal } from '../components/dates';
import { pageURL } from '../navigation';
import { search } from './rank';
import type { Index } from './searchIndex';
import { highlight } from './segments';
import { parseQuery } from './tokens';
import { withBase } from '../sitepath';

/** Results shown at first and added per "Show more" (SearchPage's too). */
export const PAGE_SIZE = 20;

/** The status line for n results of query (SearchPage's too). */
export function resultsStatus(n: number, query: string): string {
  return `${n} ${n === 1 ? 'result' : 'results'} for “${query}”`;
}

/**
 * Turns the prerendered search screen (no query, index loading) in root into
 * its state with index and query: the query in the box, the status, the
 * first results and "Show more". Only when there are results; reports
 * whether it drew them.
 */
export function drawResults(root: ParentNode, index: Index, text: string): boolean {
  const section = root.querySelector('.search-page');
  const input = section?.querySelector<HTMLInputElement>('input[type="search"]');
  const status = section?.querySelector('[role="status"]');
  const query = text.trim();
  const results = query ? search(index, text) : [];
  if (!section || !input || !status || !status.id.endsWith('-status') || results.length === 0) return false;
  const doc = section.ownerDocument;
  const el = (tag: string, className?: string, ...children: (Node | string)[]) => {
    const e = doc.createElement(tag);
    if (className) e.className = className;
    e.append(...children);
    return e;
  };
  const terms = parseQuery(text);
  const marked = (s: string) => highlight(s, terms).map((g) => (g.mark ? el('mark', undefined, g.text) : doc.createTextNode(g.text)));
  const list = el('ol', 'search-results');
  list.id = status.id.replace(/-status$/, '-results');
  for (const { doc: d } of results.slice(0, PAGE_SIZE)) {
    const link = el('a', undefined, ...marked(d.title));
    link.setAttribute('href', withBase(pageURL(d.path)));
    const time = el('time', undefined, formatLocal(d.date));
    time.setAttribute('datetime', d.date);
    list.append(
      el(
        'li',
        'search-result',
        el('h2', 'search-result__title', link),
        el('p', 'search-result__snippet', ...marked(d.introduction)),
        el('p', 'search-result__meta', el('span', 'badge badge--small', d.category), doc.createTextNode(' '), time),
      ),
    );
  }
  section.setAttribute('aria-busy', 'false');
  input.value = text;
  input.setAttribute('value', text);
  input.setAttribute('aria-controls', list.id);
  status.textContent = resultsStatus(results.length, query);
  const after: Node[] = [list];
  if (results.length > PAGE_SIZE) {
    const more = el('button', 'button button--ghost-dark', 'Show more results');
    more.setAttribute('type', 'button');
    after.push(el('p', 'search-page__more', more));
  }
  status.after(...after);
  section.querySelector('.search-page__suggest')?.remove();
  return true;
}
