import { poundsToPence } from '@cgg/contracts';

export type LimitDuration = 'day' | 'week' | 'month';
export interface Limit {
  duration: LimitDuration;
  /** pounds, "50.00" */
  value: string;
}

export const AMOUNT_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;
export const AMOUNT_MESSAGE = 'Enter an amount in pounds, e.g. 50 or 50.00';

const DAYS: Record<LimitDuration, number> = { day: 1, week: 7, month: 30 };

/** Pence per day, so a weekly and a monthly limit can be compared. */
function dailyPence(limit: Limit): number {
  return poundsToPence(limit.value) / DAYS[limit.duration];
}

/**
 * Whether a change takes effect at once (a tighter limit) or after 24 hours (a looser
 * one, including removing the limit), as the UK code of practice asks. The server
 * decides for real; this tells the customer beforehand.
 */
export function limitChangeTiming(current: Limit | null, next: Limit | null): 'immediate' | 'after-24h' {
  if (next === null) return current === null ? 'immediate' : 'after-24h';
  if (current === null) return 'immediate';
  return dailyPence(next) <= dailyPence(current) ? 'immediate' : 'after-24h';
}

export const durationLabel: Record<LimitDuration, string> = { day: 'per day', week: 'per week', month: 'per month' };
