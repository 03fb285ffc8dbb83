import { describe, expect, it } from 'vitest';
import { formatPounds, penceToPounds, poundsToPence } from './money.ts';

describe('money', () => {
  it('reads pounds strings as pence', () => {
    expect(poundsToPence('0.99')).toBe(99);
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence('7')).toBe(700);
  });
  it('refuses what is not an amount', () => {
    expect(() => poundsToPence('1.999')).toThrow();
    expect(() => poundsToPence('-1.00')).toThrow();
    expect(() => poundsToPence('abc')).toThrow();
  });
  it('writes pence as pounds with 2 decimals', () => {
    expect(penceToPounds(5)).toBe('0.05');
    expect(penceToPounds(199)).toBe('1.99');
    expect(formatPounds(1999)).toBe('£19.99');
    expect(formatPounds(1000000)).toBe('£10,000.00');
    expect(formatPounds(0)).toBe('£0.00');
  });
});
