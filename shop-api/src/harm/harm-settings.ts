import { poundsToPence } from '@cgg/contracts';
import type { HarmSettings, HarmSettingsUpdate } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { penceToPounds } from '../lib/money.ts';

/** The thresholds as the rules use them (money in pence): one row, harm_marker_settings (migration 028). */
export interface Thresholds {
  spend_spike_multiplier: number;
  spend_spike_weeks: number;
  spend_spike_floor_pence: number;
  raises_count: number;
  raises_days: number;
  late_night_orders: number;
  late_night_days: number;
  late_night_from_hour: number;
  late_night_to_hour: number;
  after_end_minutes: number;
  near_limit_percent: number;
  high_spend_pence: number;
  high_spend_days: number;
  break_lookback_days: number;
}

/** The thresholds' columns as the rules use them (also read with a customer's facts, customer-facts.ts). */
export const THRESHOLD_COLUMNS = `spend_spike_multiplier::float8 AS spend_spike_multiplier, spend_spike_weeks, spend_spike_floor_pence, raises_count, raises_days,
  late_night_orders, late_night_days, late_night_from_hour, late_night_to_hour, after_end_minutes, near_limit_percent,
  high_spend_pence, high_spend_days, break_lookback_days`;

export async function readThresholds(db: Queryable, forUpdate = false): Promise<Thresholds> {
  const { rows } = await db.query<Thresholds>(`SELECT ${THRESHOLD_COLUMNS} FROM harm_marker_settings${forUpdate ? ' FOR UPDATE' : ''}`);
  return rows[0]!;
}

/** The thresholds as admins read them (pounds). */
export function thresholdsView(t: Thresholds): HarmSettings {
  const { spend_spike_floor_pence, high_spend_pence, ...rest } = t;
  return { ...rest, spend_spike_floor: penceToPounds(spend_spike_floor_pence), high_spend: penceToPounds(high_spend_pence) };
}

/** An admin's changes as column values (pence); only the fields sent. */
export function thresholdChanges(input: HarmSettingsUpdate): Partial<Thresholds> {
  // `base` is what the editor started from (edit-base.ts), not a threshold.
  const { spend_spike_floor, high_spend, base: _base, ...rest } = input;
  const changes: Partial<Thresholds> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (spend_spike_floor !== undefined) changes.spend_spike_floor_pence = poundsToPence(spend_spike_floor);
  if (high_spend !== undefined) changes.high_spend_pence = poundsToPence(high_spend);
  return changes;
}
