import type { StoreCart, StoreCartItem } from '@cgg/contracts/store';

export type { StoreCartItem };
export type StoreCartTotals = StoreCart['totals'];

/** Spec section 9: the basket total shown when an item has no totals. */
export const FALLBACK_BASKET_TOTAL_PENCE = 999_999_999;

/** What the total needs of an item; `totals` is optional so a drifted line cannot crash the header. */
type Totalled = { totals?: { line_total?: string } | null };

function pence(minorUnits: string | undefined): number | null {
  if (minorUnits === undefined || !/^-?\d+$/.test(minorUnits)) return null;
  return Number(minorUnits);
}

/**
 * The basket total in pence: the server's total_price when the cart answer had one,
 * else the sum of the lines; 999999999 as soon as any line has no totals (spec
 * section 9), so a broken line never shows as a cheap basket.
 */
export function basketTotalPence(items: readonly Totalled[], serverTotal?: string | null): number {
  let sum = 0;
  for (const item of items) {
    const line = pence(item.totals?.line_total);
    if (line === null) return FALLBACK_BASKET_TOTAL_PENCE;
    sum += line;
  }
  const total = serverTotal == null ? null : pence(serverTotal);
  return Math.max(0, total ?? sum);
}

/** Tickets in the basket (WooCommerce's items_count: the sum of quantities). */
export function ticketCount(items: readonly Pick<StoreCartItem, 'quantity'>[]): number {
  return items.reduce((n, item) => n + Number(item.quantity || 0), 0);
}

/** Tickets of one competition already in the basket. */
export function inBasketFor(items: readonly StoreCartItem[], competitionId: number): number {
  return items.filter((i) => i.competition.id === competitionId).reduce((n, i) => n + Number(i.quantity), 0);
}
