import { describe, expect, it } from 'vitest';
import { drawDateTime, formatDisplayDate, formatLongDate, isNew, londonDateOf, to12Hour } from './dates.ts';

describe('dates', () => {
  it('is new for 48 hours after created_at', () => {
    const created = '2026-11-19T12:00:00Z';
    expect(isNew(created, new Date('2026-11-19T12:00:00Z'))).toBe(true);
    expect(isNew(created, new Date('2026-11-21T11:59:59Z'))).toBe(true);
    expect(isNew(created, new Date('2026-11-21T12:00:00Z'))).toBe(false);
    expect(isNew('not a date', new Date())).toBe(false);
  });
  it('reads a created_at without a zone as local time, as before', () => {
    const local = new Date(2026, 10, 19, 12, 0, 0);
    expect(isNew('2026-11-19 12:00:00', local)).toBe(true);
    expect(isNew('2026-11-19 12:00:00', new Date(local.getTime() - 1))).toBe(false);
    expect(isNew('2026-11-19 12:00:00', new Date(local.getTime() + 48 * 3600_000))).toBe(false);
  });
  it("formats 'MMMM D, YYYY'", () => {
    expect(formatDisplayDate('2026-11-21')).toBe('November 21, 2026');
    expect(formatDisplayDate('2026-01-05 10:00:00')).toBe('January 5, 2026');
    expect(formatDisplayDate('garbage')).toBe('');
    expect(formatDisplayDate('2026-02-30')).toBe('');
  });
  it('formats an instant by its London date, either side of midnight and of the clock change', () => {
    expect(formatDisplayDate(new Date('2026-07-01T23:30:00Z'))).toBe('July 2, 2026');
    expect(formatDisplayDate(new Date('2026-12-01T23:30:00Z'))).toBe('December 1, 2026');
    expect(formatDisplayDate(new Date('invalid'))).toBe('');
    // 2026: BST from 01:00 UTC on 29 March to 01:00 UTC on 25 October.
    expect(londonDateOf(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    expect(londonDateOf(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(londonDateOf(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });
  it("formats 'D MMMM YYYY'", () => {
    expect(formatLongDate('2027-03-01')).toBe('1 March 2027');
    expect(formatLongDate('2027-02-29')).toBe('');
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

describe('London wall time without Intl', () => {
  // Deterministic work (about 16,000 conversions each way), not a timing: room for a busy machine.
  it('agrees with the time-zone plugin: twice a day for 2020-2035, and every half hour of each clock-change weekend', { timeout: 60_000 }, async () => {
    const dayjs = (await import('dayjs')).default;
    dayjs.extend((await import('dayjs/plugin/utc.js')).default);
    dayjs.extend((await import('dayjs/plugin/timezone.js')).default);
    const { londonWallTimeToInstant } = await import('./dates.ts');
    const walls = new Set<string>();
    const wallOf = (t: number) => new Date(t).toISOString().slice(0, 16).replace('T', ' ');
    for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2036, 0, 1); day += 86_400_000) {
      for (const minutes of [20 * 60, 23 * 60 + 30]) walls.add(wallOf(day + minutes * 60_000));
      const d = new Date(day);
      // The weekends the clocks change (last Sunday of March and October): Saturday to Monday.
      const weekday = d.getUTCDay();
      if ((d.getUTCMonth() === 2 || d.getUTCMonth() === 9) && d.getUTCDate() >= 24 && [6, 0, 1].includes(weekday)) {
        for (let m = 0; m < 24 * 60; m += 30) walls.add(wallOf(day + m * 60_000));
      }
    }
    let checked = 0;
    for (const wall of walls) {
      const at = new Date(`${wall.replace(' ', 'T')}:00Z`);
      // The hour the clocks skip and the hour they repeat are defined by our own rule (below).
      const changeHour = at.getUTCHours() === 1 && (at.getUTCMonth() === 2 || at.getUTCMonth() === 9) && at.getUTCDay() === 0 && at.getUTCDate() > 24;
      if (changeHour) continue;
      expect(londonWallTimeToInstant(wall), wall).toBe(dayjs.tz(wall, 'YYYY-MM-DD HH:mm', 'Europe/London').valueOf());
      checked++;
    }
    expect(checked).toBeGreaterThan(15_000);
  });

  it('gives the London date of every instant the time-zone plugin gives, 2020-2035 (each hour around the clock changes)', { timeout: 60_000 }, async () => {
    const dayjs = (await import('dayjs')).default;
    dayjs.extend((await import('dayjs/plugin/utc.js')).default);
    dayjs.extend((await import('dayjs/plugin/timezone.js')).default);
    let checked = 0;
    for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2036, 0, 1); day += 86_400_000) {
      const month = new Date(day).getUTCMonth();
      const hours = month === 2 || month === 9 ? Array.from({ length: 24 }, (_, h) => h) : [22, 23];
      for (const h of hours) {
        const at = new Date(day + h * 3600_000 + 30 * 60_000);
        expect(londonDateOf(at), at.toISOString()).toBe(dayjs(at).tz('Europe/London').format('YYYY-MM-DD'));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15_000);
  });

  it('reads the skipped hour as GMT and the repeated hour as its first (BST) occurrence', async () => {
    const { londonWallTimeToInstant } = await import('./dates.ts');
    // 2026: clocks go forward on 29 March, back on 25 October.
    expect(new Date(londonWallTimeToInstant('2026-03-29 01:30')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(londonWallTimeToInstant('2026-10-25 01:30')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(londonWallTimeToInstant('2026-10-25 02:00')).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('refuses what is not a date and time', async () => {
    const { londonWallTimeToInstant } = await import('./dates.ts');
    // Years 0-99 too: Date.UTC would read 0025 as 1925.
    for (const bad of ['', '2026-02-30 10:00', '2026-13-01 10:00', '2026-01-01 24:00', '2026-01-01 10:60', '2026-1-1 10:00', 'tomorrow', '0025-06-01 12:00']) {
      expect(londonWallTimeToInstant(bad), bad).toBeNaN();
    }
  });
});
