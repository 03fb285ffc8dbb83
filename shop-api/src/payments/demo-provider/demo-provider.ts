import { randomBytes } from 'node:crypto';
import { cardDetailsErrors, cardNumberDigits } from '@cgg/contracts/forms';
import { DEMO_PAY_ROUTE_PREFIX, type DemoPaymentMethod } from '@cgg/contracts/demo-pay';
import type pg from 'pg';
import { API_PREFIX } from '../../http/rest-addressing.ts';
import { CARD_FIELD_MESSAGES, DECLINE_MESSAGES, demoCardOf, TEST_METHOD_CARDS, type CardBehaviour } from './demo-cards.ts';
import { signDemoPayload } from './demo-signature.ts';
import { fallbackLogger } from '../../lib/logger.ts';

/*
 * The demo payment provider: a stand-in for Stripe's servers that moves no money, so the shop
 * runs offline (`npm start`) and behaves as it will with a real provider. It owns its tables
 * (demo_pay_*, migration 034) and answers in Stripe's shapes. The browser gives it the card
 * (demo-pay-routes.ts); the shop's demo adapter (../demo-gateway.ts) is its only other caller.
 *
 * Like Stripe: declines answer at once when the intent is confirmed; a card that asks for
 * 3-D Secure waits ('requires_action') for the challenge. Unlike a card payment at Stripe,
 * every confirmed payment settles ASYNCHRONOUSLY: it answers 'processing', then settles in the
 * background (or when someone retrieves it, as a provider's status check reflects the bank's
 * answer) and tells the shop by a signed webhook - so the shop's asynchronous path is the one
 * every demo order takes. Each change of an intent's state is one guarded UPDATE, so exactly
 * one caller settles it and exactly one event is sent per change.
 */

export interface DemoIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  payment_method: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  next_action: { type: 'demo_challenge'; url: string } | null;
  amount_refunded: number;
  /** Unix seconds, as Stripe writes it. */
  created: number;
}

/** A payment's charge as Stripe's refund events carry it: what was paid and refunded of an intent. */
export interface DemoCharge {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
}

export interface DemoEvent {
  id: string;
  object: 'event';
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled' | 'charge.refunded';
  created: number;
  /** An intent's events carry the intent; charge.refunded the charge, as Stripe's do. */
  data: { object: DemoIntent | DemoCharge };
}

/** A refusal in the provider's own shape (HTTP status and `{error: {...}}`). */
export class DemoPayError extends Error {
  constructor(readonly status: number, readonly type: 'card_error' | 'invalid_request_error', readonly code: string, message: string, readonly param?: string) {
    super(message);
  }
  toBody() {
    return { error: { type: this.type, code: this.code, message: this.message, ...(this.param ? { param: this.param } : {}) } };
  }
}

export interface DemoProviderOptions {
  /** Signs the webhooks; the shop's demo adapter verifies with the same. */
  webhookSecret: string;
  /**
   * How long a confirmed payment stays 'processing' before it settles by itself; null: only when
   * retrieved (tests that choose the order of events). Default 0: at the next turn of the event loop.
   */
  settleAfterMs?: number | null;
  now?: () => Date;
}

export interface DemoProvider {
  readonly webhookSecret: string;
  /** Where signed events go (the shop's webhook route); set once the app is built. */
  onEvent(deliver: (body: string, signature: string) => Promise<void>): void;
  createPaymentMethod(card: { number: string; expiry: string; cvc: string }, now: Date): Promise<DemoPaymentMethod>;
  paymentMethod(id: string): Promise<DemoPaymentMethod | null>;
  createIntent(p: { amount: number; currency: string; paymentMethod: string; metadata: Record<string, string>; idempotencyKey: string }, now: Date): Promise<DemoIntent>;
  retrieveIntent(id: string, now: Date): Promise<DemoIntent | null>;
  /** The intent as stored, settling nothing (to check a browser's client secret first). */
  readIntent(id: string): Promise<DemoIntent | null>;
  answerChallenge(id: string, clientSecret: string, outcome: 'complete' | 'fail', now: Date): Promise<DemoIntent>;
  cancelIntent(id: string, now: Date): Promise<DemoIntent | null>;
  refund(p: { intentId: string; amount: number; idempotencyKey: string }, now: Date): Promise<{ id: string }>;
  listIntents(since: Date, limit: number): Promise<DemoIntent[]>;
  /** Payments settling in the background (tests and shutdown wait for them). */
  settled(): Promise<void>;
  /** Waits for them, then closes the provider's connections. */
  close(): Promise<void>;
}

