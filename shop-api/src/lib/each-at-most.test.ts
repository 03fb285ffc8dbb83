import { describe, expect, it } from 'vitest';
import { eachAtMost } from './each-at-most.ts';

describe('eachAtMost', () => {
  it('does every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setImmediate(r));
      seen.push(n);
      running--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('finishes the rest when one item throws, then throws the first error', async () => {
    const seen: number[] = [];
    const run = eachAtMost([1, 2, 3, 4], 2, async (n) => {
      if (n === 2) throw new Error('two');
      seen.push(n);
    });
    await expect(run).rejects.toThrow('two');
    expect(seen).toEqual([1, 3, 4]);
  });

  it('does nothing for no items', async () => {
    await eachAtMost([], 4, async () => {
      throw new Error('never');
    });
  });
});
