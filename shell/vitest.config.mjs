import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Components run in jsdom; the server tests say `@vitest-environment node` themselves.
    environment: 'jsdom',
    // Screens wait up to 5 s for what the user sees (test/setup); a test gets room beyond that on a busy CI machine.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.mjs'],
    restoreMocks: true,
    setupFiles: ['./src/test/setup.ts'],
  },
});
