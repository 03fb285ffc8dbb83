import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * The competition file of `competition-create` / `competition-update`: the fields of the
 * spec's Competition an operator sets, in the payload's own units (pounds strings,
 * London 'YYYY-MM-DD HH:MM'), checked with zod so every error names its field.
 */

const pounds = z.string().regex(/^\d{1,7}\.\d{2}$/, 'must be pounds with 2 decimals, like "0.99"');
const londonTime = z.string().refine((v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v) && dayjs.tz(v, 'YYYY-MM-DD HH:mm', 'Europe/London').isValid(), 'must be London time "YYYY-MM-DD HH:MM"');
const url = z.string().regex(/^\/[\w\-./]+$|^https:\/\/\S+$/, 'must be a site-relative path (/wp-content/...) or an https URL');

/**
 * Instant-win prizes: each `quantity` ticket numbers win `title` (worth `prize_value`).
 * The numbers are not in the file: the API draws them at random (crypto) from
 * 1..total_tickets when the competition is created.
 */
const instantWinPrize = z.strictObject({
  title: z.string().trim().min(3).max(200),
  prize_value: pounds,
  quantity: z.number().int().min(1).max(10_000),
  image: url.optional(),
});
/** Reward wins: when `percentage` % of the tickets are sold, a ticket drawn from the entries so far wins `title`. */
const rewardWin = z.strictObject({
  title: z.string().trim().min(3).max(200),
  prize_value: pounds,
  percentage: z.number().int().min(1).max(100),
});

/** Every field without defaults: what an update may send, any subset. */
const fieldShape = {
  title: z.string().trim().min(3).max(200),
  category: z.string().regex(/^[a-z0-9-]+$/, 'must be a category slug like "cars"'),
  description: z.string().max(20_000),
  image: url,
  gallery_images: z.array(url).max(20),
  price_per_ticket: pounds,
  sale: z.strictObject({ price: pounds, start: londonTime, end: londonTime }).nullable(),
  total_tickets: z.number().int().min(1).max(10_000_000),
  max_ticket_per_user: z.number().int().min(1),
  closing: londonTime,
  draw: londonTime,
  prize_value: pounds,
  cash_alternative: pounds.nullable(),
  featured: z.boolean(),
  hide_ticket_count: z.boolean(),
  hide_timer: z.boolean(),
  disable_tickets: z.boolean(),
  live_draw: z.boolean(),
  live_draw_info: z.string().max(500).nullable(),
  question: z
    .strictObject({ text: z.string().trim().min(3).max(500), options: z.array(z.string().trim().min(1).max(200)).min(2).max(6), correct: z.number().int().min(0) })
    .nullable(),
  instant_wins: z.array(instantWinPrize).max(50),
  reward_wins: z.array(rewardWin).max(20),
};

export const competitionFields = z.strictObject({
  ...fieldShape,
  description: fieldShape.description.default(''),
  gallery_images: fieldShape.gallery_images.default([]),
  sale: fieldShape.sale.default(null),
  cash_alternative: fieldShape.cash_alternative.default(null),
  featured: fieldShape.featured.default(false),
  hide_ticket_count: fieldShape.hide_ticket_count.default(false),
  hide_timer: fieldShape.hide_timer.default(false),
  disable_tickets: fieldShape.disable_tickets.default(false),
  live_draw: fieldShape.live_draw.default(false),
  live_draw_info: fieldShape.live_draw_info.default(null),
  question: fieldShape.question.default(null),
  instant_wins: fieldShape.instant_wins.default([]),
  reward_wins: fieldShape.reward_wins.default([]),
});
/** An update: any subset of the fields, nothing defaulted. */
export const competitionPatch = z.strictObject(fieldShape).partial();
export type CompetitionFields = z.infer<typeof competitionFields>;

/** How many ticket numbers the instant-win prizes need. */
export const instantWinNumberCount = (prizes: ReadonlyArray<{ quantity: number }> | undefined): number => (prizes ?? []).reduce((n, p) => n + p.quantity, 0);

export const toPence = (pounds: string): number => Math.round(Number(pounds) * 100);
export const fromLondon = (v: string): Date => dayjs.tz(v, 'YYYY-MM-DD HH:mm', 'Europe/London').toDate();

/** Rules across fields (zod checks each field alone); messages name the fields. */
export function crossFieldErrors(c: Partial<CompetitionFields>): string[] {
  const errors: string[] = [];
  if (c.closing && c.draw && fromLondon(c.closing) > fromLondon(c.draw)) errors.push('closing: must not be after draw');
  if (c.sale && c.price_per_ticket && toPence(c.sale.price) >= toPence(c.price_per_ticket)) errors.push('sale.price: must be lower than price_per_ticket');
  if (c.sale && fromLondon(c.sale.start) >= fromLondon(c.sale.end)) errors.push('sale.end: must be after sale.start');
  if (c.question && c.question.correct >= c.question.options.length) errors.push(`question.correct: must be the index (0-${c.question.options.length - 1}) of an option`);
  if (c.max_ticket_per_user && c.total_tickets && c.max_ticket_per_user > c.total_tickets) errors.push('max_ticket_per_user: must not exceed total_tickets');
  if (c.live_draw && !c.live_draw_info) errors.push('live_draw_info: say where and when the live draw happens');
  const numbers = instantWinNumberCount(c.instant_wins);
  if (c.instant_wins && c.total_tickets && numbers > c.total_tickets) {
    errors.push(`instant_wins: ${numbers} instant-win numbers (the sum of the quantities) do not fit in ${c.total_tickets} tickets (total_tickets)`);
  }
  const seen = new Map<number, number>();
  for (const [i, r] of (c.reward_wins ?? []).entries()) {
    if (seen.has(r.percentage)) errors.push(`reward_wins.${i}.percentage: ${r.percentage} is already the milestone of reward_wins.${seen.get(r.percentage)}; one reward per milestone`);
    else seen.set(r.percentage, i);
  }
  return errors;
}

/** zod's issues as "field: message" lines. */
export const issueLines = (error: z.ZodError): string[] => error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`);
