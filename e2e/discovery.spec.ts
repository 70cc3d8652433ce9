import { BASE } from '../playwright.config';
import { test, expect, hydrated } from './fixtures';

test('search: ranked, highlighted results; the query survives back', async ({ page }) => {
  await page.goto('/search');
  await hydrated(page);
  const box = page.getByLabel('Search stories');
  await box.fill('semiconductor');
  const results = page.locator('.search-result');
  await expect(results.first()).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/\d+ results? for “semiconductor”/);
  // Title matches rank above body matches: the first result has the word in its title.
  await expect(results.first().locator('.search-result__title')).toContainText(/semiconductor/i);
  await expect(results.first().locator('mark').first()).toHaveText(/semiconductor/i);
  await expect(page).toHaveURL(/\/search\/\?q=semiconductor$/);
  const href = await results.first().locator('a').first().getAttribute('href');
  await results.first().locator('a').first().click();
  await expect(page).toHaveURL(href!);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\/\?q=semiconductor$/);
  await expect(page.getByLabel('Search stories')).toHaveValue('semiconductor');
  await expect(results.first()).toBeVisible();
});

test('search with no results suggests categories', async ({ page }) => {
  await page.goto('/search?q=zzzqqq');
  await hydrated(page);
  await expect(page.getByRole("status")).toContainText("0 results for “zzzqqq”");
  await expect(page.locator('a[href^="/category/"]').first()).toBeVisible();
});

test('feeds are linked from every page and served', async ({ page, request }) => {
  await page.goto('/rbi-policy');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${BASE}/feed.xml`);
  const feed = await request.get('/feed.xml');
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('<rss version="2.0"');
  expect((await request.get('/category/economic-policy/feed.xml')).status()).toBe(200);
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${BASE}/news-sitemap.xml`);
});

test('the main image loads first and has its size; images further down wait', async ({ page }) => {
  await page.goto('/trump-tariffs-india');
  await hydrated(page);
  const main = page.locator('figure.featured-image img');
  await expect(main).toHaveAttribute('width', '1200');
  await expect(main).toHaveAttribute('height', '630');
  await expect(main).toHaveAttribute('loading', 'eager');
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  // Drawn cover art is one SVG: sharp at every width, so no srcset; the
  // browser must still decode it (served as image/svg+xml).
  expect(await main.getAttribute('src')).toMatch(/^\/images\/cover\/\d+-[0-9a-f]{8}\.svg$/);
  expect(await main.getAttribute('srcset')).toBeNull();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  const related = page.locator('.related img');
  await expect(related.first()).toHaveAttribute('loading', 'lazy');
  for (const img of await related.all()) {
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
  }
});

test('no layout shift while a story loads and is read (CLS 0)', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (window as any).__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/morgan-stanley-india-consumer-powerhouse', { waitUntil: 'networkidle' });
  await hydrated(page);
  for (let y = 0; y < 6000; y += 800) await page.evaluate((y) => window.scrollTo(0, y), y);
  await page.waitForTimeout(300);
  const cls = await page.evaluate(() => (window as any).__cls);
  console.log(`CLS on a story page: ${cls}`);
  expect(cls).toBeLessThan(0.01);
});

// Issue 16: a search page's results do not wait for the entry. Its head
// preloads a small script of its own and the index; the
// script draws the results, and hydration adopts them unchanged.
test('a search page shows its results before the entry has loaded', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/entry-client-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/search/?q=rbi');
  await expect(page.getByRole('status')).toHaveText(/^\d+ results? for “rbi”$/);
  await expect(page.locator('.search-result').first()).toBeVisible();
  await expect(page.locator('.search-result mark').first()).toHaveText(/rbi/i);
  expect(await page.evaluate(() => (window as any).__recoverableErrors)).toBeUndefined(); // React has not run
  release();
  await hydrated(page);
});

test('a search page fetches its index once, and hydration adopts the drawn results', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && warnings.push(m.text()));
  // When the results were drawn: the entry is requested only after that.
  await page.addInitScript(() => {
    new MutationObserver((_, o) => {
      if (document.querySelector('.search-results')) {
        (window as any).__drawnAt = performance.now();
        o.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/search/?q=rbi');
  await expect(page.locator('.search-result').first()).toBeVisible();
  const drawn = await page.locator('.search-page').evaluate((e) => e.outerHTML);
  await hydrated(page);
  expect(await page.locator('.search-page').evaluate((e) => e.outerHTML)).toBe(drawn);
  const res = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      path: new URL(r.name).pathname,
      start: r.startTime,
    })),
  );
  const manifest = res.filter((r) => r.path === '/search/manifest.json');
  const shards = res.filter((r) => /^\/search\/index-\d+\.json$/.test(r.path));
  const entry = res.filter((r) => /^\/assets\/entry-client-[A-Z0-9]+\.js$/.test(r.path));
  expect(manifest).toHaveLength(1);
  expect(shards.length).toBeGreaterThan(0);
  expect(new Set(shards.map((s) => s.path)).size).toBe(shards.length);
  expect(entry).toHaveLength(1);
  expect(manifest[0].start).toBeLessThan(entry[0].start);
  expect(entry[0].start).toBeGreaterThan(await page.evaluate(() => (window as any).__drawnAt as number));
  // The adopted page is React's: typing searches again.
  await page.getByLabel('Search stories').fill('semiconductor');
  await expect(page.getByRole('status')).toHaveText(/results? for “semiconductor”/);
  expect(warnings).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the search page says that search needs it, and where to browse instead', async ({ page }) => {
    await page.goto('/search/?q=rbi');
    // Playwright's text and role selectors skip noscript elements (its issue 15874): CSS finds them.
    const note = page.locator('.search-page noscript p');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Search runs in your browser and needs JavaScript');
    await note.locator('a', { hasText: 'archive' }).click();
    await expect(page).toHaveURL('/stories/');
  });
});
