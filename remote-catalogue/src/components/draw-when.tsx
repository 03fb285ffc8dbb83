import { formatDisplayDate, to12Hour, type Competition } from '@cgg/contracts';

/** 'November 21, 2026 at 8:00 PM' (spec: 'MMMM D, YYYY' dates and 12-hour times). */
export function drawWhenText(c: Pick<Competition, 'draw_date' | 'draw_time'>): string {
  return `${formatDisplayDate(c.draw_date)} at ${to12Hour(c.draw_time)}`;
}