interface IntentRow {
  id: string; client_secret: string; amount: number; currency: string; payment_method: string; status: DemoIntent['status'];
  metadata: Record<string, string>; last_error: DemoIntent['last_payment_error']; amount_refunded: number; created_at: Date;
}
const COLUMNS = 'id, client_secret, amount, currency, payment_method, status, metadata, last_error, amount_refunded, created_at';

const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const challengeUrl = (id: string): string => `${API_PREFIX}${DEMO_PAY_ROUTE_PREFIX}/payment_intents/${id}/challenge`;

const toIntent = (r: IntentRow): DemoIntent => ({
  id: r.id, object: 'payment_intent', amount: r.amount, currency: r.currency, status: r.status, client_secret: r.client_secret,
  payment_method: r.payment_method, metadata: r.metadata, last_payment_error: r.last_error,
  next_action: r.status === 'requires_action' ? { type: 'demo_challenge', url: challengeUrl(r.id) } : null,
  amount_refunded: r.amount_refunded, created: Math.floor(r.created_at.getTime() / 1000),
});

const declineError = (code: string) => ({ code: code === 'authentication_failed' ? 'payment_intent_authentication_failure' : 'card_declined', decline_code: code, message: DECLINE_MESSAGES[code]! });

export function createDemoProvider(pool: pg.Pool, options: DemoProviderOptions): DemoProvider {
  const settleAfterMs = options.settleAfterMs === undefined ? 0 : options.settleAfterMs;
  const clock = options.now ?? (() => new Date());
  let deliver: ((body: string, signature: string) => Promise<void>) | null = null;
  const inFlight = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>): void => {
    const t = p.catch((err: unknown) => fallbackLogger().error({ err, component: 'demo-pay' }, 'demo provider work failed')).finally(() => inFlight.delete(t));
    inFlight.add(t);
  };

  /** Sends one event for one change, signed, in the background (a real provider retries; reconciliation covers a lost one). */
  const emit = (type: DemoEvent['type'], object: DemoIntent | DemoCharge, now: Date): void => {
    const event: DemoEvent = { id: newId('evt_demo'), object: 'event', type, created: Math.floor(now.getTime() / 1000), data: { object } };
    const body = JSON.stringify(event);
    if (deliver) track(deliver(body, signDemoPayload(options.webhookSecret, body, clock())));
  };

  /** Moves an intent from one state to another, once: the caller whose UPDATE matched sends the event. */
  async function transition(id: string, from: DemoIntent['status'][], to: DemoIntent['status'], now: Date, lastError: DemoIntent['last_payment_error'] = null): Promise<DemoIntent | null> {
    // Named (prepared): each connection plans it once, not at every payment.
    const { rows } = await pool.query<IntentRow>({
      name: 'cgg_demo_pay_transition',
      text: `UPDATE demo_pay_intents SET status = $3, last_error = $4, updated_at = $5 WHERE id = $1 AND status = ANY($2) RETURNING ${COLUMNS}`,
      values: [id, from, to, lastError === null ? null : JSON.stringify(lastError), now],
    });
    if (!rows[0]) return null;
    const intent = toIntent(rows[0]);
    if (to === 'succeeded') emit('payment_intent.succeeded', intent, now);
    if (to === 'requires_payment_method') emit('payment_intent.payment_failed', intent, now);
    if (to === 'canceled') emit('payment_intent.canceled', intent, now);
    return intent;
  }

  const settle = (id: string): Promise<DemoIntent | null> => transition(id, ['processing'], 'succeeded', clock());
  const settleLater = (id: string): void => {
    if (settleAfterMs === null) return;
    track(new Promise((resolve) => setTimeout(resolve, settleAfterMs)).then(() => settle(id)));
  };

  async function read(id: string): Promise<IntentRow | null> {
    const { rows } = await pool.query<IntentRow>(`SELECT ${COLUMNS} FROM demo_pay_intents WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async function paymentMethod(id: string): Promise<(DemoPaymentMethod & { behaviour: CardBehaviour }) | null> {
    const testNumber = TEST_METHOD_CARDS[id];
    if (testNumber) {
      const c = demoCardOf(testNumber);
      return { id, card: { brand: c.brand, last4: c.last4, funding: c.funding, exp_month: 12, exp_year: 2034 }, behaviour: c.behaviour };
    }
    const { rows } = await pool.query<{ brand: string; last4: string; funding: DemoPaymentMethod['card']['funding']; exp_month: number; exp_year: number; behaviour: CardBehaviour }>(
      'SELECT brand, last4, funding, exp_month, exp_year, behaviour FROM demo_pay_payment_methods WHERE id = $1',
      [id],
    );
    const r = rows[0];
    return r ? { id, card: { brand: r.brand, last4: r.last4, funding: r.funding, exp_month: r.exp_month, exp_year: r.exp_year }, behaviour: r.behaviour } : null;
  }

  return {
    webhookSecret: options.webhookSecret,
    onEvent(d) {
      deliver = d;
    },

    async createPaymentMethod(card, now) {
      const [refused] = cardDetailsErrors({ card_number: card.number, card_expiry: card.expiry, card_cvc: card.cvc }, now);
      if (refused) throw new DemoPayError(402, 'card_error', refused.reason, CARD_FIELD_MESSAGES[refused.reason], refused.field);
      const number = cardNumberDigits(card.number);
      const c = demoCardOf(number);
      const [month, year] = card.expiry.trim().split('/').map((p) => Number(p));
      const expYear = year! < 100 ? 2000 + year! : year!;
      const id = newId('pm_demo');
      await pool.query(
        'INSERT INTO demo_pay_payment_methods (id, brand, last4, funding, exp_month, exp_year, behaviour, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [id, c.brand, c.last4, c.funding, month, expYear, c.behaviour, now],
      );
      return { id, card: { brand: c.brand, last4: c.last4, funding: c.funding, exp_month: month!, exp_year: expYear } };
    },

    async paymentMethod(id) {
      const pm = await paymentMethod(id);
      return pm && { id: pm.id, card: pm.card };
    },

    async createIntent(p, now) {
      const pm = await paymentMethod(p.paymentMethod);
      if (!pm) throw new DemoPayError(400, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${p.paymentMethod}'`, 'payment_method');
      // Confirmed on creation: the card's behaviour decides the first state.
      const status: DemoIntent['status'] = pm.behaviour === 'pays' ? 'processing' : pm.behaviour === 'three_d_secure' ? 'requires_action' : 'requires_payment_method';
      const lastError = status === 'requires_payment_method' ? declineError(pm.behaviour) : null;
      const id = newId('pi_demo');
      // Named (prepared), as transition's UPDATE.
      const { rows } = await pool.query<IntentRow>({
        name: 'cgg_demo_pay_create_intent',
        text: `INSERT INTO demo_pay_intents (id, client_secret, idempotency_key, amount, currency, payment_method, status, metadata, last_error, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
        values: [id, `${id}_secret_${randomBytes(12).toString('hex')}`, p.idempotencyKey, p.amount, p.currency, p.paymentMethod, status, JSON.stringify(p.metadata),
          lastError === null ? null : JSON.stringify(lastError), now],
      });
      if (!rows[0]) {
        // The same idempotency key again: the first answer, as it stands.
        const first = await pool.query<IntentRow>(`SELECT ${COLUMNS} FROM demo_pay_intents WHERE idempotency_key = $1`, [p.idempotencyKey]);
        return toIntent(first.rows[0]!);
      }
      const intent = toIntent(rows[0]);
      if (status === 'processing') settleLater(id);
      if (status === 'requires_payment_method') emit('payment_intent.payment_failed', intent, now);
      return intent;
    },

    async retrieveIntent(id, now) {
      // A status check sees the bank's answer: a payment still processing settles now (once).
      const settledNow = await transition(id, ['processing'], 'succeeded', now);
      if (settledNow) return settledNow;
      const row = await read(id);
      return row && toIntent(row);
    },

    async readIntent(id) {
      const row = await read(id);
      return row && toIntent(row);
    },

    async answerChallenge(id, clientSecret, outcome, now) {
      const row = await read(id);
      if (!row || row.client_secret !== clientSecret) throw new DemoPayError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${id}'`);
      const next = outcome === 'complete'
        ? await transition(id, ['requires_action'], 'processing', now)
        : await transition(id, ['requires_action'], 'requires_payment_method', now, declineError('authentication_failed'));
      if (!next) throw new DemoPayError(400, 'invalid_request_error', 'payment_intent_unexpected_state', `This PaymentIntent's status is ${row.status}; the challenge was already answered.`);
      if (next.status === 'processing') settleLater(id);
      return next;
    },

    async cancelIntent(id, now) {
      const canceled = await transition(id, ['requires_payment_method', 'requires_action', 'processing'], 'canceled', now);
      if (canceled) return canceled;
      const row = await read(id);
      return row && toIntent(row);
    },

    async refund(p, now) {
      // One refund per key (a repeat gets the first back); never more back than was paid.
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const intent = (await client.query<IntentRow>(`SELECT ${COLUMNS} FROM demo_pay_intents WHERE id = $1 FOR UPDATE`, [p.intentId])).rows[0];
        const before = await client.query<{ id: string }>('SELECT id FROM demo_pay_refunds WHERE idempotency_key = $1', [p.idempotencyKey]);
        if (before.rows[0]) {
          await client.query('COMMIT');
          return { id: before.rows[0].id };
        }
        if (!intent || intent.status !== 'succeeded') throw new DemoPayError(400, 'invalid_request_error', 'charge_not_refundable', 'This PaymentIntent has no successful charge to refund.');
        if (intent.amount_refunded + p.amount > intent.amount) {
          throw new DemoPayError(400, 'invalid_request_error', 'amount_too_large', 'The refund is more than is left of the payment.');
        }
        const id = newId('re_demo');
        await client.query('INSERT INTO demo_pay_refunds (id, intent_id, idempotency_key, amount, created_at) VALUES ($1, $2, $3, $4, $5)', [id, p.intentId, p.idempotencyKey, p.amount, now]);
        const { rows } = await client.query<IntentRow>(`UPDATE demo_pay_intents SET amount_refunded = amount_refunded + $2, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`, [p.intentId, p.amount, now]);
        await client.query('COMMIT');
        const paid = toIntent(rows[0]!);
        emit('charge.refunded', { id: `ch_${paid.id}`, object: 'charge', payment_intent: paid.id, amount: paid.amount, amount_refunded: paid.amount_refunded, refunded: paid.amount_refunded >= paid.amount }, now);
        return { id };
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },

    async listIntents(since, limit) {
      const { rows } = await pool.query<IntentRow>(`SELECT ${COLUMNS} FROM demo_pay_intents WHERE created_at >= $1 ORDER BY created_at DESC LIMIT $2`, [since, limit]);
      return rows.map(toIntent);
    },

    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    async close() {
      await this.settled();
      await pool.end();
    },
  };
}
