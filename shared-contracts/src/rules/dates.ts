import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** Every date and time the shop shows or compares is London wall time (docs/decisions.md#london-time). */
export const SHOP_TIMEZONE = 'Europe/London';
export const NEW_FOR_HOURS = 48;

/** 01:00 UTC on the last Sunday of a month (0-based), when the UK's clocks change. */
function clockChangeUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/**
 * The instant of a London wall time, by the UK's rule (British Summer Time, UTC+1, from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October; GMT
 * otherwise), without Intl: the time-zone plugin's first use loads the browser's zone data
 * and costs a phone ~180 ms of main thread on the home page, where every card and countdown
 * reads a draw time. `dates.test.ts` checks it against that plugin for every half hour of
 * 2020-2035. A wall time that does not exist (the hour the clocks skip) reads as GMT (so
 * 01:30 that morning is 02:30 BST); one that happens twice (the hour repeated) as its first
 * occurrence, in BST. NaN for text that is not a 'YYYY-MM-DD HH:mm' date and time.
 */
export function londonWallTimeToInstant(wall: string): number {
  const m = WALL_TIME.exec(wall);
  if (!m) return NaN;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return NaN;
  const inSummerTime = asUtc - 3600_000;
  return inSummerTime >= clockChangeUtc(year, 2) && inSummerTime < clockChangeUtc(year, 9) ? inSummerTime : asUtc;
}

/** A 'YYYY-MM-DD' date plus an optional 'HH:MM' time, read as London wall time: the instant (compare with `valueOf()`). */
export function londonDateTime(date: string, time = '00:00'): Dayjs {
  return dayjs(londonWallTimeToInstant(`${date} ${time}`));
}

export function drawDateTime(c: { draw_date: string; draw_time: string }): Dayjs {
  return londonDateTime(c.draw_date, c.draw_time);
}

/** New for 48 hours after created_at (spec section 4). */
export function isNew(createdAt: string, now: Date = new Date()): boolean {
  const created = dayjs(createdAt);
  if (!created.isValid()) return false;
  const ageMs = now.getTime() - created.valueOf();
  return ageMs >= 0 && ageMs < NEW_FOR_HOURS * 3600_000;
}

/** 'MMMM D, YYYY' (spec section 9): '2026-11-21' -> 'November 21, 2026'. Empty for bad input. */
export function formatDisplayDate(date: string | Date): string {
  const d = typeof date === 'string' ? dayjs(date.slice(0, 10), 'YYYY-MM-DD', true) : dayjs(date).tz(SHOP_TIMEZONE);
  return d.isValid() ? d.format('MMMM D, YYYY') : '';
}

/** 24h 'HH:MM' to 12h with AM/PM: '20:05' -> '8:05 PM', '00:30' -> '12:30 AM'. Unparseable input is returned as is. */
export function to12Hour(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  if (hours > 23 || Number(match[2]) > 59) return time;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${match[2]} ${suffix}`;
}
