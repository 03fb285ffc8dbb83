import { describe, expect, it } from 'vitest';
import { reducedFraction, truncate } from './text.ts';

describe('text rules', () => {
  it('reduces odds fractions', () => {
    expect(reducedFraction(2, 100)).toBe('1/50');
    expect(reducedFraction(1, 2999)).toBe('1/2999');
    expect(reducedFraction(30, 4999)).toBe('30/4999');
    expect(reducedFraction(0, 10)).toBe('0/10');
    expect(reducedFraction(1, 0)).toBe('');
  });
  it("truncates with '...'", () => {
    expect(truncate('Short', 10)).toBe('Short');
    expect(truncate('Win an Audi RS3 Sportback', 12)).toBe('Win an Au...');
    expect(truncate('Win an Audi RS3 Sportback', 12).length).toBeLessThanOrEqual(12);
  });
});
