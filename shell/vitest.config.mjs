import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Components run in jsdom; the server tests say `@vitest-environment node` themselves.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.mjs'],
    restoreMocks: true,
    setupFiles: ['./src/test/setup.ts'],
  },
});
