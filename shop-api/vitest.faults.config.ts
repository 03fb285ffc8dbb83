import { defineConfig } from 'vitest/config';

/*
 * The fault suite (`npm run test:faults`): the compiled API behind HAProxy with faults injected
 * during sell-outs (faults/). Its own run, not the unit tests': it starts whole clusters of
 * processes, so its files run one after another.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
