import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { test, expect, hydrated } from './fixtures';

// A plain static host — GitHub Pages, or nginx without the README's lines —
// sends no Content-Security-Policy header. The policy each page carries in
// its <meta http-equiv> must still stop script injected into the page, and
// let the page's own scripts run. The host here serves the built site with
// a content type and nothing else, and plays the injection: it adds an
// inline script and an inline event handler to every page it sends.
const DIST = '.cache/e2e-dist';
const INJECTED = '<script>window.__injected = "inline script"</script><img src="/nope.png" alt="" onerror="window.__injected = \'event handler\'">';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.woff2': 'font/woff2',
};

let server: Server;
let base: string;

test.beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    let file = join(DIST, path.endsWith('/') ? path + 'index.html' : path);
    let status = 200;
    if (path.includes('..') || !(await stat(file).then((s) => s.isFile(), () => false))) {
      file = join(DIST, '404.html');
      status = 404;
    }
    let body = await readFile(file);
    if (file.endsWith('.html')) body = Buffer.from(body.toString().replace('</body>', INJECTED + '</body>'));
    res.writeHead(status, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

test('on a host without headers, the page policy blocks injected script and runs the page', async ({ page, errors }) => {
  await page.addInitScript(() => {
    (window as any).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as any).__csp.push(e.violatedDirective));
  });
  for (const path of ['/', '/rbi-policy/', '/search/?q=rbi', '/no/such/page']) {
    const res = (await page.goto(base + path))!;
    expect(res.headers()['content-security-policy'], path).toBeUndefined();
    await hydrated(page); // the page's own scripts ran
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as any).__injected), path).toBeUndefined();
    expect((await page.evaluate(() => (window as any).__csp)).sort(), path).toEqual(['script-src-attr', 'script-src-elem']);
  }
  // The console reports each refusal: expected here, and nothing else.
  const refusals = errors.filter((e) => /violates the following Content Security Policy directive/.test(e));
  expect(refusals.length).toBe(8);
  errors.splice(0, errors.length, ...errors.filter((e) => !refusals.includes(e)));
});
