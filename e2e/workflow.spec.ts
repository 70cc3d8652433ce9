import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect, hydrated } from './fixtures';

const run = promisify(execFile);

// A small site of its own: one story out now, one dated next year.
const nextYear = new Date().getFullYear() + 1;
const site = `name: Nivaran
tagline: A Solutions-Focused Business & Economy Magazine
baseURL: http://127.0.0.1
editorEmail: editor@nivaran.example
launchDate: 2025-09-10
forms: {launch: /api/forms/launch, editorial: /api/forms/editorial, partnership: /api/forms/partnership, newsletter: /api/forms/newsletter}
categories: [Economic Policy]
authors: [{name: Nivaran Economy Desk, role: Desk, bio: The desk.}]
`;
const story = (id: number, title: string, date: string, path: string) => `---
id: ${id}
title: "${title}"
introduction: "Intro of ${title}."
author: "Nivaran Economy Desk"
publishedAt: ${date}
category: "Economic Policy"
path: ${path}
---

Body of the story.

**Solution Spotlight:** Do something.
`;

/** magazine serve on a free port, stopped when the test ends. */
async function serve(dir: string, data: string): Promise<{ url: string; stop: () => void }> {
  const p = spawn('bin/magazine', ['serve', '--dir', dir, '--data', data, '--addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    p.stdout!.on('data', (d: Buffer) => {
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(d.toString());
      if (m) resolve(m[1]);
    });
    p.on('exit', (code) => reject(new Error(`magazine serve exited with ${code}`)));
  });
  return { url, stop: () => p.kill('SIGTERM') };
}

test('a story dated next year is absent from the built home page, and present with --future', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'nivaran-future-'));
  const servers: { stop: () => void }[] = [];
  try {
    mkdirSync(join(dir, 'stories'));
    writeFileSync(join(dir, 'site.yaml'), site);
    writeFileSync(join(dir, 'stories', 'now.md'), story(1, 'A Story Out Now', '2025-08-12', '/out-now'));
    writeFileSync(join(dir, 'stories', 'later.md'), story(2, 'A Story For Next Year', `${nextYear}-01-15`, '/next-year'));
    const build = (out: string, ...flags: string[]) =>
      run('bin/magazine', ['build', '--stories', join(dir, 'stories'), '--config', join(dir, 'site.yaml'), '--out', join(dir, out), ...flags]);

    const plain = await build('dist');
    expect(plain.stdout).toContain(`Next scheduled story: ${join(dir, 'stories', 'later.md')} ("A Story For Next Year") falls due at ${nextYear}-01-15 00:00 IST`);
    const a = await serve(join(dir, 'dist'), join(dir, 'data'));
    servers.push(a);
    await page.goto(a.url + '/');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'A Story Out Now' }).first()).toBeVisible();
    await expect(page.getByText('A Story For Next Year')).toHaveCount(0);
    const gone = await page.goto(a.url + '/next-year');
    expect(gone!.status()).toBe(404);

    await build('dist-future', '--future');
    const b = await serve(join(dir, 'dist-future'), join(dir, 'data'));
    servers.push(b);
    await page.goto(b.url + '/');
    await hydrated(page);
    const card = page.locator('.card', { hasText: 'A Story For Next Year' });
    await expect(card).toBeVisible();
    await expect(card.locator('.card__status')).toHaveText('Scheduled');
    await card.getByRole('link', { name: 'A Story For Next Year' }).click();
    await expect(page).toHaveURL(b.url + '/next-year/');
    await expect(page.getByRole('note')).toContainText('Scheduled');
  } finally {
    for (const s of servers) s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the header search opens /search with the query, with and without JavaScript', async ({ page, browser }) => {
  await page.goto('/rbi-policy');
  await hydrated(page);
  await page.getByLabel('Search the magazine').fill('semiconductor');
  await page.getByLabel('Search the magazine').press('Enter');
  await expect(page).toHaveURL(/\/search\/\?q=semiconductor$/);
  await expect(page.locator('.search-result').first()).toBeVisible();

  const noJS = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noJS.newPage();
    await plain.goto('/privacy-policy');
    await plain.getByLabel('Search the magazine').fill('repo rate');
    await plain.getByRole('button', { name: 'Search' }).first().click();
    await expect(plain).toHaveURL(/\/search\/\?q=repo\+rate$/);
  } finally {
    await noJS.close();
  }
});

test('a small screen finds search in the header, and in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/about');
  await hydrated(page);
  await page.getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByLabel('Search from the menu').fill('gst');
  await page.getByLabel('Search from the menu').press('Enter');
  await expect(page).toHaveURL(/\/search\/\?q=gst$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});

// A slow phone may paint the header before it has read the menu button:
// the search link is where it will stay either way (a layout shift of 60 px
// otherwise, seen once in ten runs of launch-paint.spec.ts under load).
test('on a phone the header search link does not wait for the menu button to take its place', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/');
  // Taken away before hydration, the button would be a mismatch React
  // mends by rendering the header again (seen once under load).
  await hydrated(page);
  const link = page.locator('.site-header__search-link');
  const before = await link.boundingBox();
  const toggle = await page.locator('.site-header__toggle').boundingBox();
  await page.locator('.site-header__toggle').evaluate((el) => el.remove());
  expect(await link.boundingBox()).toEqual(before);
  // Side by side, inside the header, not overlapping.
  expect(before!.x + before!.width).toBeLessThanOrEqual(toggle!.x);
  expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(412);
  expect(Math.abs(toggle!.y + toggle!.height / 2 - (before!.y + before!.height / 2))).toBeLessThan(1);
});

test('a story links its tags and authors; their pages list it', async ({ page, request }) => {
  await page.goto('/rbi-policy');
  await hydrated(page);
  const title = (await page.locator('h1').textContent())!;
  await page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: 'Monetary Policy' }).click();
  await expect(page).toHaveURL(/\/tag\/monetary-policy\/$/);
  await expect(page.locator('h1')).toHaveText('Monetary Policy');
  await expect(page.locator('.card__title', { hasText: title })).toBeVisible();
  expect((await request.get('/tag/monetary-policy/feed.xml')).status()).toBe(200);
  await page.goBack();
  await page.locator('.article__author').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/author\/nivaran-economy-desk\/$/);
  await expect(page.locator('.card__title', { hasText: title })).toBeVisible();
});

test('404 and Story Not Found offer search and the latest stories', async ({ page }) => {
  for (const [path, heading] of [['/no-such-page', '404 Page Not Found'], ['/story/99999', 'Story Not Found']]) {
    const res = await page.goto(path);
    expect(res!.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(heading);
    await expect(page.getByLabel('Search for a story')).toBeVisible();
    const latest = page.getByRole('region', { name: 'Latest Stories' });
    await expect(latest.locator('.card')).toHaveCount(6);
    await page.getByLabel('Search for a story').fill('tariffs');
    await page.getByLabel('Search for a story').press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=tariffs$/);
  }
});
