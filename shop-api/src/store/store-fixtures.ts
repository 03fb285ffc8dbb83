import type pg from 'pg';
import { DEMO_CARDS, TEST_PAYMENT_METHODS } from '@cgg/contracts/store';
import { createSession } from '../accounts/sessions.ts';

/*
 * Competitions, customers and checkout payloads made directly in the database, for
 * the Store tests, the race harness and bench/checkout.ts (no vitest imports here).
 */

const HOUR = 3600_000;

export interface CompetitionOptions {
  title?: string;
  total?: number;
  sold?: number;
  maxPerUser?: number;
  pricePence?: number;
  salePricePence?: number | null;
  saleStartAt?: Date | null;
  saleEndAt?: Date | null;
  question?: boolean;
  status?: 'open' | 'closed' | 'drawn';
  closingAt?: Date;
  disableTickets?: boolean;
  /** Instant-win ticket numbers (one prize each). */
  instantWinNumbers?: number[];
  /** Reward-win percentages. */
  rewardPercentages?: number[];
}

/** A competition made for a test; returns its id, product id and the question's option ids. */
export async function createCompetition(pool: pg.Pool, o: CompetitionOptions = {}) {
  const now = Date.now();
  const closingAt = o.closingAt ?? new Date(now + 72 * HOUR);
  const { rows } = await pool.query<{ id: number; competition_product_id: number }>(
    `INSERT INTO competitions (category_id, title, image, price_pence, sale_price_pence, sale_start_at, sale_end_at, total_tickets, tickets_sold,
       max_tickets_per_user, closing_at, draw_at, status, drawn_at, comp_question, question, disable_tickets, prize_value_pence,
       enable_instant_wins, enable_reward_wins)
     VALUES ((SELECT min(id) FROM categories), $1, '/wp-content/uploads/competitions/test.svg', $2, $3, $4, $5, $6, $7, $8, $9, $9, $10,
       CASE WHEN $10 = 'drawn' THEN now() END, $11, CASE WHEN $11 THEN 'What is 2 + 2?' END, $12, 100000, $13, $14)
     RETURNING id, competition_product_id`,
    [
      o.title ?? 'Test Competition', o.pricePence ?? 100, o.salePricePence ?? null, o.saleStartAt ?? null, o.saleEndAt ?? null,
      o.total ?? 100, o.sold ?? 0, o.maxPerUser ?? 50, closingAt, o.status ?? 'open', o.question ?? false, o.disableTickets ?? false,
      (o.instantWinNumbers?.length ?? 0) > 0, (o.rewardPercentages?.length ?? 0) > 0,
    ],
  );
  const c = rows[0]!;
  let right = 0;
  let wrong = 0;
  if (o.question) {
    const opts = await pool.query<{ id: number; is_correct: boolean }>(
      `INSERT INTO competition_question_options (competition_id, text, is_correct, position) VALUES ($1, '3', false, 0), ($1, '4', true, 1) RETURNING id, is_correct`,
      [c.id],
    );
    right = opts.rows.find((r) => r.is_correct)!.id;
    wrong = opts.rows.find((r) => !r.is_correct)!.id;
  }
  for (const n of o.instantWinNumbers ?? []) {
    const p = await pool.query<{ id: number }>(
      `INSERT INTO instant_win_prizes (competition_id, title, prize_value_pence, quantity) VALUES ($1, $2, 5000, 1) RETURNING id`,
      [c.id, `£50 Cash #${n}`],
    );
    await pool.query('INSERT INTO instant_win_tickets (competition_id, instant_win_prize_id, ticket_number) VALUES ($1, $2, $3)', [c.id, p.rows[0]!.id, n]);
  }
  for (const pct of o.rewardPercentages ?? []) {
    await pool.query(`INSERT INTO reward_wins (competition_id, title, prize_value_pence, percentage) VALUES ($1, $2, 1000, $3)`, [c.id, `Reward ${pct}%`, pct]);
  }
  return { id: c.id, productId: c.competition_product_id, rightAnswer: right, wrongAnswer: wrong };
}

let customerSeq = 0;
/**
 * A customer with a live session (no password hashing: tests and the bench make hundreds).
 * Born 1990 and has answered the monthly-limit question (no limit, or `limitPence` a month) (UK code 1.1, 1.4), so the checkout lets them
 * buy; `olderAccount` leaves both unset, as for an account from before sign-up asked.
 */
export async function createCustomer(pool: pg.Pool, o: { first?: string; last?: string; limitPence?: number; lockedUntil?: Date; olderAccount?: boolean } = {}) {
  customerSeq++;
  const email = `buyer${customerSeq}-${Math.random().toString(36).slice(2, 8)}@cgg.test`;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, over_18_confirmed_at, limit_duration, limit_value_pence, locked_until,
       date_of_birth, limit_choice_at, limit_choice_pence)
     VALUES ($1, 'scrypt$test', $2, $3, now(), $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      email, o.first ?? 'Jamie', o.last ?? 'Taylor', o.limitPence === undefined ? null : 'month', o.limitPence ?? null, o.lockedUntil ?? null,
      o.olderAccount ? null : '1990-04-23', o.olderAccount ? null : new Date(), o.olderAccount ? null : (o.limitPence ?? null),
    ],
  );
  const id = rows[0]!.id;
  return { id, email, token: await createSession(pool, id, 'login', new Date()) };
}

export const billing = {
  first_name: 'Jamie', last_name: 'Taylor', address_1: '12', address_2: 'Market Street', city: 'Manchester',
  state: 'Greater Manchester', postcode: 'M1 1AB', country: 'GB' as const, email: 'jamie@cgg.test', phone: '07700900123',
};
/** The test payment method of each demo card number (tests pay as the card field would, with the provider's id). */
const METHOD_OF_CARD: Record<string, string> = Object.fromEntries(
  (Object.keys(TEST_PAYMENT_METHODS) as Array<keyof typeof TEST_PAYMENT_METHODS>).map((k) => [DEMO_CARDS[k], TEST_PAYMENT_METHODS[k]]),
);
/**
 * A card's payment_data for 'cgg-card': the payment method id the provider's card field would
 * give for this demo card number (or a payment method id as is); by default the debit card (a
 * credit card is refused for instant wins and capped monthly: UK code 1.3).
 */
export const cardPayment = (card: string = DEMO_CARDS.debit) => [
  { key: 'payment_method_id', value: METHOD_OF_CARD[card.replace(/\s/g, '')] ?? card },
];
