import { describe, expect, it } from 'vitest';
import { penceToPounds } from './money.ts';

describe('penceToPounds', () => {
  it('formats pence as pounds with two decimals', () => {
    expect(penceToPounds(99)).toBe('0.99');
    expect(penceToPounds(5)).toBe('0.05');
    expect(penceToPounds(150000)).toBe('1500.00');
    expect(penceToPounds(0)).toBe('0.00');
  });
  it('refuses fractions and negatives', () => {
    expect(() => penceToPounds(1.5)).toThrow(RangeError);
    expect(() => penceToPounds(-1)).toThrow(RangeError);
  });
});
