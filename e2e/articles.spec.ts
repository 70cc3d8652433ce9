import { BASE } from '../playwright.config';
import { test, expect, hydrated, scrolledToRest } from './fixtures';

test('each dedicated page renders its special parts', async ({ page }) => {
  await page.goto('/india-energy-independence-renewable-power');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Energy & Environment');
  await expect(page.getByRole('heading', { name: 'Related Topics' })).toBeVisible();
  await expect(page.locator('.related-topics li')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Share this story' })).toBeVisible();
  await expect(page.getByText('Advertisement')).toHaveCount(1);
  await expect(page.locator('.spotlight')).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.map((j) => JSON.parse(j)['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
  // Every crumb but the story itself leads somewhere, on the page and in its data.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
  await expect(crumbs).toHaveText(['Home', 'Energy & Environment']);
  await expect(crumbs.last()).toHaveAttribute('href', '/category/energy-environment/');
  const items = JSON.parse(ld[1]).itemListElement;
  expect(items.map((i: { item?: string }) => new URL(i.item!).pathname)).toEqual(['/', '/category/energy-environment/', '/india-energy-independence-renewable-power/']);

  await page.goto('/sco-summit-2025-solutions-playbook');
  await hydrated(page);
  for (const name of ['Key Indicators', 'The Solutions Playbook', 'Immediate Actions', 'Medium-Term Strategy', 'Implementation Framework', 'The Bottom Line']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(page.locator('.investment h2')).toBeVisible();
  await expect(page.getByRole('link', { name: /Subscribe/ })).toHaveAttribute('href', '/');

  await page.goto('/sco-summit-india-alternate-trade');
  await expect(page.locator('h1')).toHaveText('2025 SCO Summit: Solutions India Should Drive Now');
  await expect(page.getByText('September 2, 2025')).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to Portal/ })).toBeVisible();

  await page.goto('/india-deep-tech-alliance-launch');
  await expect(page).toHaveTitle('$1B India Deep Tech Alliance Launches | Nivaran Magazine');
  await expect(page.locator('h1')).toHaveText('New Alliance for Deep Tech Investments Launched');
  await expect(page.getByText('4 min read')).toBeVisible();
});

test('/story/11 is the generic story page: ads around the body, back buttons at top and bottom', async ({ page }) => {
  await page.goto('/story/11');
  await hydrated(page);
  const article = page.locator('article.article');
  await expect(article).toHaveAttribute('data-layout', 'story');
  await expect(page.locator('h1')).toHaveText(/Half of India's Power Capacity/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  // Advertisement, body, advertisement, in that order.
  const order = await article.evaluate((el) =>
    [...el.querySelectorAll('.ad-slot, .article-body')].map((n) => (n.classList.contains('article-body') ? 'body' : n.textContent)),
  );
  expect(order).toEqual(['Advertisement', 'body', 'Advertisement']);
  const back = page.getByRole('link', { name: /Back to Homepage/ });
  await expect(back).toHaveCount(2);
  await expect(page.locator('.article__top .button--back')).toBeVisible();
  await back.last().click();
  await expect(page).toHaveURL(`${BASE}/`);
  await page.goto('/india-digital-trade-revolution-tech-leadership-economic-resilience');
  await hydrated(page);
  await expect(page.locator('article.article')).toHaveAttribute('data-layout', 'story');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}/india-trade-revolution/`);
});

test('share buttons open the right URLs in a 600x400 window', async ({ page }) => {
  await page.goto('/india-chip-ambition-blueprint-dominance');
  await hydrated(page);
  await page.evaluate(() => {
    (window as any).__opened = [];
    window.open = ((url: string, _n: string, features: string) => {
      (window as any).__opened.push([url, features]);
      return null;
    }) as typeof window.open;
  });
  for (const name of ['Share on X / Twitter', 'Share on Facebook', 'Share on LinkedIn']) await page.getByRole('link', { name }).click();
  const opened: [string, string][] = await page.evaluate(() => (window as any).__opened);
  const canonical = `${BASE}/india-chip-ambition-blueprint-dominance/`;
  expect(opened.map(([u]) => new URL(u).host)).toEqual(['twitter.com', 'www.facebook.com', 'www.linkedin.com']);
  expect(new URL(opened[0][0]).searchParams.get('url')).toBe(canonical);
  expect(new URL(opened[0][0]).searchParams.get('text')).toContain(await page.locator('h1').textContent());
  expect(new URL(opened[1][0]).searchParams.get('u')).toBe(canonical);
  expect(opened.every(([, f]) => f.includes('width=600,height=400'))).toBe(true);
});

test.describe('storm page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('uses the native share sheet when present', async ({ page }) => {
    await page.goto('/india-conquers-global-economic-storm');
    await hydrated(page);
    await page.evaluate(() => {
      (window as any).__shared = null;
      (navigator as any).share = (d: unknown) => ((window as any).__shared = d, Promise.resolve());
    });
    await page.locator('.storm-bar').getByRole('button', { name: 'Share' }).click();
    const shared = await page.evaluate(() => (window as any).__shared);
    expect(shared.url).toBe(`${BASE}/india-conquers-global-economic-storm/`);
  });

  test('falls back to Twitter/X without it', async ({ page }) => {
    await page.goto('/india-conquers-global-economic-storm');
    await hydrated(page);
    await page.evaluate(() => {
      delete (navigator as any).share;
      (Navigator.prototype as any).share = undefined;
      (window as any).__opened = [];
      window.open = ((url: string) => ((window as any).__opened.push(url), null)) as typeof window.open;
    });
    await page.locator('.storm-bar').getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.evaluate(() => (window as any).__opened[0] ?? '')).toContain('twitter.com/intent/tweet');
  });

  test("a section's link lands it below the header and the share bar", async ({ page }) => {
    await page.goto('/india-conquers-global-economic-storm');
    await hydrated(page);
    const id = await page.locator('.article-body h2[id]').nth(1).getAttribute('id');
    await page.locator(`a.anchor[href="#${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await scrolledToRest(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const heading = (await page.locator(`[id="${id}"]`).boundingBox())!;
    const bar = (await page.locator('.storm-bar').boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport({ ratio: 1 });
  });

  test('the share bar stays at the top while scrolling', async ({ page }) => {
    await page.goto('/india-conquers-global-economic-storm');
    await page.evaluate(() => window.scrollTo(0, 2000));
    const box = await page.locator('.storm-bar').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(100);
  });
});

test('deep-tech title sequence on client navigation in and out', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => {
    const titles: string[] = [];
    (window as any).__titles = titles;
    // Each record keeps the value it set, even when several land in one task.
    new MutationObserver((records) => {
      for (const r of records) {
        const title = r.target.nodeName === 'TITLE' ? r.target : r.target.parentNode;
        if (title?.nodeName !== 'TITLE') continue;
        for (const n of r.addedNodes) titles.push(n.textContent ?? '');
      }
    }).observe(document.head, { subtree: true, childList: true, characterData: true });
  });
  // In: the home page's card for the deep-tech story (client-side).
  await page.locator('a[href="/india-deep-tech-alliance-launch/"]').first().click();
  await expect(page).toHaveTitle('$1B India Deep Tech Alliance Launches | Nivaran Magazine');
  await expect(page.locator('h1')).toHaveText('New Alliance for Deep Tech Investments Launched');
  // Out: the footer's About button.
  await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL('/about/');
  await expect(page).toHaveTitle("About the magazine - Perspectives on India's Future");
  const titles: string[] = await page.evaluate(() => (window as any).__titles);
  const i = titles.indexOf('$1B India Deep Tech Alliance Launches | Nivaran Magazine');
  const j = titles.lastIndexOf('Nivaran Magazine');
  const k = titles.lastIndexOf("About the magazine - Perspectives on India's Future");
  expect(i).toBeGreaterThanOrEqual(0);
  expect(j).toBeGreaterThan(i);
  expect(k).toBeGreaterThan(j);
});

test('a custom featured visual is drawn on first load and after client-side navigation', async ({ page }) => {
  const visual = page.locator('.featured-image svg[role="img"]');
  await page.goto('/japan-india-investment-partnership-modi');
  await hydrated(page);
  await expect(visual).toBeVisible();

  await page.goto('/');
  await hydrated(page);
  await expect(visual).toHaveCount(0);
  await page.getByRole('link', { name: /Japan's ¥10 Trillion Goal/ }).first().click();
  await expect(page).toHaveURL(/\/japan-india-investment-partnership-modi\/$/);
  await expect(visual).toBeVisible();
});
