import { BASE } from '../playwright.config';
import { test, expect, hydrated } from './fixtures';

test('every kind of page hydrates without errors', async ({ page }) => {
  for (const path of ['/', '/rbi-policy', '/story/1', '/about', '/privacy-policy', '/portal']) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(200);
    await hydrated(page);
  }
});

test('story page shows the article with its parts', async ({ page }) => {
  await page.goto('/rbi-policy');
  await hydrated(page);
  await expect(page).toHaveTitle(/ \| Nivaran Magazine$/);
  await expect(page.locator('h1')).toContainText('RBI');
  await expect(page.getByText('Advertisement')).toHaveCount(2);
  await expect(page.getByRole('link', { name: /Back to Homepage/ })).toHaveCount(2);
  await expect(page.locator('.spotlight')).toContainText('Solution Spotlight');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toBe(`${BASE}/rbi-policy/`);
  const related = await page.locator('.related .card__link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(related).toHaveLength(3);
  expect(related).not.toContain('/rbi-policy/');
});

// SPEC.md: /story/{id} is the generic story page of every story, a whole
// page even without script (crawlers and link previews read the HTML),
// canonical to the story's fixed path.
test.describe('the generic story route of a fixed-path story, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('is the whole story page', async ({ page }) => {
    const res = await page.goto('/story/5/');
    expect(res!.status()).toBe(200);
    await expect(page).toHaveURL('/story/5/');
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('h1')).toContainText('RBI');
    await expect(page.locator('.spotlight')).toContainText('Solution Spotlight');
    await expect(page.getByLabel('Advertisement')).toHaveCount(2);
    await expect(page.getByRole('link', { name: /Back to Homepage/ })).toHaveCount(2);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}/rbi-policy/`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${BASE}/rbi-policy/`);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  });
});

