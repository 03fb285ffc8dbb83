import { z } from 'zod/mini';
import { MAX_DB_ID } from './db-id.ts';
import { lazySchema } from './lazy-schema.ts';
import { claimChoiceSchema, claimStateSchema, winKindSchema } from './claims.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Winners and fulfilment (issue "Winners and fulfilment"): every win from the moment it is
 * won, claimed or not, in the words the operators use, and the free postal entries' wins
 * the operator settles by hand. Re-exported by `@cgg/contracts/staff`; kept in its own
 * file so the staff call table only names them.
 */

/**
 * Where a win is, in the words. The API works it out from the win and its claim
 * (claim-queue.ts, the one place): no claim yet: `awaiting_claim`; a prize or cash claim
 * not yet fulfilled (received or processing): `to_send`; fulfilled: a prize with its
 * tracking `sent`, cash `paid`; site credit is `credited` as soon as it is claimed; a
 * prize fulfilled without tracking (handed over), or a postal win settled by hand: `done`.
 */
export const winStatuses = ['awaiting_claim', 'to_send', 'sent', 'paid', 'credited', 'done'] as const;
export const winStatusSchema = lazySchema(() => z.enum(winStatuses));
export type WinStatus = z.infer<typeof winStatusSchema>;
/** What the back office shows for each status. */
export const winStatusLabels: Record<WinStatus, string> = {
  awaiting_claim: 'Awaiting claim',
  to_send: 'To send',
  sent: 'Sent with tracking',
  paid: 'Paid',
  credited: 'Credited',
  done: 'Done',
};

const positiveId = z.int().check(z.positive(), z.maximum(MAX_DB_ID));
const pageNumber = z.optional(z.int().check(z.minimum(1), z.maximum(10000)));

/** One win in the queue: who won what, when, and (once claimed) the claim. */
export const staffWinSchema = lazySchema(() => z.object({
  win_kind: winKindSchema,
  win_id: z.int(),
  status: winStatusSchema,
  competition_id: z.int(),
  competition_title: z.string(),
  prize_title: z.string(),
  prize_value: z.string(),
  ticket_number: z.int(),
  won_at: z.string(),
  /** Whole days since the win (0: today). */
  days_since_win: z.int(),
  /** The account holder, or the name and email written on a free postal entry. */
  winner_name: z.string(),
  winner_email: z.string(),
  /** Null: a postal entrant without an account, who cannot claim online (settled by hand). */
  customer_id: z.nullable(z.int()),
  postal_entry_id: z.nullable(z.int()),
  /** The last reminder mailed about this win. */
  reminded_at: z.nullable(z.string()),
  claim: z.nullable(z.object({
    id: z.int(),
    state: claimStateSchema,
    choice: claimChoiceSchema,
    amount: z.string(),
    /** Where a prize goes; null for cash and credit. */
    deliver_to: z.nullable(z.string()),
    /** Cash: the account's last 4 digits only. */
    pay_to: z.nullable(z.string()),
    tracking_reference: z.nullable(z.string()),
    created_at: z.string(),
  })),
  /** A postal win settled by hand: who, and how. */
  settled: z.nullable(z.object({ by: z.string(), note: z.nullable(z.string()) })),
}));
export type StaffWin = z.infer<typeof staffWinSchema>;
export const staffWinQueueRequestSchema = lazySchema(() => z.strictObject({
  status: z.optional(winStatusSchema),
  /** One win only (the screen reads a row again after acting on it). */
  win_kind: z.optional(winKindSchema),
  win_id: z.optional(positiveId),
  /** Part of the competition's title, the prize, or the winner's name or email. */
  search: z.optional(z.string().check(z.maxLength(100))),
  page: pageNumber,
}));
export const staffWinQueueResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffWinSchema), page: z.int(), total: z.int(), total_pages: z.int() }));

const winRef = { win_kind: winKindSchema, win_id: positiveId };
/** A reminder mail to a winner who has not claimed: at most one a day per win (London days). */
export const staffWinReminderRequestSchema = lazySchema(() => z.strictObject(winRef));
export const staffWinReminderResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({ win_kind: winKindSchema, win_id: z.int(), sent_to: z.string(), sent_at: z.string() }),
}));

/** A win of a free postal entry, with the entrant as written on the entry. */
export const staffPostalWinSchema = lazySchema(() => z.object({
  win_kind: winKindSchema,
  win_id: z.int(),
  won_at: z.string(),
  competition_id: z.int(),
  competition_title: z.string(),
  ticket_number: z.int(),
  prize_title: z.string(),
  prize_value: z.string(),
  postal_entry_id: z.int(),
  full_name: z.string(),
  email: z.string(),
  town: z.string(),
  /** The entrant's account (matched by email): they claim online like any winner. */
  customer_id: z.nullable(z.int()),
  /** open: nobody has acted; claimed: claimed online; settled: handed over by an operator. */
  state: z.enum(['open', 'claimed', 'settled']),
  claim_state: z.nullable(claimStateSchema),
  settled_by: z.nullable(z.string()),
  settle_note: z.nullable(z.string()),
}));
export type StaffPostalWin = z.infer<typeof staffPostalWinSchema>;
export const staffPostalWinsRequestSchema = lazySchema(() => z.strictObject({
  competition_id: z.optional(positiveId),
  /** Only the wins nobody has claimed or settled yet. */
  open: z.optional(z.boolean()),
}));
export const staffPostalWinsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffPostalWinSchema) }));
export const staffSettlePostalWinRequestSchema = lazySchema(() => z.strictObject({
  ...winRef,
  /** How the prize was handed over: the record the next operator reads. */
  note: z.string().check(z.trim(), z.minLength(1, 'Say how the prize was handed over (e.g. bank transfer on 3 May, posted recorded).'), z.maxLength(500, 'At most 500 characters.')),
}));
export const staffSettlePostalWinResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffPostalWinSchema }));
