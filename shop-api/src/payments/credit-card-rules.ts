import dayjs from 'dayjs';
import { STORE_ERRORS } from '@cgg/contracts/store';
import type { Queryable } from '../accounts/queryable.ts';
import { periodEnd, periodStart, SPENDING_STATUSES } from '../accounts/responsible-play.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { SHOP_TIMEZONE } from '../lib/london-time.ts';
import { penceToPounds } from '../lib/money.ts';
import type { FundingType } from './payment-gateway.ts';

/*
 * Clause 1.3 of the UK prize-draw code (credit cards), as this shop keeps it:
 * - no credit card for a competition with instant wins (a quick, repeatable play);
 * - at most the settings' credit_card_monthly_cap_pence paid by credit card per customer per
 *   London calendar month.
 * The funding type is the payment provider's (PaymentGateway.describePaymentMethod), read before any money
 * moves. 'unknown' counts as credit: when the bank will not say, we take the careful reading.
 */

/** Funding types the clause's limits apply to. */
export const CREDIT_LIKE: readonly FundingType[] = ['credit', 'unknown'];
export const isCreditLike = (funding: FundingType): boolean => CREDIT_LIKE.includes(funding);

/** The cap in force (pence). */
export async function creditCardCapPence(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ pence: number }>('SELECT credit_card_monthly_cap_pence AS pence FROM settings WHERE id');
  return rows[0]?.pence ?? 0;
}

/**
 * Pence the customer paid by credit card in `now`'s London calendar month (orders that count as
 * spending). The whole month, not only up to `now`: a checkout of the same customer that read the
 * clock a moment later but took the customer's lock first placed an order "after" this one's now,
 * and it counts all the same (bounded at `now`, two checkouts at once went over the cap).
 */
export async function creditCardSpentPence(db: Queryable, customerId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ pence: string }>(
    `SELECT COALESCE(sum(card_charged_pence), 0)::bigint AS pence FROM orders
     WHERE customer_id = $1 AND status = ANY($2) AND card_funding = ANY($3) AND created_at >= $4 AND created_at < $5`,
    [customerId, SPENDING_STATUSES, CREDIT_LIKE, periodStart('month', now), periodEnd('month', now)],
  );
  return Number(rows[0]!.pence);
}

export interface CardUse {
  customerId: number;
  funding: FundingType;
  /** What the card would pay. */
  cardPence: number;
  /** The basket's competitions. */
  competitions: ReadonlyArray<{ id: number; title: string; enable_instant_wins: boolean }>;
  now: Date;
}

const refused = (message: string, data: Record<string, unknown>): WpHttpError => {
  const e = STORE_ERRORS.creditCardRefused;
  return new WpHttpError(e.status, e.code, message, data);
};

const quoted = (titles: string[]): string => titles.map((t) => `"${t}"`).join(', ');

/**
 * The checkout's gate for a card (clause 1.3). Call it inside the checkout transaction, under
 * the customer's lock (lockCustomer, taken first by the checkout), after the card is looked up
 * and before it is charged: two checkouts of one customer are then checked one after the other
 * and cannot together pass the cap, and a refused card is never charged.
 */
export async function assertCardAllowed(db: Queryable, use: CardUse): Promise<void> {
  if (!isCreditLike(use.funding) || use.cardPence <= 0) return;
  const instant = use.competitions.filter((c) => c.enable_instant_wins);
  if (instant.length > 0) {
    throw refused(
      `We can't take credit cards for competitions with instant wins, and ${quoted(instant.map((c) => c.title))} ${instant.length === 1 ? 'has' : 'have'} them. ` +
        'Please pay with a debit card or use your site credit instead.',
      { reason: 'instant_wins', competition_ids: instant.map((c) => c.id) },
    );
  }
  const cap = await creditCardCapPence(db);
  const spent = await creditCardSpentPence(db, use.customerId, use.now);
  if (spent + use.cardPence <= cap) return;
  const left = Math.max(0, cap - spent);
  const nextMonth = dayjs(periodStart('month', use.now)).tz(SHOP_TIMEZONE).add(1, 'month').format('D MMMM');
  const why = `You can pay up to £${penceToPounds(cap)} by credit card in a calendar month`;
  throw refused(
    left > 0
      ? `${why}, and this order would go over it: you have £${penceToPounds(left)} left this month. Please pay with a debit card or use your site credit instead.`
      : `${why}, and you have reached it this month. Please pay with a debit card or use your site credit instead; credit cards can be used again from ${nextMonth}.`,
    { reason: 'monthly_cap', cap: penceToPounds(cap), spent: penceToPounds(spent), left: penceToPounds(left) },
  );
}
