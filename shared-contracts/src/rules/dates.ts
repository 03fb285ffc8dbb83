/**
 * Every date and time the shop shows or compares is London wall time (docs/decisions.md#london-time).
 * Plain `Date` arithmetic by the UK's clock rule, no date library and no Intl: these run on every
 * page's first screen (cards, countdowns), where dayjs and its time-zone plugin cost a phone
 * about 5 KB gzip of start-up script and its first `tz()` call ~180 ms of main thread.
 */
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
  // Date.UTC reads years 0-99 as 1900-1999: the year is checked too.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return NaN;
  const inSummerTime = asUtc - 3600_000;
  return inSummerTime >= clockChangeUtc(year, 2) && inSummerTime < clockChangeUtc(year, 9) ? inSummerTime : asUtc;
}

/**
 * The London wall clock at an instant, as a Date whose UTC fields read London's (use `getUTC*`).
 * The clocks change at 01:00 UTC whichever way they go, so the rule needs no wall time.
 */
function londonWallClock(instant: number): Date {
  const year = new Date(instant).getUTCFullYear();
  const inSummerTime = instant >= clockChangeUtc(year, 2) && instant < clockChangeUtc(year, 9);
  return new Date(instant + (inSummerTime ? 3600_000 : 0));
}

/** London's calendar date at an instant, 'YYYY-MM-DD' (a valid instant). */
export function londonDateOf(instant: Date): string {
  return londonWallClock(instant.getTime()).toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' date plus an optional 'HH:MM' time, read as London wall time: the instant (compare with `valueOf()`; invalid for bad text). */
export function londonDateTime(date: string, time = '00:00'): Date {
  return new Date(londonWallTimeToInstant(`${date} ${time}`));
}

export function drawDateTime(c: { draw_date: string; draw_time: string }): Date {
  return londonDateTime(c.draw_date, c.draw_time);
}

// How the dates this package read before parsed text: a date and time without a zone is the
// device's local time; anything else (ISO with Z or an offset) goes to Date.
const ZONELESS = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

function parseTimestamp(text: string): Date {
  const m = /Z$/i.test(text) ? null : ZONELESS.exec(text);
  if (!m) return new Date(text);
  const [, y, mo, d, h, mi, s, frac] = m;
  return new Date(Number(y), Number(mo ?? 1) - 1, Number(d || 1), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), Number((frac ?? '0').slice(0, 3)));
}

/** New for 48 hours after created_at (spec section 4). */
export function isNew(createdAt: string, now: Date = new Date()): boolean {
  const created = parseTimestamp(createdAt).getTime();
  if (Number.isNaN(created)) return false;
  const ageMs = now.getTime() - created;
  return ageMs >= 0 && ageMs < NEW_FOR_HOURS * 3600_000;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written 'YYYY-MM-DD': its year, month name and day; null otherwise. */
function readIsoDate(text: string): { year: string; month: string; day: number } | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year: m[1]!, month: MONTHS[month - 1]!, day };
}

/** 'MMMM D, YYYY' (spec section 9): '2026-11-21' -> 'November 21, 2026'; a Date by its London date. Empty for bad input. */
export function formatDisplayDate(date: string | Date): string {
  const d = readIsoDate(typeof date === 'string' ? date.slice(0, 10) : Number.isNaN(date.getTime()) ? '' : londonDateOf(date));
  return d ? `${d.month} ${d.day}, ${d.year}` : '';
}

/** 'D MMMM YYYY' of a 'YYYY-MM-DD' date: '2026-11-21' -> '21 November 2026'. Empty for bad input. */
export function formatLongDate(date: string): string {
  const d = readIsoDate(date);
  return d ? `${d.day} ${d.month} ${d.year}` : '';
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
