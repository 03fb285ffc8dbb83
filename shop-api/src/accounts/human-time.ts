const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * WordPress' `human_time_diff` as WooCommerce Points & Rewards shows it in
 * `date_display_human`: "5 mins ago", "3 hours ago", "2 days ago", "1 week ago"...
 */
export function humanTimeAgo(then: Date, now: Date): string {
  const diff = Math.abs(now.getTime() - then.getTime());
  let text: string;
  if (diff < HOUR) text = unit(Math.max(1, Math.round(diff / MINUTE)), 'min');
  else if (diff < DAY) text = unit(Math.max(1, Math.round(diff / HOUR)), 'hour');
  else if (diff < WEEK) text = unit(Math.max(1, Math.round(diff / DAY)), 'day');
  else if (diff < MONTH) text = unit(Math.max(1, Math.round(diff / WEEK)), 'week');
  else if (diff < YEAR) text = unit(Math.max(1, Math.round(diff / MONTH)), 'month');
  else text = unit(Math.max(1, Math.round(diff / YEAR)), 'year');
  return `${text} ago`;
}
