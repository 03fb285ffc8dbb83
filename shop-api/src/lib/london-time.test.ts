import { describe, expect, it } from 'vitest';
import { laterTodayInLondon, londonAt } from './london-time.ts';

const londonDate = (d: Date): string => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

describe('london time helpers', () => {
  it('reads wall time in London, summer and winter', () => {
    expect(londonAt(new Date('2026-07-01T10:00:00Z'), 1, '20:00').toISOString()).toBe('2026-07-02T19:00:00.000Z');
    expect(londonAt(new Date('2026-11-21T10:00:00Z'), 0, '20:00').toISOString()).toBe('2026-11-21T20:00:00.000Z');
  });
  it('draws at 20:00 when the evening is still ahead', () => {
    expect(laterTodayInLondon(new Date('2026-11-21T07:00:00Z')).toISOString()).toBe('2026-11-21T20:00:00.000Z');
  });
  it('stays later the same London day after 19:00', () => {
    const now = new Date('2026-11-21T21:10:00Z');
    const draw = laterTodayInLondon(now);
    expect(draw.getTime()).toBeGreaterThan(now.getTime());
    expect(londonDate(draw)).toBe('2026-11-21');
  });
});
