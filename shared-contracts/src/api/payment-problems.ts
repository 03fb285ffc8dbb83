import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Payment problems for the back office and shop-api's `payment-problems` CLI command: what the
 * payment code and its reconciliation found between the provider and our orders
 * (payment_discrepancies), and how a person dealt with each.
 */

/**
 * What was found:
 * - amount_mismatch: a payment took a different amount from the order's card part; the order is
 *   held (pending, its tickets reserved) until an admin deals with it, which refunds the payment in
 *   full and releases the order; its customer is mailed that it is being checked, then how it ended;
 * - late_payment_refunded: paid after the reservation was released, refunded automatically (repaired);
 * - card_changed_refunded: paid with another card than the one checkout checked against the
 *   credit-card rules (3-D Secure finished with a different card): the order released and the
 *   payment refunded automatically (repaired);
 * - break_refunded: confirmed after its customer began a break or closed their account (UK code
 *   1.5): the order released and the payment refunded automatically (repaired);
 * - late_payment_refund_refused: a payment not kept (any of the three above), and the provider
 *   refused the automatic refund (refund it at the provider);
 * - refunded_at_provider: the provider shows more refunded of a paid order than the shop refunded
 *   (a refund made in its dashboard): the order still holds its tickets;
 * - refund_failed_at_provider: a card refund the shop counted made failed at the provider later (a
 *   card closed since): the customer does not have that money; pay them another way;
 * - unknown_intent: the provider has a payment that names no order of ours;
 * - paid_without_payment: an order is paid but its payment is not (look at the provider's dashboard);
 * - missing_at_provider: an order's payment is not in the provider's list.
 */
export const PAYMENT_PROBLEM_KINDS = [
  'amount_mismatch', 'late_payment_refunded', 'card_changed_refunded', 'break_refunded', 'late_payment_refund_refused', 'refunded_at_provider', 'refund_failed_at_provider', 'unknown_intent', 'paid_without_payment', 'missing_at_provider',
] as const;

/**
 * What closing a problem does: a payment of the wrong amount is refunded in full, and its order
 * released if it is still held ('refund_and_release') or left as it is if it was already given up
 * ('refund'); anything else is only recorded. `refund: false` closes without asking the provider
 * (the money was dealt with elsewhere, as in the provider's dashboard).
 */
export const PAYMENT_PROBLEM_CLOSE = ['refund_and_release', 'refund', 'record'] as const;

export const paymentProblemSchema = lazySchema(() => z.object({
  id: z.int(),
  provider: z.string(),
  intent_id: z.string(),
  order_id: z.nullable(z.int()),
  /** The order's status now (null: no order). */
  order_status: z.nullable(z.string()),
  /** One of PAYMENT_PROBLEM_KINDS (a newer kind shows as it is). */
  kind: z.string(),
  detail: z.string(),
  /** Repaired automatically (nothing for a person to do). */
  repaired: z.boolean(),
  found_at: z.string(),
  resolved_at: z.nullable(z.string()),
  resolved_by: z.nullable(z.string()),
  resolution: z.nullable(z.string()),
  on_close: z.enum(PAYMENT_PROBLEM_CLOSE),
  /**
   * The customer's mail about it (kinds that touched their money: amount_mismatch,
   * late_payment_refunded, card_changed_refunded, break_refunded): 'due' (not sent yet), 'sent' (at `customer_told_at`), 'none' (no
   * address, or nothing to tell: a wrong amount on an order that stays paid); null for other
   * kinds and for problems found before customers were mailed.
   */
  customer_mail: z.nullable(z.enum(['due', 'sent', 'none'])),
  customer_told_at: z.nullable(z.string()),
}));
export type PaymentProblem = z.infer<typeof paymentProblemSchema>;

/** `open`: only those neither repaired nor resolved (the default), else the last 100 of every kind. */
export const staffPaymentProblemsRequestSchema = lazySchema(() => z.strictObject({ open: z.optional(z.boolean()) }));
export const staffPaymentProblemsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(paymentProblemSchema) }));

/** What the admin did about it, in their words (kept with the problem and in the audit log). */
export const staffResolvePaymentProblemRequestSchema = lazySchema(() => z.strictObject({
  id: z.int().check(z.positive()),
  note: z.string().check(z.trim(), z.minLength(1, 'Say what you did about it.'), z.maxLength(500, 'At most 500 characters.')),
  /** false: do not ask the provider for a refund (already refunded elsewhere); default true. */
  refund: z.optional(z.boolean()),
}));
export const staffResolvePaymentProblemResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({
    problem: paymentProblemSchema,
    /** Pounds of the payment refunded to the card, as the provider now says (an amount mismatch); '0.00' when none. */
    refunded: z.string(),
    /** The held order was released (its tickets back on sale, points and credit given back). */
    order_released: z.boolean(),
  }),
}));
