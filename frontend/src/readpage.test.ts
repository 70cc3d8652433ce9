import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRoute, readHead, readPage } from './readpage';
import { site, story } from './testing';

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

afterEach(() => vi.unstubAllGlobals());

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
