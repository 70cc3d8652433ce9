import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures';
import { brightness } from './png';

// The fixture e2e/stories/rich-blocks.md has every kind of block. Embeds and
// the external picture come from other sites: every request to them is
// answered here (never the internet) and recorded.
const STORY = '/story/901/';
const OUTSIDE = /^https:\/\/([a-z0-9-]+\.)*(youtube-nocookie\.com|youtube\.com|dwcdn\.net|flo\.uri\.sh|x\.com|images\.example)\//;
const picture = readFileSync('e2e/stories/images/rich-containers.png');

let requests: string[] = [];

test.beforeEach(async ({ page }) => {
  const seen: string[] = (requests = []);
  await page.route(OUTSIDE, (route) => {
    const url = route.request().url();
    seen.push(url);
    if (url.startsWith('https://images.example/')) return route.fulfill({ contentType: 'image/png', body: picture });
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Embedded</title><p>Embedded content</p>' });
  });
});

async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(30);
  }
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
  test(`a story with every block hydrates cleanly at ${viewport.width} px, with nothing wider than the page`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(STORY);
    await hydrated(page);
    for (const selector of ['.rich--table table', '.rich--chart svg[role="img"]', '.rich--figure img', '.rich--pullquote', '.rich--callout', '.rich--code pre', '.rich--notes', '.embed--youtube', '.embed--datawrapper', '.embed--x'])
      await expect(page.locator(selector).first(), selector).toBeAttached();
    await scrollThrough(page);
    // The pictures loaded (lazily) and kept their place.
    for (const img of await page.locator('.rich--figure img').all()) {
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => (window as any).__recoverableErrors)).toEqual([]);
  });
}

