import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const SHOP_TIMEZONE = 'Europe/London';

/** An instant as the shop writes it to people: "1 July 2026 at 12:00" (London). */
export const londonWhen = (d: Date): string => dayjs(d).tz(SHOP_TIMEZONE).format('D MMMM YYYY [at] HH:mm');

/** The instant of `time` (HH:mm, London wall time) on the London day `days` after `now`'s. */
export function londonAt(now: Date, days: number, time: string): Date {
  const day = dayjs(now).tz(SHOP_TIMEZONE).add(days, 'day').format('YYYY-MM-DD');
  return dayjs.tz(`${day} ${time}`, SHOP_TIMEZONE).toDate();
}

/**
 * The same London wall time (to the millisecond) `amount` London calendar days or months after
 * `d`: a 7-day break begun at 13:00 before the clocks go back ends at 13:00 on the London
 * clock, not at 12:00 (7 × 24 hours).
 */
export function londonLater(d: Date, amount: number, unit: 'day' | 'month'): Date {
  const wall = dayjs(d).tz(SHOP_TIMEZONE);
  return dayjs.tz(`${wall.add(amount, unit).format('YYYY-MM-DD')} ${wall.format('HH:mm:ss.SSS')}`, SHOP_TIMEZONE).toDate();
}

/** The last moment of a London calendar day ('2026-12-31'), whatever the clocks do: a coupon's "until". */
export function londonEndOfDay(day: string): Date {
  return dayjs.tz(`${day} 23:59:59.999`, SHOP_TIMEZONE).toDate();
}

/** The same London wall time `days` London calendar days after `d` (not days × 24 hours: clocks change). */
export function londonDaysLater(d: Date, days: number): Date {
  return londonAt(d, days, dayjs(d).tz(SHOP_TIMEZONE).format('HH:mm'));
}

/**
 * A draw time later on `now`'s London day: 20:00 when that is still at least an
 * hour away, otherwise the next quarter hour after 30 minutes from now, kept before
 * midnight when possible (only a seed in the last minutes of a day spills over).
 */
export function laterTodayInLondon(now: Date): Date {
  const evening = londonAt(now, 0, '20:00');
  if (evening.getTime() - now.getTime() >= 3600_000) return evening;
  const quarter = 15 * 60_000;
  const soon = new Date(Math.ceil((now.getTime() + 30 * 60_000) / quarter) * quarter);
  const lastMinute = londonAt(now, 0, '23:59');
  if (soon <= lastMinute) return soon;
  return lastMinute.getTime() > now.getTime() + 60_000 ? lastMinute : new Date(Math.ceil((now.getTime() + 5 * 60_000) / 60_000) * 60_000);
}
