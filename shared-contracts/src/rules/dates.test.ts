import { describe, expect, it } from 'vitest';
import { drawDateTime, formatDisplayDate, isNew, to12Hour } from './dates.ts';

describe('dates', () => {
  it('is new for 48 hours after created_at', () => {
    const created = '2026-11-19T12:00:00Z';
    expect(isNew(created, new Date('2026-11-19T12:00:00Z'))).toBe(true);
    expect(isNew(created, new Date('2026-11-21T11:59:59Z'))).toBe(true);
    expect(isNew(created, new Date('2026-11-21T12:00:00Z'))).toBe(false);
    expect(isNew('not a date', new Date())).toBe(false);
  });
  it("formats 'MMMM D, YYYY'", () => {
    expect(formatDisplayDate('2026-11-21')).toBe('November 21, 2026');
    expect(formatDisplayDate('2026-01-05 10:00:00')).toBe('January 5, 2026');
    expect(formatDisplayDate('garbage')).toBe('');
  });
  it('turns 24h times into 12h with AM/PM', () => {
    expect(to12Hour('00:30')).toBe('12:30 AM');
    expect(to12Hour('09:05')).toBe('9:05 AM');
    expect(to12Hour('12:00')).toBe('12:00 PM');
    expect(to12Hour('20:15')).toBe('8:15 PM');
    expect(to12Hour('25:00')).toBe('25:00');
  });
  it('reads draw times as London wall time, summer and winter', () => {
    expect(drawDateTime({ draw_date: '2026-07-01', draw_time: '20:00' }).toISOString()).toBe('2026-07-01T19:00:00.000Z');
    expect(drawDateTime({ draw_date: '2026-12-01', draw_time: '20:00' }).toISOString()).toBe('2026-12-01T20:00:00.000Z');
  });
});
