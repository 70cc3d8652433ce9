import { PORT } from '../playwright.config';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';

// `magazine dev` on its own port and its own copy of the stories, so the
// test can edit them freely.
const DEV = `http://127.0.0.1:${PORT + 2}`;
let dev: ChildProcess;
let dir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Its first build competes with the other browser tests for the CPU.
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'nivaran-dev-'));
  cpSync('stories', join(dir, 'stories'), { recursive: true });
  dev = spawn('bin/magazine', ['dev', '--stories', join(dir, 'stories'), '--config', 'site.yaml', '--config', 'e2e/overlay.yaml', '--data', join(dir, 'data'), '--addr', `127.0.0.1:${PORT + 2}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('magazine dev did not start')), 110_000);
    dev.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Writing mode')) {
        clearTimeout(timer);
        resolve();
      }
    });
    dev.on('exit', (code) => reject(new Error(`magazine dev exited with ${code}`)));
  });
});

test.afterAll(() => {
  dev?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

test('an edit shows in the open page, a broken file shows the overlay, a fix removes it', async ({ page }) => {
  const file = join(dir, 'stories', 'rbi-policy.md');
  const original = readFileSync(file, 'utf8');
  await page.goto(`${DEV}/rbi-policy`);
  await expect(page.locator('h1')).toContainText('RBI Holds');

  writeFileSync(file, original.replace('title: "RBI Holds the Repo Rate', 'title: "Edited Live: RBI Holds the Repo Rate'));
  await expect(page.locator('h1')).toContainText('Edited Live: RBI Holds', { timeout: 15_000 });

  writeFileSync(file, original.replace('title: "RBI Holds', 'titel: "RBI Holds'));
  const overlay = page.locator('#dev-overlay');
  await expect(overlay).toBeVisible({ timeout: 15_000 });
  await expect(overlay).toContainText('rbi-policy.md:3:1: unknown key "titel" (did you mean "title"?)');
  await expect(page.locator('h1')).toContainText('Edited Live'); // the last good page stays

  writeFileSync(file, original);
  await expect(overlay).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('h1')).not.toContainText('Edited Live');
});

test('a draft shows in magazine dev, marked as a draft', async ({ page }) => {
  const file = join(dir, 'stories', 'a-draft-in-progress.md');
  writeFileSync(
    file,
    `---
id: 9001
title: "A Draft in Progress"
introduction: "Not ready for readers yet."
author: "Nivaran Economy Desk"
publishedAt: 2025-09-04
category: "Economic Policy"
path: /a-draft-in-progress
draft: true
---

First paragraph of the draft.

**Solution Spotlight:** Finish the draft.
`,
  );
  try {
    await expect(async () => {
      const res = await page.goto(`${DEV}/a-draft-in-progress`);
      expect(res!.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('h1')).toHaveText('A Draft in Progress');
    await expect(page.getByRole('note')).toContainText('Draft');
    await page.goto(`${DEV}/`);
    await expect(page.locator('.card', { hasText: 'A Draft in Progress' }).locator('.card__status')).toHaveText('Draft');
  } finally {
    rmSync(file);
  }
});
