import { pageURL } from './navigation';
import type { Block, Card, Head, HeadElement, PageData, RouteData } from './types';
import { srcsetWithoutBase, withBase, withoutBase } from './sitepath';

// A page carries its own data (script#page-data), without what its markup
// holds already: its blocks' html (components/Body.tsx, restoreHTML) and
// its cards, a listing's and a story's related stories (readCards; Go's
// pipeline.cardLists). This reads them all from a prerendered page, the one
// loaded or the next one fetched.
export function readPage(doc: Document): PageData {
  const page = JSON.parse(doc.getElementById('page-data')!.textContent!) as PageData;
  if (page.kind === 'story') {
    restoreHTML(page.story.blocks, doc.querySelector('.article-body'));
    if (!page.story.related.length) page.story.related = readCards(doc.querySelector('.related .card-grid'));
  }
  if (page.kind === 'listing' && !page.list.cards.length) page.list.cards = readCards(doc.querySelector('.listing > .card-grid'));
  return page;
}

// readCards is the cards of a grid components/StoryCard.tsx rendered, each
// read back from its markup: rendered again, a card is the same markup
// (readpage.test.ts renders, reads and renders each kind of card). A card's
// picture is decorative (alt=""), so that is its alt.
export function readCards(grid: Element | null): Card[] {
  return [...(grid?.children ?? [])].map(readCard);
}

function readCard(el: Element): Card {
  const img = el.querySelector(':scope > img');
  const badge = el.querySelector('.card__badge');
  const title = el.querySelector('.card__link');
  const time = el.querySelector('.card__meta time');
  const status = el.querySelector('.card__status')?.textContent;
  const size = (name: string) => (img?.hasAttribute(name) ? Number(img.getAttribute(name)) : undefined);
  const srcset = img?.getAttribute('srcset');
  // The meta line's parts: <span>byline</span> <time>date</time> <span>read
  // time</span>, then a status.
  const byline = el.querySelector('.card__parts > span.card__part:first-child')?.textContent ?? '';
  const readTime = el.querySelector('.card__read-time')?.textContent;
  const card: Card = {
    title: title?.textContent ?? '',
    introduction: el.querySelector('.card__intro')?.textContent ?? '',
    byline,
    category: badge?.textContent ?? '',
    publishedAt: time?.getAttribute('datetime') ?? '',
    dateLabel: time?.textContent ?? '',
    image: {
      src: img ? withoutBase(img.getAttribute('src') ?? '') : undefined,
      srcset: srcset ? srcsetWithoutBase(srcset) : undefined,
      width: size('width'),
      height: size('height'),
      alt: '',
    },
    href: withoutBase(title?.getAttribute('href') ?? ''),
    categoryHref: withoutBase(badge?.getAttribute('href') ?? ''),
  };
  if (readTime) card.readTime = readTime;
  if (status === 'Draft') card.draft = true;
  if (status === 'Scheduled') card.scheduled = true;
  return card;
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
