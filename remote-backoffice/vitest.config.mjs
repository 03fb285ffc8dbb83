import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // Screens wait up to 5 s for what the user sees (test/setup); a test gets room beyond that on a busy CI machine.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Dates in the tests are London wall time, as in the shop.
    env: { TZ: 'Europe/London' },
  },
});
