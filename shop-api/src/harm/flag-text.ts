import dayjs from 'dayjs';
import type { HarmRule } from '@cgg/contracts/staff';
import { SHOP_TIMEZONE } from '../lib/london-time.ts';
import { penceToPounds } from '../lib/money.ts';

/** What set a flag off, in words staff read, from the figures stored with it (rules.ts). */

const londonWhen = (iso: unknown): string => dayjs(String(iso)).tz(SHOP_TIMEZONE).format('D MMM YYYY, HH:mm');
const money = (pence: unknown): string => `£${penceToPounds(Number(pence))}`;
const hour = (h: unknown): string => `${String(h).padStart(2, '0')}:00`;
const periodWord: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const breakWord: Record<string, string> = { '24h': 'a 24-hour break', '7d': 'a 7-day break', '30d': 'a 30-day break', '6m': 'a 6-month self-exclusion', permanent: 'a permanent closure' };

export function flagText(rule: HarmRule, f: Record<string, unknown>): string {
  switch (rule) {
    case 'spend_spike':
      return `Spent ${money(f.week_pence)} in the last 7 days, over ${String(f.multiplier)}× their weekly average of ${money(f.weekly_average_pence)} over the ${String(f.weeks)} weeks before`;
    case 'limit_raises':
      return `Asked to raise or remove their spending limit ${String(f.raises)} times in ${String(f.days)} days (latest ${londonWhen(f.last_at)})`;
    case 'late_night':
      return `Placed ${String(f.orders)} orders between ${hour(f.from_hour)} and ${hour(f.to_hour)} (London) in ${String(f.days)} days (latest ${londonWhen(f.last_at)})`;
    case 'after_limit_or_break':
      return `Bought ${String(f.minutes_after)} minutes after ${f.ended === 'break' ? 'their break ended' : 'a raised or removed spending limit applied'} (order #${String(f.order_id)}, ${londonWhen(f.ordered_at)})`;
    case 'near_spend_limit':
      return `Spent ${money(f.spent_pence)} of their ${periodWord[String(f.duration)] ?? String(f.duration)} limit of ${money(f.limit_pence)}`;
    case 'break_started':
      return `Started ${breakWord[String(f.period)] ?? 'a break'} on ${londonWhen(f.started_at)}${f.until ? `, until ${londonWhen(f.until)}` : ''}`;
    case 'high_spend':
      return `Spent ${money(f.spent_pence)} in the last ${String(f.days)} days`;
  }
}
