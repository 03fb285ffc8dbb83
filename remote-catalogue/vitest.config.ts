import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // Screens wait up to 5 s for what the user sees (test/setup); a test gets room beyond that on a busy CI machine.
    testTimeout: 20_000,
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Dates in the tests are London wall time, as in the shop.
    env: { TZ: 'Europe/London' },
  },
});
