import { vi } from 'vitest';

/**
 * Waits until `check` passes, for what the code does on its own: a mail sent in the background, a
 * listener reconnecting, a pool noticing its connection was killed. vi.waitFor gives up after one
 * second by default, which a CI machine running two suites at once can exceed; a longer limit
 * never makes a passing test slower, only a failing one.
 */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 50 });
