import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { applyHead, normalisePath, pageURL } from './navigation';
import { parseDate } from './components/LocalDate';

describe('navigation', () => {
  it('names a route by its path without the slash', () => {
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/')).toBe('/');
  });

  // The same cases as generator/plan/route's TestURLSharedCases, plus links with a query or fragment.
  it('writes every page link with its trailing slash, as hosts serve it', () => {
    const vectors = JSON.parse(readFileSync('generator/plan/route/testdata/urls.json', 'utf8')) as { cases: [string, string][]; links: [string, string][] };
    for (const [to, want] of [...vectors.cases, ...vectors.links]) expect(pageURL(to), to).toBe(want);
    for (const [, url] of vectors.cases) expect(pageURL(normalisePath(url))).toBe(pageURL(url));
  });

  it('swaps only the route-specific head', () => {
    document.head.innerHTML = '<meta charset="utf-8"><meta data-h name="description" content="old"><link rel="stylesheet" href="/a.css">';
    applyHead({
      title: 'New | Nivaran Magazine',
      elements: [
        { name: 'meta', attrs: [['name', 'description'], ['content', 'new']] },
        { name: 'link', attrs: [['rel', 'modulepreload'], ['href', '/assets/search.js']] },
        { name: 'link', attrs: [['rel', 'preload'], ['href', '/search/manifest.json'], ['as', 'fetch']] },
      ],
      jsonld: [{ '@type': 'Article', headline: '</script>' }],
    });
    expect(document.title).toBe('New | Nivaran Magazine');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('new');
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeTruthy();
    // A search page's preloads serve its first load, not a client-side visit.
    expect(document.head.querySelector('link[rel="modulepreload"], link[rel="preload"]')).toBeNull();
    expect(JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!).headline).toBe('</script>');
  });

  it('reads calendar dates without shifting the day', () => {
    const d = parseDate('2025-08-12');
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([2025, 7, 12]);
  });
});
