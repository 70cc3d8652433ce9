import { defineConfig, devices } from '@playwright/test';

// End-to-end tests drive Debian's Chromium against a real build served by
// `magazine serve` (built by `make test-e2e` into .cache/e2e-dist).
// E2E_PORT lets several checkouts run their browser tests side by side.
export const PORT = Number(process.env.E2E_PORT || 18437);
export const BASE = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: BASE,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `bin/magazine serve --dir .cache/e2e-dist --data .cache/e2e-data --addr 127.0.0.1:${PORT}`,
    url: `${BASE}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
