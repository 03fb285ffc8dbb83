import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One real PostgreSQL for the whole run; each test file gets its own database.
    globalSetup: ['./src/test/global-setup.ts'],
    // Bank details are encrypted at rest: one random key per run, so no test writes a key file into the data folder.
    env: { DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
