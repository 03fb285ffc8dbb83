/**
 * Whether closing a wrong-amount problem refunds the payment, by its order's status: one still held
 * or already given up, yes (never kept); one that stays paid, no (only recorded). Closing it
 * (payment-problems.ts) and the customer's mail, which promises the refund (payment-problem-mails.ts),
 * both go by this.
 */
export const closingRefunds = (orderStatus: string | null): boolean => orderStatus === 'pending' || orderStatus === 'cancelled' || orderStatus === 'failed';

/**
 * Whether an order's payment is under review, as SQL (`order`: the order's id in the caller's
 * query): the provider took an amount that does not match the order (order-payment.ts flags it
 * `amount_mismatch`) and staff have not yet closed that problem (payment-problems.ts refunds it in
 * full and releases the order). Until then the order is theirs: checkout-return and the held-order
 * calls answer it as under review without asking the provider, a cancel changes nothing, and the
 * expiry job leaves it alone.
 */
export const underReview = (order: string): string =>
  `EXISTS (SELECT 1 FROM payment_discrepancies d WHERE d.order_id = ${order} AND d.kind = 'amount_mismatch' AND d.resolved_at IS NULL)`;
