import { BASE } from '../playwright.config';
import { test, expect, hydrated } from './fixtures';

// What `magazine serve` answers is what the build's _headers and _redirects
// ask of any host: the site's Content-Security-Policy must let every page
// work, pages live at their folder's address, and old addresses redirect.

async function sitemapPaths(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

test.describe('served with the site policy', () => {
  test.use({ launchSeen: false }); // the launch modal and its chunk load too

  test('no page of the site trips the Content-Security-Policy', async ({ page, request }) => {
    test.setTimeout(420_000); // every page of the site in turn: ~2.5 min on a quiet machine
    await page.addInitScript(() => {
      (window as any).__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const paths = await sitemapPaths(request);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of [...paths, '/search/?q=rbi', '/thank-you/?form=newsletter', '/no/such/page', '/story/99999']) {
      const res = (await page.goto(path))!;
      expect(res.headers()['content-security-policy'], path).toContain("script-src 'self'");
      expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers()['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      // An unknown story renders afresh rather than hydrating (entry-client.tsx).
      if (path === '/story/99999') await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
      else await hydrated(page);
      // Lazy chunks (the launch modal, search) load after hydration.
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as any).__csp), path).toEqual([]);
    }
  });
});

test('every sitemap address is served as it is, and names itself canonical', async ({ request }) => {
  for (const path of await sitemapPaths(request)) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    const canonical = (await res.text()).match(/<link data-h rel="canonical" href="([^"]+)">/)?.[1];
    expect(canonical, path).toBe(BASE + path);
  }
});

test('other forms of an address redirect permanently to the one served', async ({ request }) => {
  for (const [from, to] of [
    ['/rbi-policy', '/rbi-policy/'],
    ['/about?x=1', '/about/?x=1'],
    ['/rbi-policy/index.html', '/rbi-policy/'],
    ['/story/5', '/story/5/'], // the generic story page of a story with a fixed path is a page of its own
  ]) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers()['location'], from).toBe(to);
  }
});

