import { test, expect, hydrated } from './fixtures';

// The launch notice's lifecycle around the e2e site's launch date,
// 2025-09-10 (e2e/overlay.yaml), for a first-time visitor. Days are the
// site's time zone's, Asia/Kolkata (UTC+5:30), whatever the browser's.
test.use({ launchSeen: false });

async function settled(page: import('@playwright/test').Page) {
  await hydrated(page);
  await page.waitForLoadState('networkidle'); // the lazy launch chunk, if it is wanted
}

test('on launch day the notice still shows, saying so', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-09-10T18:00:00Z') }); // 23:30 in Kolkata
  await page.goto('/');
  await settled(page);
  await expect(page.getByRole('dialog', { name: 'Launching Soon!' })).toContainText('Launching today');
  await expect(page.getByRole('complementary', { name: 'Portal launch' })).toContainText('is launching today');
});

test('once the launch day is over, the modal, popup and banner stop by themselves', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-09-10T18:31:00Z') }); // 00:01 on the 11th in Kolkata
  for (const path of ['/', '/portal']) {
    await page.goto(path);
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Portal launch' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Launch updates' })).toHaveCount(0);
  }
});

test('launchNotice: false in the site config switches them off before the launch too', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-09-05T10:00:00') });
  // The page as a build with launchNotice: false writes it (generator/pipeline's
  // TestHostedModeBuild checks the generator's side).
  await page.route('**/', async (route) => {
    const res = await route.fetch();
    const html = await res.text();
    expect(html).toContain('"launchNotice":true');
    await route.fulfill({ response: res, body: html.replace('"launchNotice":true', '"launchNotice":false') });
  });
  await page.goto('/');
  await settled(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Portal launch' })).toHaveCount(0);
});
