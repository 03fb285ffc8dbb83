import { randomUUID } from 'node:crypto';
import { accountCalls, type ClaimPrizeRequest } from '@cgg/contracts/account';
import { ApiError, apiRequest, } from '@cgg/contracts';
import type pg from 'pg';
import { addToBasket, checkoutOnce, newBuyer, type Buyer } from '../store/race-harness.ts';
import { createCompetition } from '../store/store-fixtures.ts';

/* Winners made through a real checkout (instant wins), plus draw and reward wins written beside the order. */

export const address = {
  first_name: 'Jamie', last_name: 'Taylor', phone: '07700900123', address_1: '12', address_2: 'Market Street', city: 'Manchester', postcode: 'm1 1ab', state: '',
};
export const bank = { account_number: '12345678', sort_code: '112233' };

export interface Winner {
  buyer: Buyer;
  orderId: number;
  competitionId: number;
  /** instant_win_awards ids, one per ticket bought. */
  instantWinIds: number[];
}

/** A customer buys `tickets` tickets of a fresh competition where every number wins ('£50 Cash #n' prizes). */
export async function instantWinner(pool: pg.Pool, base: string, tickets = 1): Promise<Winner> {
  const buyer = await newBuyer(pool, base);
  const c = await createCompetition(pool, { total: tickets, maxPerUser: tickets, instantWinNumbers: Array.from({ length: tickets }, (_, i) => i + 1) });
  await addToBasket(base, buyer, c.productId, tickets);
  const out = await checkoutOnce(base, buyer);
  if (!out.ok) throw new Error(`checkout failed: ${out.code}`);
  return { buyer, orderId: out.order.order_id, competitionId: c.id, instantWinIds: out.order.extensions.cgg.instant_wins.map((w) => w.win_id) };
}

export async function setInstantPrizeTitle(pool: pg.Pool, winId: number, title: string, pence = 1000): Promise<void> {
  await pool.query('UPDATE instant_win_prizes SET title = $2, prize_value_pence = $3 WHERE id = (SELECT instant_win_prize_id FROM instant_win_awards WHERE id = $1)', [winId, title, pence]);
}

/** The winner's main-draw win of their competition (an item prize, with a cash alternative when given). */
export async function addDrawWin(pool: pg.Pool, w: Winner, o: { prize?: string; pence?: number; cashAlternativePence?: number | null } = {}): Promise<number> {
  await pool.query('UPDATE competitions SET cash_alternative_pence = $2 WHERE id = $1', [w.competitionId, o.cashAlternativePence ?? null]);
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO draw_wins (competition_id, ticket_number, customer_id, order_id, winner_first_name, winner_town, prize_title, prize_value_pence, won_at)
     VALUES ($1, 1, $2, $3, 'Jamie', 'Manchester', $4, $5, now()) RETURNING id`,
    [w.competitionId, w.buyer.customerId, w.orderId, o.prize ?? 'Audi RS3 Sportback', o.pence ?? 4_500_000],
  );
  return Number(rows[0]!.id);
}

export async function addRewardWin(pool: pg.Pool, w: Winner, title = '£250 Site Credit', pence = 25_000): Promise<number> {
  const r = await pool.query<{ id: number }>(
    `INSERT INTO reward_wins (competition_id, title, prize_value_pence, percentage, won_at, won_by_name) VALUES ($1, $2, $3, 50, now(), 'Jamie T.') RETURNING id`,
    [w.competitionId, title, pence],
  );
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO reward_win_awards (reward_win_id, competition_id, ticket_number, customer_id, order_id, won_at) VALUES ($1, $2, 1, $3, $4, now()) RETURNING id`,
    [r.rows[0]!.id, w.competitionId, w.buyer.customerId, w.orderId],
  );
  return Number(rows[0]!.id);
}

type ClaimInput = Omit<ClaimPrizeRequest, 'token' | 'idempotency_key'> & { idempotency_key?: string };

export type ClaimOutcome = { ok: true; claim: Awaited<ReturnType<typeof claim>> } | { ok: false; status: number; code: string; message: string; params?: Record<string, string> };

export async function claim(base: string, token: string, input: ClaimInput) {
  const res = await apiRequest(accountCalls.claimPrize, { token, idempotency_key: randomUUID(), ...input }, { baseUrl: base });
  return res.data;
}

export async function tryClaim(base: string, token: string, input: ClaimInput): Promise<ClaimOutcome> {
  try {
    return { ok: true, claim: await claim(base, token, input) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const params = (err.data as { params?: Record<string, string> } | undefined)?.params;
    return { ok: false, status: err.status, code: err.code, message: err.message, ...(params ? { params } : {}) };
  }
}
