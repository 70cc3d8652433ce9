import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect, hydrated } from './fixtures';

// A site built for https://nivaran.example/magazine/ (make test-e2e builds
// it into .cache/e2e-subpath), served below /magazine/ by Debian's nginx, as
// GitHub Pages serves a project site (https://user.github.io/repo/): a
// reader goes from the home page to a story, searches, and meets the 404
// page, and the browser never asks for anything outside /magazine/.
const DIST = resolve('.cache/e2e-subpath');
let nginx: ChildProcess | undefined;
let tmp: string;
let origin: string;

function hasNginx(): boolean {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((done) => {
    const c = connect(port, '127.0.0.1', () => {
      c.end();
      done(true);
    });
    c.on('error', () => done(false));
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.skip(!hasNginx(), 'nginx is not installed (apt-get install nginx): the sub-path site is not tested');
  test.setTimeout(60_000);
  tmp = mkdtempSync(join(tmpdir(), 'nivaran-subpath-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // nginx's workers would drop to nobody, who cannot read a test's folders.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  writeFileSync(
    join(tmp, 'nginx.conf'),
    `${user}
daemon off;
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  server {
    listen 127.0.0.1:${port};
    absolute_redirect off;
    location = /magazine { return 301 /magazine/; }
    location /magazine/ {
      alias ${DIST}/;
      index index.html;
      error_page 404 /magazine/404.html;
    }
  }
}
`,
  );
  nginx = spawn('nginx', ['-p', tmp, '-e', join(tmp, 'error.log'), '-c', join(tmp, 'nginx.conf')], { stdio: 'inherit' });
  const exited = new Promise<never>((_, fail) => nginx!.on('exit', (code) => fail(new Error(`nginx exited with ${code}: ${readFileSync(join(tmp, 'error.log'), 'utf8')}`))));
  const up = (async () => {
    while (!(await accepting(port))) await new Promise((r) => setTimeout(r, 50));
  })();
  await Promise.race([up, exited]);
});

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((r) => nginx!.on('exit', r));
    nginx.kill('SIGTERM');
    await gone;
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('home, a story, search and the 404 page work below /magazine/, asking for nothing outside it', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));

  // The site's address without its slash leads to it.
  const home = await page.goto(`${origin}/magazine`);
  expect(home!.status()).toBe(200);
  await expect(page).toHaveURL(`${origin}/magazine/`);
  await hydrated(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://nivaran.example/magazine/');

  // A story, opened client-side: the router's links and the next page's
  // fetch are below /magazine/.
  await page.evaluate(() => ((window as any).__samePage = true));
  const lead = page.locator('.lead__title a');
  const href = await lead.getAttribute('href');
  expect(href).toMatch(/^\/magazine\/[^/]/);
  await lead.click();
  await expect(page).toHaveURL(`${origin}${href}`);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://nivaran.example${href}`);
  expect(await page.evaluate(() => (window as any).__samePage)).toBe(true);
  // Its pictures load from the site.
  const pictures = page.locator('main img[src^="/"]');
  expect(await pictures.count()).toBeGreaterThan(0);
  for (const src of await pictures.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')))) expect(src).toMatch(/^\/magazine\//);

  // Search from the header: results, drawn from the index below /magazine/.
  await page.locator('#header-search').fill('RBI');
  await page.locator('#header-search').press('Enter');
  await expect(page).toHaveURL(`${origin}/magazine/search/?q=RBI`);
  const results = page.locator('.search-results .search-result__title a');
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeGreaterThan(1);
  expect(await page.evaluate(() => (window as any).__samePage)).toBe(true);
  for (const h of await results.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(h).toMatch(/^\/magazine\//);

  // The search page loaded afresh draws its results before the entry runs
  // (its first script and the index it preloads).
  await page.goto(`${origin}/magazine/search/?q=rbi`);
  await expect(results.first()).toBeVisible();
  await hydrated(page);
  await results.first().click();
  await expect(page).toHaveURL(/\/magazine\/[^?]+\/$/);
  await expect(page.locator('h1').first()).toBeVisible();

  // An address that is not a page: nginx sends 404.html, as GitHub Pages
  // does for a project site, and it works there.
  const missing = await page.goto(`${origin}/magazine/no-such-page/`);
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Return to Home Page' }).click();
  await expect(page).toHaveURL(`${origin}/magazine/`);
  await expect(page.locator('.lead__title a')).toBeVisible();
  // An unknown story: the 404 page shows Story Not Found, read from the
  // address below the base path.
  const story = await page.goto(`${origin}/magazine/story/99999`);
  expect(story!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Portal' }).click();
  await expect(page).toHaveURL(`${origin}/magazine/`);
  await expect(page.locator('.lead__title a')).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(requests.length).toBeGreaterThan(20);
  const outside = requests.filter((u) => !u.startsWith(`${origin}/magazine/`) && u !== `${origin}/magazine`);
  expect(outside, 'requests outside /magazine/').toEqual([]);
});
