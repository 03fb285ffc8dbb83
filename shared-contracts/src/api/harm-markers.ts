import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { editBase } from './edit-base.ts';
import { lockPeriodSchema } from './auth.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Harm markers and breaks (the UK prize-draw code, clauses 1.5 to 1.8): the rules that flag a
 * customer for a person to review, their thresholds, the review queue, and a break applied by
 * support. Re-exported by `@cgg/contracts/staff`.
 */

const positiveId = z.int().check(z.positive());

/**
 * The rules. The first four are the code's markers: spending well above the customer's own
 * average, repeated limit raises, buying late at night, buying right after a limit or break
 * ended. The last three are the dashboard's older reasons, now flags like the others.
 */
export const harmRules = ['spend_spike', 'limit_raises', 'late_night', 'after_limit_or_break', 'near_spend_limit', 'break_started', 'high_spend'] as const;
export const harmRuleSchema = lazySchema(() => z.enum(harmRules));
export type HarmRule = z.infer<typeof harmRuleSchema>;
export const harmRuleLabels: Record<HarmRule, string> = {
  spend_spike: 'Spending well above their average',
  limit_raises: 'Raised their limit repeatedly',
  late_night: 'Buying late at night',
  after_limit_or_break: 'Bought right after a limit or break ended',
  near_spend_limit: 'Close to their spending limit',
  break_started: 'Started a break',
  high_spend: 'High spending',
};

/** What staff did about a flag; recording it closes the flag. */
export const reviewActions = ['contacted', 'limit_suggested', 'break_applied', 'no_action'] as const;
export const reviewActionSchema = lazySchema(() => z.enum(reviewActions));
export type ReviewAction = z.infer<typeof reviewActionSchema>;
export const reviewActionLabels: Record<ReviewAction, string> = {
  contacted: 'Contacted the customer',
  limit_suggested: 'Suggested a spending limit',
  break_applied: 'Applied a break',
  no_action: 'No action needed',
};

/** One open flag: who, which rule, when, and the figures that set it off (`text` says them in words). */
export const reviewFlagSchema = lazySchema(() => z.object({
  id: z.int(),
  customer_id: z.int(),
  name: z.string(),
  rule: harmRuleSchema,
  text: z.string(),
  raised_at: z.string(),
  figures: z.record(z.string(), z.unknown()),
}));
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;
export const staffReviewsRequestSchema = lazySchema(() => z.strictObject({}));
export const staffReviewsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(reviewFlagSchema) }));
export const staffReviewCloseRequestSchema = lazySchema(() => z.strictObject({
  flag_id: positiveId,
  action: reviewActionSchema,
  note: z.string().check(z.trim(), z.minLength(1, 'Write a note: what was done or why nothing was needed.'), z.maxLength(2000, 'A note has at most 2,000 characters.')),
}));

const whole = (min: number, max: number) => z.int().check(z.minimum(min, `Between ${min} and ${max}.`), z.maximum(max, `Between ${min} and ${max}.`));
const pounds = z.string().check(z.trim(), z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter an amount in pounds, e.g. 100 or 100.00.'));

/** The thresholds, as admins read and write them (money in pounds, hours London time, 0-24). */
export const harmSettingsSchema = lazySchema(() => z.object({
  /** Spend spike: the last 7 days above `multiplier` times the weekly average of the `weeks` before, and above `floor`. */
  spend_spike_multiplier: z.number(),
  spend_spike_weeks: z.int(),
  spend_spike_floor: z.string(),
  /** Limit raises: `count` asked for within `days`. */
  raises_count: z.int(),
  raises_days: z.int(),
  /** Late night: `orders` or more within `days` placed from `from_hour` to before `to_hour`. */
  late_night_orders: z.int(),
  late_night_days: z.int(),
  late_night_from_hour: z.int(),
  late_night_to_hour: z.int(),
  /** After a limit or break ended: an order within this many minutes of the end. */
  after_end_minutes: z.int(),
  near_limit_percent: z.int(),
  high_spend: z.string(),
  high_spend_days: z.int(),
  break_lookback_days: z.int(),
}));
export type HarmSettings = z.infer<typeof harmSettingsSchema>;
export const staffHarmSettingsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: harmSettingsSchema }));
/** Any subset; each field bounded, and the late-night hours must leave a window (from < to). */
export const staffHarmSettingsUpdateRequestSchema = lazySchema(() => z.strictObject({
  spend_spike_multiplier: z.optional(z.number().check(z.minimum(1, 'Between 1 and 100.'), z.maximum(100, 'Between 1 and 100.'))),
  spend_spike_weeks: z.optional(whole(1, 52)),
  spend_spike_floor: z.optional(pounds),
  raises_count: z.optional(whole(1, 100)),
  raises_days: z.optional(whole(1, 365)),
  late_night_orders: z.optional(whole(1, 1000)),
  late_night_days: z.optional(whole(1, 365)),
  late_night_from_hour: z.optional(whole(0, 23)),
  late_night_to_hour: z.optional(whole(1, 24)),
  after_end_minutes: z.optional(whole(1, 10080)),
  near_limit_percent: z.optional(whole(1, 100)),
  high_spend: z.optional(pounds),
  high_spend_days: z.optional(whole(1, 365)),
  break_lookback_days: z.optional(whole(1, 365)),
  /** The fields sent, as the editor loaded them (edit-base.ts). */
  base: editBase(),
}));
export type HarmSettingsUpdate = z.infer<typeof staffHarmSettingsUpdateRequestSchema>;

/** Support starts a break (or closes the account for good) for the customer, at once, with why. */
export const staffCustomerBreakRequestSchema = lazySchema(() => z.strictObject({
  customer_id: positiveId,
  period: lockPeriodSchema,
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why: it is kept in the audit log.'), z.maxLength(500, 'At most 500 characters.')),
}));
