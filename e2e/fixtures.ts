import { test as base, expect, type Page } from '@playwright/test';

// Every page must hydrate cleanly: any console error, uncaught exception or
// recoverable (hydration) error fails the test that caused it.
export const test = base.extend<{ errors: string[]; launchSeen: boolean }>({
  // Most tests are not about the launch modal: start as a returning reader
  // who has already closed it. Launch tests set this to false.
  launchSeen: [true, { option: true }],
  page: async ({ page, launchSeen }, use) => {
    // The page only: an embedded frame from another site may not use storage.
    if (launchSeen) await page.addInitScript(() => window === window.top && localStorage.setItem('nivaran-launch-modal-seen', '1'));
    await use(page);
  },
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && !/Failed to load resource.*404/.test(m.text()) && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function hydrated(page: Page) {
  await page.waitForFunction(() => Array.isArray((window as any).__recoverableErrors) || document.querySelector('#root [data-hydrated]') !== null);
  // One frame for effects to run after hydration.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  expect(await page.evaluate(() => (window as any).__recoverableErrors ?? [])).toEqual([]);
}

// Scrolling is smooth (styles.css): wait until the page has come to rest.
export async function scrolledToRest(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    for (let y = -1, still = 0; still < 5; still = window.scrollY === y ? still + 1 : 0) {
      y = window.scrollY;
      await frame();
    }
  });
}