test('client-side navigation to /story/<id> shows the same page', async ({ page }) => {
  await page.goto('/about/');
  await hydrated(page);
  // The router follows the address as on the browser's back and forward.
  await page.evaluate(() => {
    (window as any).__samePage = true; // gone if the browser loads a page
    history.pushState(null, '', '/story/5/');
  });
  await expect(page).toHaveURL('/story/5/');
  // hydrated() returns once hydration has begun; the router listens once it
  // has committed, which a busy machine delays: tell it again until it has.
  await expect
    .poll(async () => {
      await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
      return page.locator('h1').textContent();
    })
    .toContain('RBI');
  await expect(page.getByLabel('Advertisement')).toHaveCount(2);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}/rbi-policy/`);
  expect(await page.evaluate(() => (window as any).__samePage)).toBe(true);
});

test('story 6 has the overlay caption', async ({ page }) => {
  await page.goto('/morgan-stanley-india-consumer-powerhouse');
  await expect(page.locator('.featured-image__overlay-caption')).toHaveText("Financial markets representing India's growing consumer economy");
});

test('unknown story id shows Story Not Found with status 404', async ({ page }) => {
  for (const path of ['/story/99999', '/story/not-a-number']) {
    const res = await page.goto(path);
    expect(res!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
    await expect(page.getByText("The story you're looking for doesn't exist.")).toBeVisible();
    await expect(page).toHaveTitle(/^Story Not Found \| /);
    await page.getByRole('link', { name: 'Return to Portal' }).click();
    await expect(page).toHaveURL('/');
  }
});

// magazine serve sends story/404.html for an unknown story: it says Story
// Not Found before any script runs, and hydrates as it is.
test.describe('an unknown story, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('is Story Not Found', async ({ page }) => {
    const res = await page.goto('/story/99999');
    expect(res!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Story Not Found \| /);
  });
});

test('an unknown story hydrates its own 404 page', async ({ page }) => {
  await page.goto('/story/99999');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
});

test('a story id with leading zeros is read as the whole number it is', async ({ page }) => {
  await page.goto('/story/011?utm=x#top');
  await expect(page).toHaveURL('/story/11/?utm=x#top');
  await expect(page.locator('h1')).not.toHaveText('Story Not Found');
  await page.goto('/story/099999');
  await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
  await expect(page).toHaveURL('/story/099999');
});

test('unknown path shows the 404 page', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res!.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home Page' }).click();
  await expect(page).toHaveURL('/');
});

test('client-side navigation fetches data, updates the head and scrolls to top', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));
  await page.evaluate(() => window.scrollTo(0, 600));
  const card = page.locator('.card__link').first();
  const href = await card.getAttribute('href');
  await card.click();
  await expect(page).toHaveURL(href!);
  await expect(page.locator('article.article h1')).toBeVisible();
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const h1 = await page.locator('article.article h1').textContent();
  await expect(page).toHaveTitle(new RegExp(`Nivaran Magazine$`));
  expect(await page.title()).not.toContain('A Solutions-Focused');
  expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
  expect(h1).toBeTruthy();
  await page.evaluate(() => window.scrollTo(0, 800));
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle(/Solutions-Focused/);
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
  // Back starts at the top too, not where the browser would put it.
  await page.waitForTimeout(600); // a smooth scroll would still be moving
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a link to the page shown moves within it: its #anchor, or the top', async ({ page }) => {
  await page.goto('/about/');
  await hydrated(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));
  await page.locator('footer a[href="/about/#why"]').click();
  await expect(page).toHaveURL('/about/#why');
  // It comes to rest just below the fixed header and the landing page's bar
  // (the page's scroll-padding-top: 136 px at 1366 px wide), not under them.
  await expect
    .poll(() => page.locator('#why').evaluate((el) => Math.abs(el.getBoundingClientRect().top - parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop))))
    .toBeLessThan(4);
  const bar = (await page.locator('.landing-nav').boundingBox())!;
  expect((await page.locator('#why').boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.locator('header a[href="/"]').first().click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
});

test('footer links and copyright', async ({ page }) => {
  await page.goto('/privacy-policy');
  const footer = page.locator('footer');
  await expect(footer).toContainText('© 2025 Nivaran Magazine. All rights reserved.');
  await expect(footer).toContainText('A Solutions-Focused Business & Economy Magazine');
  for (const href of ['/about/', '/about/#why', '/privacy-policy/']) await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  await expect(page.getByText('Last updated: July 01, 2025')).toBeVisible();
  await expect(page.getByRole('link', { name: 'editor@nivaran.example' })).toBeVisible();
});

test('header turns solid after 20 px of scrolling', async ({ page }) => {
  await page.goto('/rbi-policy');
  await hydrated(page);
  const header = page.locator('header.site-header');
  await expect(header).not.toHaveClass(/is-scrolled/);
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(header).toHaveClass(/is-scrolled/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/is-scrolled/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu opens, and closes when a link is chosen', async ({ page }) => {
    await page.goto('/rbi-policy');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about/');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  // A slow phone paints the page seconds before its scripts arrive: a tap
  // on the menu meanwhile must open it once they have, not be lost.
  test('the first tap on the menu counts while the scripts are still loading', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/rbi-policy/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).tap();
    expect(await page.evaluate(() => Array.isArray((window as any).__recoverableErrors)), 'hydrated already').toBe(false);
    release();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await hydrated(page);
  });

  test('no horizontal scrolling on a story', async ({ page }) => {
    await page.goto('/trump-tariffs-india');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('small links on their own are tall enough to tap (24 px)', async ({ page }) => {
    for (const [path, name] of [
      ['/india-energy-independence-renewable-power', 'Home'], // the breadcrumb's
      ['/category/economic-policy', 'RSS feed'],
      ['/about', 'Privacy Policy'], // the footer's quick links
    ]) {
      await page.goto(path);
      const link = page.getByRole('link', { name, exact: true }).last();
      expect((await link.boundingBox())!.height, `${path}: ${name}`).toBeGreaterThanOrEqual(24);
    }
  });

  test('no horizontal scrolling for a search of one long word', async ({ page }) => {
    await page.goto('/search/?q=' + 'supercalifragilisticexpialidocious'.repeat(2));
    await expect(page.getByRole('status')).toContainText('0 results');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('on the narrowest phone, 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no page of each kind scrolls sideways', async ({ page }) => {
    const wide: string[] = [];
    for (const path of ['/', '/rbi-policy', '/story/1', '/about', '/privacy-policy', '/portal', '/search/?q=gst', '/category/economic-policy', '/thank-you', '/no-such-page']) {
      await page.goto(path);
      await hydrated(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });

  test("the privacy page's printed address breaks rather than widen the page", async ({ page }) => {
    // This build's address is short; a site's own, printed on the page, may not be.
    await page.goto('/privacy-policy');
    await hydrated(page);
    await page.locator('.prose-page a[href$="/privacy-policy/"]').evaluate((a) => (a.textContent = 'https://www.nivaranmagazineexample.com/privacypolicy/'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
