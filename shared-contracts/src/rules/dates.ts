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

/** A 'YYYY-MM-DD' date plus an optional 'HH:MM' time, read as London wall time. */
export function londonDateTime(date: string, time = '00:00'): Dayjs {
  return dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', SHOP_TIMEZONE);
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
