import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    include: ['frontend/src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['frontend/src/setup-tests.ts'],
  },
});