// On a desktop, tables that can fit show every column: headers wrap and
// numbers do not, so a squeezed row-name column no longer pushes the last
// column past the box's edge (it hid 22-34 px of "Change" and "Finance").
test('on a desktop, every table shows all its columns', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const url of [STORY, '/story/902/']) {
    await page.goto(url);
    await hydrated(page);
    for (const details of await page.locator('details.chart__data').all()) await details.evaluate((d: HTMLDetailsElement) => (d.open = true));
    const over = await page.locator('.table-scroll').evaluateAll((boxes) =>
      boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.getAttribute('aria-label')}: ${b.scrollWidth} in ${b.clientWidth}`),
    );
    expect(over, url).toEqual([]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the table scrolls inside itself, not the page', async ({ page }) => {
    await page.goto(STORY);
    await hydrated(page);
    const box = page.getByRole('region', { name: /GDP in the first quarter/ });
    const size = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll).toBeGreaterThan(size.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await box.focus(); // a keyboard can scroll it too
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    // Numbers stay as written and line up on the right.
    const cell = box.locator('td', { hasText: '₹12,34,56,789 crore' });
    await expect(cell).toHaveCSS('text-align', 'right');
    await expect(cell).toHaveCSS('font-variant-numeric', /tabular-nums/);
  });

  test("a chart's data table shows its values beside their labels, without scrolling", async ({ page }) => {
    // A long series name over short numbers, and row labels that wrap.
    await page.goto('/india-conquers-global-economic-storm');
    await hydrated(page);
    const chart = page.locator('.rich--chart').first();
    await chart.getByText('Data table').click();
    const box = chart.getByRole('region', { name: /^Data:/ });
    const size = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.client);
    const region = (await box.boundingBox())!;
    const value = box.getByRole('row', { name: /Electricity/ }).locator('td');
    await expect(value).toHaveText('0.5');
    const at = (await value.boundingBox())!;
    expect(at.x + at.width).toBeLessThanOrEqual(region.x + region.width);
  });
});

test.describe('a wide table on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('keeps its caption and row labels in view while the numbers scroll, and shows there is more', async ({ page }) => {
    await page.goto(STORY);
    await hydrated(page);
    const region = page.getByRole('region', { name: /Budgets of four ministries/ });
    await region.scrollIntoViewIfNeeded();
    const caption = page.locator('.table-caption', { hasText: 'Budgets of four ministries' });
    const row = region.locator('tbody tr').first();
    const boxes = async () => ({
      region: (await region.boundingBox())!,
      caption: (await caption.boundingBox())!,
      label: (await row.getByRole('rowheader').boundingBox())!,
      number: (await row.locator('td').first().boundingBox())!,
    });
    // The edge strip of the scrolling box, and the same with its backgrounds
    // (the cue) taken away: the cue is what darkens it.
    const edge = async (withCue: boolean) => {
      const r = (await region.boundingBox())!;
      await region.evaluate((el, on) => ((el as HTMLElement).style.background = on ? '' : '#fff'), withCue);
      return brightness(await page.screenshot({ clip: { x: r.x + r.width - 6, y: r.y + r.height / 2, width: 4, height: r.height / 3 } }));
    };
    const before = await boxes();
    expect(before.number.x + before.number.width, 'the first screen shows numbers').toBeLessThanOrEqual(before.region.x + before.region.width);
    const shadowed = (await edge(false)) - (await edge(true));
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    const after = await boxes();
    expect(after.caption).toEqual(before.caption);
    await expect(caption).toBeInViewport({ ratio: 1 });
    expect(after.label.x).toBeCloseTo(before.label.x, 0);
    await expect(row.getByRole('rowheader')).toHaveText('Ministry of Defence');
    // The header row stays above the numbers: its first cell in place, the
    // heading of the last column in view over its numbers.
    const head = region.locator('thead th');
    expect((await head.first().boundingBox())!.x).toBeCloseTo(before.label.x, 0);
    const last = (await head.last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(after.region.x + after.region.width + 1);
    expect(last.y).toBeGreaterThanOrEqual(after.region.y);
    expect(after.number.x).toBeLessThan(before.number.x - 100);
    // The first column covers the numbers that scroll under it.
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, { x: after.label.x + 8, y: after.label.y + 8 })).toContain('Ministry of Defence');
    // A shadow at the right edge while there is more; none at the end.
    expect(shadowed).toBeGreaterThan(8);
    expect(Math.abs((await edge(false)) - (await edge(true)))).toBeLessThan(1);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});

test.describe('a tall table on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('scrolls down inside its box under its header row, and is never taller than the screen', async ({ page }) => {
    await page.goto('/green-hydrogen-india');
    await hydrated(page);
    const region = page.locator('.table-scroll').first();
    await region.scrollIntoViewIfNeeded();
    const headerBottom = await page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom);
    expect((await region.boundingBox())!.height).toBeLessThanOrEqual(844 - headerBottom);
    // A box shorter than the table, as a long table's is: read its last row.
    await region.evaluate((el) => ((el as HTMLElement).style.maxHeight = '160px'));
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(40);
    const box = (await region.boundingBox())!;
    const shown = async (i: number) => {
      const head = (await region.locator('thead th').nth(i).boundingBox())!;
      expect(head.y).toBeCloseTo(box.y + 1, 0); // below the box's border
      const at = { x: head.x + Math.min(head.width / 2, 20), y: head.y + head.height / 2 };
      return page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('th')?.cellIndex, at);
    };
    expect(await shown(1)).toBe(1);
    // Scrolled to the side too: the corner stays over the row labels and
    // the last column's name over its numbers.
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    expect(await shown(0)).toBe(0);
    const last = (await region.locator('thead th').count()) - 1;
    expect(await shown(last)).toBe(last);
  });
});

test('warning and caution callouts look different', async ({ page }) => {
  await page.goto(STORY);
  await hydrated(page);
  const look = (kind: string) =>
    page.locator(`.callout--${kind}`).evaluate((el) => {
      const box = getComputedStyle(el);
      const mark = getComputedStyle(el.querySelector('.callout__title')!, '::before');
      return { border: box.borderLeftColor, background: box.backgroundColor, mark: mark.clipPath, markColour: mark.backgroundColor };
    });
  const [warning, caution] = [await look('warning'), await look('caution')];
  await expect(page.locator('.callout--caution .callout__title')).toHaveText('Do not compare across base years');
  for (const key of ['border', 'background', 'mark', 'markColour'] as const) expect(warning[key], key).not.toEqual(caution[key]);
  expect(warning.mark).toMatch(/^polygon/);
  expect(caution.mark).toMatch(/^polygon/);
});

test("the chart's data table opens", async ({ page }) => {
  await page.goto(STORY);
  await hydrated(page);
  const chart = page.locator('.rich--chart').first();
  await expect(chart.getByRole('img', { name: 'CPI inflation, year on year' })).toBeVisible();
  await expect(chart).toContainText('Source: National Statistics Office');
  const table = chart.locator('details table');
  await expect(table).toBeHidden();
  await chart.getByText('Data table').click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Jul 2025/ })).toContainText('1.18');
});

test('note links jump to the note and come back', async ({ page }) => {
  await page.goto(STORY);
  await hydrated(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));
  await page.getByRole('link', { name: 'Note 3', exact: true }).click();
  await expect(page).toHaveURL(/#fn-3$/);
  const note = page.locator('#fn-3');
  await expect(note).toContainText('RBI Monetary Policy Statement');
  await expect(note).toBeInViewport();
  await note.getByRole('link', { name: 'Back to the text of note 3' }).click();
  await expect(page).toHaveURL(/#fnref-3$/);
  await expect(page.locator('#fnref-3')).toBeInViewport();
  await expect(page.locator('#fn-3')).not.toBeInViewport();
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
});

test('embeds load only when the reader scrolls near them or clicks', async ({ page }) => {
  await page.goto(STORY);
  await hydrated(page);
  const fromEmbeds = () => requests.filter((u) => !u.startsWith('https://images.example/'));
  await page.waitForTimeout(300);
  expect(fromEmbeds()).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);

  // The chart loads when scrolled near; the video does not.
  const chart = page.locator('.embed--datawrapper');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('iframe')).toHaveAttribute('src', 'https://datawrapper.dwcdn.net/AbCdE/1/');
  await expect(chart.locator('iframe')).toHaveAttribute('title', 'CPI inflation by state, July 2025');
  await expect.poll(() => fromEmbeds().some((u) => u.startsWith('https://datawrapper.dwcdn.net/'))).toBe(true);
  const video = page.locator('.embed--youtube');
  await video.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  expect(fromEmbeds().some((u) => u.includes('youtube'))).toBe(false);

  // The video loads on the click, in the same box (no layout shift).
  const before = await video.locator('.embed__frame').boundingBox();
  await video.getByRole('button', { name: /^Play video: / }).click();
  await expect(video.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/aBcDeFgHiJk/);
  await expect.poll(() => fromEmbeds().some((u) => u.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
  expect(await video.locator('.embed__frame').boundingBox()).toEqual(before);
  // X posts are links: nothing is fetched from X.
  expect(fromEmbeds().some((u) => u.includes('x.com'))).toBe(false);
});

test('headings have anchor links that show on focus', async ({ page }) => {
  await page.goto(STORY);
  await hydrated(page);
  const link = page.getByRole('link', { name: 'Link to this section: What the Numbers Say' });
  await expect(link).toHaveAttribute('href', '#what-the-numbers-say');
  await expect(link).toHaveCSS('opacity', '0');
  await link.focus();
  await expect(link).toHaveCSS('opacity', '1');
  await expect(page.getByRole('heading', { name: 'What the Numbers Say', level: 2 })).toHaveAttribute('id', 'what-the-numbers-say');
});

test('client-side navigation reaches the story whole, and search finds its table', async ({ page }) => {
  await page.goto('/category/economic-analysis');
  await hydrated(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));
  await page.locator(`.card__link[href="${STORY}"]`).first().click();
  await expect(page).toHaveURL(STORY);
  await expect(page.locator('.rich--chart svg[role="img"]').first()).toBeVisible();
  await expect(page.locator('.embed--youtube .embed__frame')).toBeVisible();
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);

  await page.goto('/search?q=GFCF');
  await hydrated(page);
  await expect(page.locator('.search-result__title', { hasText: 'Every Story Block' })).toBeVisible();
});
