import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { fetchRoute, readCards, readHead, readPage } from './readpage';
import { site, story } from './testing';
import { CardGrid } from './components/StoryCard';
import { setBasePath } from './sitepath';
import type { Card } from './types';

// A prerendered story page as the generator writes it: the head's own
// elements marked data-h, and the page's data without its blocks' html.
const data = {
  kind: 'story',
  path: '/rbi-policy',
  site,
  story: story({ blocks: [{ type: 'p' }, { type: 'hr' }, { type: 'spotlight', title: 'Solution Spotlight:', children: [{ type: 'ul' }] }] }),
};
const html = `<!doctype html><html><head><meta charset="utf-8"><title>RBI &amp; rates | Nivaran Magazine</title>
<meta data-h name="description" content="Rates &quot;held&quot;."><link data-h rel="canonical" href="https://x.example/rbi-policy/">
<script data-h type="application/ld+json">{"@type":"NewsArticle","headline":"RBI"}</script><link rel="icon" href="/favicon.svg"></head>
<body><div id="root"><main><div class="article-body"><p>Held at <b>5.5%</b>.</p><hr><section class="spotlight"><h2>Solution Spotlight</h2><ul><li>Refinance.</li></ul></section></div></main></div>
<script type="application/json" id="page-data">${JSON.stringify(data)}</script></body></html>`;

const parse = (s: string) => new DOMParser().parseFromString(s, 'text/html');

afterEach(() => {
  vi.unstubAllGlobals();
  setBasePath(undefined);
});

describe('reading a prerendered page', () => {
  it('reads the head Go wrote: title, elements with their attributes in order, structured data', () => {
    expect(readHead(parse(html))).toEqual({
      title: 'RBI & rates | Nivaran Magazine',
      elements: [
        { name: 'meta', attrs: [['name', 'description'], ['content', 'Rates "held".']] },
        { name: 'link', attrs: [['rel', 'canonical'], ['href', 'https://x.example/rbi-policy/']] },
      ],
      jsonld: [{ '@type': 'NewsArticle', headline: 'RBI' }],
    });
  });

  it("puts each block's html back from the page", () => {
    const page = readPage(parse(html));
    expect(page.kind === 'story' && page.story.blocks).toEqual([
      { type: 'p', html: 'Held at <b>5.5%</b>.' },
      { type: 'hr' },
      { type: 'spotlight', title: 'Solution Spotlight:', children: [{ type: 'ul', html: '<li>Refinance.</li>' }] },
    ]);
  });

  it('fetches the next page itself for client-side navigation, and refuses what is no page', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/rbi-policy/' ? new Response(html) : url === '/old/' ? new Response('<meta http-equiv="refresh" content="0; url=/x/">') : new Response('gone', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    const next = await fetchRoute('/rbi-policy');
    expect(fetch).toHaveBeenCalledWith('/rbi-policy/', expect.anything());
    expect(next.head.title).toBe('RBI & rates | Nivaran Magazine');
    expect(next.page.kind === 'story' && next.page.story.blocks[0].html).toBe('Held at <b>5.5%</b>.');
    await expect(fetchRoute('/nope')).rejects.toThrow('404');
    await expect(fetchRoute('/old')).rejects.toThrow('not a page');
  });
});

// Every shape a card takes: with a picture (sized, with candidates) or
// none, a read time or none, a draft, a scheduled story, text that is
// markup-like, a byline with the separator in it.
const cards: Card[] = [
  {
    title: 'RBI <holds> & "waits"',
    introduction: 'The MPC paused · again.',
    byline: 'Asha Rao and Vikram Sethi',
    category: 'Economic Policy',
    publishedAt: '2025-08-12',
    dateLabel: 'August 12, 2025',
    readTime: '5 min read',
    image: { src: '/images/rbi-800.webp', srcset: '/images/rbi-480.webp 480w, /images/rbi-800.webp 800w', width: 1200, height: 630, alt: '' },
    href: '/rbi-policy/',
    categoryHref: '/category/economic-policy/',
  },
  {
    title: 'No picture',
    introduction: '',
    byline: 'Desk · Delhi',
    category: 'Markets',
    publishedAt: '2025-09-01',
    dateLabel: 'September 1, 2025',
    image: { alt: '' },
    href: '/story/7/',
    categoryHref: '/category/markets/',
    draft: true,
  },
  {
    title: 'Elsewhere',
    introduction: 'Out soon.',
    byline: 'Desk',
    category: 'Energy',
    publishedAt: '2025-09-30',
    dateLabel: 'September 30, 2025',
    readTime: '2 min read',
    image: { src: 'https://images.example/x.jpg', width: 1200, height: 630, alt: '' },
    href: '/story/8/',
    categoryHref: '/category/energy/',
    scheduled: true,
  },
];

const grid = (cs: Card[], lead = false) => renderToString(createElement(CardGrid, { cards: cs, level: 2, lead }));

describe('reading cards back from their markup', () => {
  for (const base of ['', '/magazine']) {
    it(`renders the same cards from what it reads${base ? ' below a base path' : ''}`, () => {
      setBasePath(base || undefined);
      for (const lead of [false, true]) {
        const html = grid(cards, lead);
        const read = readCards(parse(`<body>${html}</body>`).querySelector('.card-grid'));
        expect(read).toEqual(cards);
        expect(grid(read, lead)).toBe(html);
      }
    });
  }

  it("fills a listing's and a story's empty card lists from the page, and keeps lists the data holds", () => {
    const html = grid(cards);
    const listing = { kind: 'listing', path: '/stories', site, list: { kind: 'archive', title: 'All', base: '/stories', page: 1, pages: 1, cards: [] } };
    const page = readPage(parse(`<div class="listing">${html}</div><script type="application/json" id="page-data">${JSON.stringify(listing)}</script>`));
    expect(page.kind === 'listing' && page.list.cards).toEqual(cards);
    const withRelated = { ...data, story: { ...data.story, related: [] } };
    const storyPage = readPage(
      parse(`<div class="article-body"></div><section class="related">${html}</section><script type="application/json" id="page-data">${JSON.stringify(withRelated)}</script>`),
    );
    expect(storyPage.kind === 'story' && storyPage.story.related).toEqual(cards);
    const kept = { ...data, story: { ...data.story, related: cards.slice(0, 1) } };
    const keptPage = readPage(parse(`<section class="related">${html}</section><script type="application/json" id="page-data">${JSON.stringify(kept)}</script>`));
    expect(keptPage.kind === 'story' && keptPage.story.related).toEqual(cards.slice(0, 1));
  });
});
