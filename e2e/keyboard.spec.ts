import { test, expect, hydrated, scrolledToRest } from './fixtures';

// A reader on a phone who moves focus with the keyboard always sees it: not
// under the fixed header (or the bar fixed below it) when going back up the
// page with Shift+Tab, and not under the menu once focus has left it.
test.describe('keyboard focus on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/rbi-policy/', '/india-conquers-global-economic-storm/', '/about/']) {
    test(`going back with Shift+Tab is never hidden under the header on ${path}`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await page.locator('footer a').last().focus();
      const hidden: string[] = [];
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Shift+Tab');
        await scrolledToRest(page);
        const where = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          if (el.closest('.site-header, .storm-bar, .landing-nav')) return '';
          const covers = [...document.querySelectorAll('.site-header, .storm-bar, .landing-nav')].map((c) => c.getBoundingClientRect().bottom);
          const top = el.getBoundingClientRect().top;
          return top < Math.max(...covers) - 1 ? `${el.textContent?.trim().slice(0, 40)} at ${Math.round(top)}` : '';
        });
        if (where) hidden.push(where);
      }
      expect(hidden).toEqual([]);
    });
  }

  test('the menu closes when focus leaves it, and Escape gives focus back to its button', async ({ page }) => {
    await page.goto('/rbi-policy/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    const stops = await menu.locator('a, input, button').count();
    for (let i = 0; i <= stops; i++) await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
  });
});

// A screen reader lists a page's landmarks by kind and name: two of a kind
// need names of their own (two ad slots, the header's search and the page's).
test('no two landmarks of a kind share a name', async ({ page }) => {
  for (const path of ['/rbi-policy/', '/search/?q=rbi', '/nope', '/story/99999']) {
    await page.goto(path);
    await hydrated(page);
    const names = await page.evaluate(() =>
      [...document.querySelectorAll('aside, nav, form[role="search"], section[aria-label], section[aria-labelledby]')]
        .filter((el) => !el.closest('[hidden]'))
        .map((el) => `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${el.getAttribute('aria-label') ?? document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''}`),
    );
    expect(names.filter((n, i) => names.indexOf(n) !== i), `${path}: ${names.join(' | ')}`).toEqual([]);
    expect(names.filter((n) => n.endsWith(': ')), `${path}: unnamed`).toEqual([]);
  }
});

// WCAG 1.4.11: the focus ring keeps 3:1 against the surface it is drawn on,
// on the light page and on the dark footer alike.
test('the focus ring stands out from what it sits on', async ({ page }) => {
  await page.goto('/rbi-policy/');
  await hydrated(page);
  for (const selector of ['.button--back', 'footer nav a']) {
    const el = page.locator(selector).first();
    await el.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ratio = await el.evaluate((e) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = ([r, g, b]: number[]) =>
        [r, g, b].map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
      let bg = e.parentElement;
      while (bg && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(bg).backgroundColor)) bg = bg.parentElement;
      const a = lum(rgb(getComputedStyle(e).outlineColor));
      const b = lum(rgb(getComputedStyle(bg ?? document.body).backgroundColor));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(ratio, selector).toBeGreaterThanOrEqual(3);
  }
});
