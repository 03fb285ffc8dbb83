/*
 * Which order statuses mean what, in one place: the store, accounts, draws, payments and the
 * back office all ask the same questions of an order's status.
 */

/**
 * Paid orders: 'completed' is what this shop's checkout makes; 'processing' is WooCommerce's "paid,
 * not yet fulfilled" (orders brought over from it, and the demo's): both are refunded, counted as
 * sales and sent receipts alike.
 */
export const PAID_STATUSES = ['completed', 'processing'] as const;
export const isPaidStatus = (status: string): boolean => (PAID_STATUSES as readonly string[]).includes(status);

/** Orders whose tickets the customer holds (they count toward max_ticket_per_user). */
export const HOLDING_STATUSES = ['pending', 'processing', 'completed', 'admin-comp-win'] as const;
