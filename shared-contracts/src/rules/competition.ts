import type { Competition } from '../api/competition.ts';
import { londonDateTime } from './dates.ts';
import { poundsToPence } from './money.ts';

type Stock = Pick<Competition, 'total_sell_tickets' | 'total_ticket_sold'>;
type Priced = Pick<
  Competition,
  'price_per_ticket' | 'sale_price' | 'sale_start_date' | 'sale_start_time' | 'sale_end_date' | 'sale_end_time'
>;

/** remaining = total_sell_tickets - total_ticket_sold, never below 0 (spec section 4). */
export function ticketsLeft(c: Stock): number {
  return Math.max(0, c.total_sell_tickets - c.total_ticket_sold);
}

export function isSoldOut(c: Stock): boolean {
  return ticketsLeft(c) === 0;
}

/** floor(sold / total * 100), clamped to 0..100 (spec section 9). */
export function soldPercentage(sold: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((sold / total) * 100)));
}

/**
 * The sale price applies only when it is lower than the normal price and now lies
 * between sale start and sale end (spec section 4). A missing start or end leaves
 * that side open; with neither, a sale price alone is not a sale.
 */
export function isSaleActive(c: Priced, now: Date = new Date()): boolean {
  if (c.sale_price === null) return false;
  if (poundsToPence(c.sale_price) >= poundsToPence(c.price_per_ticket)) return false;
  if (!c.sale_start_date && !c.sale_end_date) return false;
  const t = now.getTime();
  if (c.sale_start_date && t < londonDateTime(c.sale_start_date, c.sale_start_time ?? '00:00').valueOf()) return false;
  if (c.sale_end_date && t > londonDateTime(c.sale_end_date, c.sale_end_time ?? '23:59').valueOf()) return false;
  return true;
}

export function effectivePricePence(c: Priced, now: Date = new Date()): number {
  return isSaleActive(c, now) && c.sale_price !== null ? poundsToPence(c.sale_price) : poundsToPence(c.price_per_ticket);
}
