import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { londonWallTimeToInstant } from '../rules/dates.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * A competition as an operator writes it: the CLI's competition file (`competition-create`,
 * `competition-update`) and the back office's editor send these same fields, checked by these
 * same schemas, so the two can never disagree. Units are the payload's own: pounds strings,
 * London 'YYYY-MM-DD HH:MM'. Every message names what is wrong in words an operator reads.
 */

const pounds = z.string().check(z.regex(/^\d{1,7}\.\d{2}$/, 'must be pounds with 2 decimals, like "0.99"'));
/** A ticket price: a free ticket is the postal route's, never a price (the database refuses 0 too). */
const price = z.string().check(z.regex(/^\d{1,7}\.\d{2}$/, 'must be pounds with 2 decimals, like "0.99"'), z.refine((v) => Number(v) > 0, 'must be more than 0.00'));
const londonTime = z.string().check(z.refine((v) => !Number.isNaN(londonWallTimeToInstant(v)), 'must be London time "YYYY-MM-DD HH:MM"'));
const imageUrl = z.string().check(z.regex(/^\/[\w\-./]+$|^https:\/\/\S+$/, 'must be a site-relative path (/wp-content/...) or an https URL'));
const text = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(min, min === 1 ? 'is required' : `must be at least ${min} characters`), z.maxLength(max, `must be at most ${max} characters`));
const wholeNumber = (min: number, max: number) =>
  z.int('must be a whole number').check(z.minimum(min, `must be at least ${min.toLocaleString('en-GB')}`), z.maximum(max, `must be at most ${max.toLocaleString('en-GB')}`));

/**
 * Instant-win prizes: each `quantity` ticket numbers win `title` (worth `prize_value`).
 * The numbers are never sent in: the API draws them at random (crypto) from
 * 1..total_tickets when the competition is saved, and they never change once a ticket sells.
 */
export const instantWinPrizeSchema = lazySchema(() => z.strictObject({
  title: text(3, 200),
  prize_value: pounds,
  quantity: wholeNumber(1, 10_000),
  image: z.optional(imageUrl),
}));
export type InstantWinPrizeInput = z.infer<typeof instantWinPrizeSchema>;

/** Reward wins: when `percentage` % of the tickets are sold, a ticket drawn from the entries so far wins `title`. */
export const rewardWinSchema = lazySchema(() => z.strictObject({
  title: text(3, 200),
  prize_value: pounds,
  percentage: wholeNumber(1, 100),
}));

const questionSchema = z.strictObject({
  text: text(3, 500),
  options: z.array(text(1, 200)).check(z.minLength(2, 'needs at least 2 options'), z.maxLength(6, 'takes at most 6 options')),
  /** Index of the correct option; never sent to a customer. */
  correct: z.int('must be the index of an option').check(z.minimum(0, 'must be the index of an option')),
});

