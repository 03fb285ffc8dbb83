import { STORE_ERRORS } from '@cgg/contracts/store';
import { ticketsLeft, type Competition } from '@cgg/contracts';
import { WpHttpError } from '../http/wp-error.ts';

/*
 * Spec section 5, server side: 0 tickets left refuses; the per-user maximum counts the
 * basket plus tickets already bought; a request is capped at the smaller of the
 * remaining allowance and the tickets left.
 */

export type NotPurchasableReason = 'closed' | 'drawn' | 'disabled';

export function notPurchasableReason(c: Competition): NotPurchasableReason | null {
  if (c.status === 'drawn') return 'drawn';
  if (c.status === 'closed') return 'closed';
  if (c.disable_tickets) return 'disabled';
  return null;
}

const fill = (message: string, title: string): string => message.replace('%s', title);

export function notPurchasable(c: Competition, reason: NotPurchasableReason): WpHttpError {
  const e = STORE_ERRORS.notPurchasable;
  return new WpHttpError(e.status, e.code, fill(e.message, c.title), { reason, competition_id: c.id });
}

export function outOfStock(c: Competition): WpHttpError {
  const e = STORE_ERRORS.outOfStock;
  return new WpHttpError(e.status, e.code, fill(e.message, c.title), { competition_id: c.id });
}

/** Throws when the competition cannot be bought at all right now. */
export function assertPurchasable(c: Competition): void {
  const reason = notPurchasableReason(c);
  if (reason) throw notPurchasable(c, reason);
  if (ticketsLeft(c) === 0) throw outOfStock(c);
}

export interface Allowance {
  ticketsLeft: number;
  /** How many more of this competition the line may take (never below 0). */
  more: number;
  /** Which rule binds when `more` is reached. */
  limit: 'stock' | 'per_user';
}

/** How many more tickets a line holding `inCart` may take, given `purchased` already bought. */
export function allowance(c: Competition, inCart: number, purchased: number): Allowance {
  const left = ticketsLeft(c);
  const perUser = Math.max(0, c.max_ticket_per_user - purchased - inCart);
  // The stock cap is on the line as a whole (the basket does not reserve tickets).
  const stock = Math.max(0, left - inCart);
  return stock <= perUser ? { ticketsLeft: left, more: stock, limit: 'stock' } : { ticketsLeft: left, more: perUser, limit: 'per_user' };
}

export function maxPerUserError(c: Competition, inCart: number, purchased: number): WpHttpError {
  const e = STORE_ERRORS.maxPerUser;
  return new WpHttpError(e.status, e.code, e.message, { competition_id: c.id, max_per_user: c.max_ticket_per_user, in_cart: inCart, purchased });
}

export interface CappedNotice {
  code: string;
  message: string;
  data: Record<string, unknown>;
}

/** The notice a capped add or update carries in `cart.errors` (and the 400 at checkout). */
export function partialNotice(c: Competition, available: number, added: number, requested: number, limit: Allowance['limit']): CappedNotice {
  const e = STORE_ERRORS.partiallyOutOfStock;
  return {
    code: e.code,
    message: e.message.replace('%d', String(available)).replace('%s', c.title),
    data: { competition_id: c.id, available, added, requested, limit, tickets_left: ticketsLeft(c), max_per_user: c.max_ticket_per_user },
  };
}

/**
 * Decides an add: how many of `requested` go in, or the error. `inCart` is the line's
 * quantity now, `purchased` the customer's tickets already bought (0 for visitors).
 */
export function decideAdd(c: Competition, requested: number, inCart: number, purchased: number): { add: number; notice: CappedNotice | null } {
  assertPurchasable(c);
  const a = allowance(c, inCart, purchased);
  if (a.more === 0) {
    if (a.limit === 'stock') throw outOfStock(c);
    throw maxPerUserError(c, inCart, purchased);
  }
  if (requested <= a.more) return { add: requested, notice: null };
  return { add: a.more, notice: partialNotice(c, inCart + a.more, a.more, requested, a.limit) };
}

/** Decides an update to an absolute quantity: the quantity kept, capped as an add would be. */
export function decideUpdate(c: Competition, requested: number, purchased: number): { quantity: number; notice: CappedNotice | null } {
  assertPurchasable(c);
  const a = allowance(c, 0, purchased);
  if (a.more === 0) {
    if (a.limit === 'stock') throw outOfStock(c);
    throw maxPerUserError(c, 0, purchased);
  }
  if (requested <= a.more) return { quantity: requested, notice: null };
  return { quantity: a.more, notice: partialNotice(c, a.more, a.more, requested, a.limit) };
}
