import type { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/*
 * The competition payload of the content API. The spec names the fields but not their
 * types; these are ours (shop-api/README.md documents them):
 * - money as WordPress sends it, a decimal string in pounds ("0.99"); rules convert to pence;
 * - dates 'YYYY-MM-DD' and times 'HH:MM' (24h), Europe/London wall time;
 * - flags as booleans; the correct answer to the question is never sent.
 */
const dateString = lazySchema((z) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')));
const timeString = lazySchema((z) => z.string().check(z.regex(/^\d{2}:\d{2}$/, 'time must be HH:MM')));
const poundsString = lazySchema((z) => z.string().check(z.regex(/^\d+\.\d{2}$/, 'money must be pounds with 2 decimals')));

export const competitionStatusSchema = lazySchema((z) => z.enum(['open', 'closed', 'drawn']));
export type CompetitionStatus = z.infer<typeof competitionStatusSchema>;

export const instantWinPrizeSchema = lazySchema((z) => z.object({
  id: z.int(),
  title: z.string(),
  prize_value: poundsString,
  image: z.string(),
  quantity: z.int().check(z.nonnegative()),
}));

/** One instant-win ticket number; `won_by` is the winner's public name once bought. */
export const instantWinTicketSchema = lazySchema((z) => z.object({
  ticket_number: z.int().check(z.positive()),
  instant_win_id: z.int(),
  won: z.boolean(),
  won_by: z.nullable(z.string()),
}));

export const rewardWinSchema = lazySchema((z) => z.object({
  id: z.int(),
  title: z.string(),
  prize_value: poundsString,
  /** Fires when this share of the tickets is sold (1..100). */
  percentage: z.int().check(z.minimum(1), z.maximum(100)),
  won: z.boolean(),
}));

export const questionOptionSchema = lazySchema((z) => z.object({ id: z.int(), text: z.string() }));

export const competitionSchema = lazySchema((z) => z.object({
  id: z.int().check(z.positive()),
  competition_product_id: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  image: z.string(),
  gallery_images: z.array(z.string()),
  price_per_ticket: poundsString,
  sale_price: z.nullable(poundsString),
  sale_start_date: z.nullable(dateString),
  sale_start_time: z.nullable(timeString),
  sale_end_date: z.nullable(dateString),
  sale_end_time: z.nullable(timeString),
  /** Tickets still in stock (WooCommerce's stock quantity). */
  quantity: z.int().check(z.nonnegative()),
  total_sell_tickets: z.int().check(z.positive()),
  total_ticket_sold: z.int().check(z.nonnegative()),
  max_ticket_per_user: z.int().check(z.positive()),
  draw_date: dateString,
  draw_time: timeString,
  closing_date: dateString,
  closing_time: timeString,
  status: competitionStatusSchema,
  created_at: z.string(),
  enable_instant_wins: z.boolean(),
  instant_wins: z.array(instantWinPrizeSchema),
  instant_wins_tickets: z.array(instantWinTicketSchema),
  enable_reward_wins: z.boolean(),
  reward_wins: z.array(rewardWinSchema),
  comp_question: z.boolean(),
  question: z.nullable(z.string()),
  question_options: z.array(questionOptionSchema),
  hide_ticket_count: z.boolean(),
  hide_timer: z.boolean(),
  disable_tickets: z.boolean(),
  live_draw: z.boolean(),
  live_draw_info: z.nullable(z.string()),
  /** Prize value in pounds, for the winners summary and cards. */
  prize_value: poundsString,
  cash_alternative: z.nullable(poundsString),
  /** Set once drawn. */
  winning_ticket_number: z.nullable(z.int()),
  /** Present (true) when the competition was cancelled: `status` is 'closed', it is never drawn and every entry is refunded. */
  cancelled: z.optional(z.literal(true)),
}));
export type Competition = z.infer<typeof competitionSchema>;
export type InstantWinPrize = z.infer<typeof instantWinPrizeSchema>;
export type InstantWinTicket = z.infer<typeof instantWinTicketSchema>;
export type RewardWin = z.infer<typeof rewardWinSchema>;

export const competitionCategorySchema = lazySchema((z) => z.object({ slug: z.string(), name: z.string(), count: z.int() }));
export type CompetitionCategory = z.infer<typeof competitionCategorySchema>;