/** Every field, none defaulted: what an update may send, any subset. */
const fieldShape = {
  title: text(3, 200),
  category: z.string().check(z.regex(/^[a-z0-9-]+$/, 'must be a category slug like "cars"')),
  description: z.string().check(z.maxLength(20_000, 'must be at most 20,000 characters')),
  image: imageUrl,
  gallery_images: z.array(imageUrl).check(z.maxLength(20, 'takes at most 20 images')),
  price_per_ticket: price,
  sale: z.nullable(z.strictObject({ price, start: londonTime, end: londonTime })),
  total_tickets: wholeNumber(1, 10_000_000),
  max_ticket_per_user: wholeNumber(1, 10_000_000),
  closing: londonTime,
  draw: londonTime,
  prize_value: pounds,
  cash_alternative: z.nullable(pounds),
  featured: z.boolean(),
  hide_ticket_count: z.boolean(),
  hide_timer: z.boolean(),
  disable_tickets: z.boolean(),
  live_draw: z.boolean(),
  live_draw_info: z.nullable(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  question: z.nullable(questionSchema),
  instant_wins: z.array(instantWinPrizeSchema).check(z.maxLength(50, 'takes at most 50 prizes')),
  reward_wins: z.array(rewardWinSchema).check(z.maxLength(20, 'takes at most 20 milestones')),
};

/** A new competition: the required fields, the rest defaulted. */
export const competitionFieldsSchema = lazySchema(() => z.strictObject({
  ...fieldShape,
  description: z._default(fieldShape.description, ''),
  gallery_images: z._default(fieldShape.gallery_images, []),
  sale: z._default(fieldShape.sale, null),
  cash_alternative: z._default(fieldShape.cash_alternative, null),
  featured: z._default(fieldShape.featured, false),
  hide_ticket_count: z._default(fieldShape.hide_ticket_count, false),
  hide_timer: z._default(fieldShape.hide_timer, false),
  disable_tickets: z._default(fieldShape.disable_tickets, false),
  live_draw: z._default(fieldShape.live_draw, false),
  live_draw_info: z._default(fieldShape.live_draw_info, null),
  question: z._default(fieldShape.question, null),
  instant_wins: z._default(fieldShape.instant_wins, []),
  reward_wins: z._default(fieldShape.reward_wins, []),
}));
export type CompetitionFields = z.infer<typeof competitionFieldsSchema>;

/** A change: any subset of the fields, nothing defaulted. */
export const competitionPatchSchema = lazySchema(() => z.partial(z.strictObject(fieldShape)));
export type CompetitionPatch = z.infer<typeof competitionPatchSchema>;

/** How many ticket numbers the instant-win prizes need. */
export const instantWinNumberCount = (prizes: ReadonlyArray<{ quantity: number }> | undefined): number => (prizes ?? []).reduce((n, p) => n + p.quantity, 0);

const toPence = (value: string): number => Math.round(Number(value) * 100);
const instant = (wall: string): number => londonWallTimeToInstant(wall);

/** One problem, addressed to its field ('sale.price', 'reward_wins.1.percentage'). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Rules across fields (the schemas check each field alone). */
export function crossFieldProblems(c: Partial<CompetitionFields>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (c.closing && c.draw && instant(c.closing) > instant(c.draw)) add('closing', 'must not be after draw');
  if (c.sale && c.price_per_ticket && toPence(c.sale.price) >= toPence(c.price_per_ticket)) add('sale.price', 'must be lower than price_per_ticket');
  if (c.sale && instant(c.sale.start) >= instant(c.sale.end)) add('sale.end', 'must be after sale.start');
  if (c.question && c.question.correct >= c.question.options.length) add('question.correct', `must be the index (0-${c.question.options.length - 1}) of an option`);
  if (c.max_ticket_per_user && c.total_tickets && c.max_ticket_per_user > c.total_tickets) add('max_ticket_per_user', 'must not exceed total_tickets');
  if (c.live_draw && !c.live_draw_info) add('live_draw_info', 'say where and when the live draw happens');
  const numbers = instantWinNumberCount(c.instant_wins);
  if (c.instant_wins && c.total_tickets && numbers > c.total_tickets) {
    add('instant_wins', `${numbers} instant-win numbers (the sum of the quantities) do not fit in ${c.total_tickets} tickets (total_tickets)`);
  }
  const seen = new Map<number, number>();
  for (const [i, r] of (c.reward_wins ?? []).entries()) {
    if (seen.has(r.percentage)) add(`reward_wins.${i}.percentage`, `${r.percentage} is already the milestone of reward_wins.${seen.get(r.percentage)}; one reward per milestone`);
    else seen.set(r.percentage, i);
  }
  return problems;
}

/** zod's issues as field problems ('(file)' when the whole value is wrong). */
export function schemaProblems(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldProblem[] {
  return issues.map((i) => ({ field: i.path.length ? i.path.map(String).join('.') : '(file)', message: i.message }));
}

/** "field: message" lines, as the CLI prints them and the API's 400 lists them. */
export const problemLines = (problems: readonly FieldProblem[]): string[] => problems.map((p) => `${p.field}: ${p.message}`);

type Checked<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

function check<T extends Partial<CompetitionFields>>(schema: z.ZodMiniType<T>, input: unknown): Checked<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: schemaProblems(parsed.error.issues) };
  const cross = crossFieldProblems(parsed.data);
  return cross.length ? { ok: false, problems: cross } : { ok: true, value: parsed.data };
}

/** A whole new competition, field by field and across fields. */
export const checkNewCompetition = (input: unknown): Checked<CompetitionFields> => check(competitionFieldsSchema, input);

/** A change, field by field and across the fields it names (rules against stored values are the API's). */
export function checkCompetitionPatch(input: unknown): Checked<CompetitionPatch> {
  const checked = check(competitionPatchSchema, input);
  if (checked.ok && Object.keys(checked.value).length === 0) return { ok: false, problems: [{ field: '(file)', message: 'names no field to change' }] };
  return checked;
}
