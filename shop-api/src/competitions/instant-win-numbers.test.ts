import { describe, expect, it } from 'vitest';
import { drawInstantWinNumbers } from './instant-win-numbers.ts';

describe('drawInstantWinNumbers', () => {
  it('draws distinct numbers inside 1..total, sparse and dense', () => {
    for (const [count, total] of [[5, 1000], [60, 100], [100, 100], [0, 10], [1, 1]] as const) {
      const n = drawInstantWinNumbers(count, total);
      expect(n).toHaveLength(count);
      expect(new Set(n).size).toBe(count);
      expect(n.every((x) => Number.isInteger(x) && x >= 1 && x <= total)).toBe(true);
    }
  });

  it('uses the randomness it is given (node:crypto by default), never a fixed sequence', () => {
    const calls: Array<[number, number]> = [];
    const fake = (min: number, max: number) => {
      calls.push([min, max]);
      return min + (calls.length % (max - min));
    };
    drawInstantWinNumbers(3, 1000, fake);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.every(([min, max]) => min === 1 && max === 1001)).toBe(true);
    // Two crypto draws of 10 from 10^6 agreeing would mean the randomness is not random.
    expect(drawInstantWinNumbers(10, 1_000_000)).not.toEqual(drawInstantWinNumbers(10, 1_000_000));
  });

  it('refuses more numbers than tickets', () => {
    expect(() => drawInstantWinNumbers(11, 10)).toThrow(RangeError);
  });
});
