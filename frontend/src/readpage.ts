import { pageURL } from './navigation';
import type { Block, Head, HeadElement, PageData, RouteData } from './types';
import { withBase } from './sitepath';

// A page carries its own data (script#page-data), without its blocks' html,
// which is in the page (components/Body.tsx, restoreHTML): this reads both
// from a prerendered page, the one loaded or the next one fetched.
export function readPage(doc: Document): PageData {
  const page = JSON.parse(doc.getElementById('page-data')!.textContent!) as PageData;
  if (page.kind === 'story') restoreHTML(page.story.blocks, doc.querySelector('.article-body'));
  return page;
}

// The head a prerendered page carries: its title and every element marked
// data-h, as Go wrote them (generator/page/head).
export function readHead(doc: Document): Head {
  const elements: HeadElement[] = [];
  const jsonld: unknown[] = [];
  doc.head.querySelectorAll('[data-h]').forEach((el) => {
    if (el.localName === 'script') jsonld.push(JSON.parse(el.textContent!));
    else elements.push({ name: el.localName, attrs: [...el.attributes].filter((a) => a.name !== 'data-h').map((a) => [a.name, a.value]) });
  });
  return { title: doc.title, elements, jsonld };
}

// Client-side navigation fetches the next page itself, the file any host
// serves at its address (there is no other copy of its data to fetch), and
// reads its head and data.
export async function fetchRoute(path: string): Promise<RouteData> {
  const res = await fetch(withBase(pageURL(path)), { headers: { Accept: 'text/html' } });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  if (!doc.getElementById('page-data')) throw new Error(`${path}: not a page of the site`);
  return { head: readHead(doc), page: readPage(doc) };
}

// restoreHTML gives each block without html the html of its element under
// container, the prerendered page's .article-body, which holds the elements
// components/Body.tsx rendered, one a block, in order (an embed's too: every screen it
// shows is loaded before a page renders). A block with its html keeps it.
export function restoreHTML(blocks: Block[], container: Element | null): void {
  restoreFrom(blocks, container?.firstElementChild ?? null);
}

function restoreFrom(blocks: Block[], el: Element | null): void {
  for (const b of blocks) {
    if (!el) return;
    if (b.type === 'spotlight') restoreFrom(b.children ?? [], el.firstElementChild?.nextElementSibling ?? null); // after its heading
    else if (b.type !== 'hr' && b.type !== 'embed' && b.html === undefined) b.html = el.innerHTML;
    el = el.nextElementSibling;
  }
}
