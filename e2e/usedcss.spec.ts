import { test, expect, hydrated } from './fixtures';

// Issue 16: a page inlines only the CSS its own markup uses; the boot script
// links the whole stylesheet after the first paint. When it arrives nothing
// may move or change: every element keeps its box and its look.
const pages = ['/', '/story/1/', '/about/', '/search/?q=rbi', '/category/policy-reform/', '/no-such-page/'];

// Taken once the fonts and pictures have loaded (a picture's own aspect
// ratio can differ from its width and height attributes by a fraction of a
// pixel; lazy ones are loaded at once, as they would arrive between the two
// snapshots) and the entrance animations (cards rising in) have ended: they
// move boxes without a layout shift.
async function snapshot() {
  await document.fonts.ready;
  for (const img of document.images) img.loading = 'eager';
  await Promise.all([...document.images].map((img) => img.decode().catch(() => {})));
  await Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished));
  return [...document.querySelectorAll('body *')].map((el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return `${el.tagName}.${el.className} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} ${s.color} ${s.backgroundColor} ${s.fontSize} ${s.display}`;
  });
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 412, height: 823 },
]) {
  test(`the whole stylesheet changes nothing the inline CSS drew (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // No boot script: the page as painted first, with its inline CSS only.
    await page.route(/\/assets\/boot-[A-Z0-9]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    for (const path of pages) {
      await page.goto(path);
      const sheet = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent!.length).reduce((a, b) => a + b, 0));
      const before = await page.evaluate(snapshot);
      const href = await page.request.get('/').then(async (r) => {
        const boot = /src="(\/assets\/boot-[A-Z0-9]+\.js)"/.exec(await r.text())![1];
        const js = await (await page.request.get(boot)).text();
        return /"(\/assets\/entry-client-[A-Z0-9]+\.css)"/.exec(js)![1];
      });
      const whole = (await (await page.request.get(href)).text()).length;
      expect(sheet, `${path}: inline CSS is a part of the stylesheet`).toBeLessThan(whole / 2);
      await page.evaluate(
        (h) =>
          new Promise((resolve, reject) => {
            const l = document.createElement('link');
            l.rel = 'stylesheet';
            l.href = h;
            l.onload = resolve;
            l.onerror = reject;
            document.head.append(l);
          }),
        href,
      );
      const after = await page.evaluate(snapshot);
      expect(after, `${path}: the whole stylesheet changed the page`).toEqual(before);
    }
  });
}

// What scripts add after the first paint is styled: the boot script has
// linked the whole stylesheet before the entry runs, so a page of another
// kind, reached by client navigation, has the rules this one did not inline.
test('a page reached by client navigation is styled', async ({ page }) => {
  await page.goto('/about/');
  expect(await page.locator('style').first().textContent()).not.toContain('.card-grid');
  await hydrated(page);
  await page.locator('a.site-header__link[href="/"]').click();
  await expect(page).toHaveURL(/\/$/);
  const grid = page.locator('.card-grid').first();
  await expect(grid).toBeVisible();
  expect(await grid.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
});
