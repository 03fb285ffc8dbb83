import { cardDetailsErrors, cardNumberDigits, STORE_ERRORS, type CardRefusalReason } from '@cgg/contracts';
import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { CardCharge, CardDetails, CardFacts, FundingType, PaymentGateway, RefundDone, RefundRequest } from './payment-gateway.ts';

/*
 * The built-in demo card gateway: no money moves. Its test numbers are the ones payment
 * providers publish (README "Demo card gateway"):
 *   4242 4242 4242 4242  succeeds, a credit card
 *   4000 0566 5566 5556  succeeds, a debit card
 *   5105 1051 0510 5100  succeeds, a prepaid card
 *   4000 0000 0000 0002  declined ("Your card was declined.")
 *   4000 0000 0000 9995  declined ("Your card has insufficient funds.")
 * Any other number passing the Luhn check succeeds as a debit card (most UK cards are);
 * one failing it is refused. The two to try clause 1.3 of the UK prize-draw code with
 * (DEMO_CARDS in the contracts): 4242 4242 4242 4242 is a credit card (refused for
 * competitions with instant wins and over the monthly credit-card cap), 4000 0566 5566 5556
 * a debit card. lookUpCard tells the funding without charging, as Stripe's PaymentMethod does. The expiry must be MM/YY (or MM/YYYY) and not past, the CVC
 * 3 digits: the checkout form's own checks (cardDetailsErrors), so both refuse the same cards.
 * Charges are `demo_card_charges` rows (written with the order), refunds `demo_card_refunds`.
 */

const paymentError = (message: string, reason: string): WpHttpError => {
  const e = STORE_ERRORS.paymentError;
  return new WpHttpError(e.status, e.code, message, { reason });
};

const REFUSALS: Record<CardRefusalReason, string> = {
  invalid_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiration date is incorrect.",
  expired_card: 'Your card has expired.',
  invalid_cvc: "Your card's security code is incorrect.",
};

const DECLINED: Record<string, [message: string, reason: string]> = {
  '4000000000000002': ['Your card was declined.', 'card_declined'],
  '4000000000009995': ['Your card has insufficient funds.', 'insufficient_funds'],
};

const FUNDING: Record<string, FundingType> = {
  '4242424242424242': 'credit',
  '4000056655665556': 'debit',
  '5105105105105100': 'prepaid',
};

/** The card's details checked as the provider's card field does, and what the card is. */
function factsOf(card: CardDetails, now: Date): CardFacts & { number: string } {
  const [refused] = cardDetailsErrors({ card_number: card.number, card_expiry: card.expiry, card_cvc: card.cvc }, now);
  if (refused) throw paymentError(REFUSALS[refused.reason], refused.reason);
  const number = cardNumberDigits(card.number);
  return { number, last4: number.slice(-4), funding: FUNDING[number] ?? 'debit' };
}

export function createDemoGateway(pool: pg.Pool): PaymentGateway {
  return {
    name: 'demo',

    lookUpCard(card: CardDetails, now: Date): Promise<CardFacts> {
      // No decline here: as with a real provider, a card is declined only when charged.
      const { last4, funding } = factsOf(card, now);
      return Promise.resolve({ last4, funding });
    },

    chargeCard(card: CardDetails, now: Date): CardCharge {
      const { number, last4, funding } = factsOf(card, now);
      const declined = DECLINED[number];
      if (declined) throw paymentError(...declined);
      return { last4, funding };
    },

    async refund({ orderId, amountPence, idempotencyKey, now }: RefundRequest): Promise<RefundDone> {
      // As a provider does: one refund per key (a repeat gets the first back), and never more
      // back than was charged, checked under the charge's row lock so racing refunds queue.
      const id = await inTransaction(pool, async (client) => {
        const charge = await client.query<{ amount_pence: number }>('SELECT amount_pence FROM demo_card_charges WHERE order_id = $1 FOR UPDATE', [orderId]);
        const before = await client.query<{ id: string }>('SELECT id FROM demo_card_refunds WHERE idempotency_key = $1', [idempotencyKey]);
        if (before.rows[0]) return before.rows[0].id;
        const charged = charge.rows[0]?.amount_pence ?? 0;
        const done = await client.query<{ pence: number }>('SELECT COALESCE(sum(amount_pence), 0)::int AS pence FROM demo_card_refunds WHERE order_id = $1', [orderId]);
        if (done.rows[0]!.pence + amountPence > charged) return null;
        const { rows } = await client.query<{ id: string }>(
          'INSERT INTO demo_card_refunds (order_id, idempotency_key, amount_pence, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
          [orderId, idempotencyKey, amountPence, now],
        );
        return rows[0]!.id;
      });
      if (id === null) throw new WpHttpError(409, 'cgg_refund_refused', 'The payment provider refused the refund: it is more than is left of the card payment.');
      return { reference: `demo_re_${id}` };
    },
  };
}
