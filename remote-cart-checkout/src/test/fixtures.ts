/* Payloads built to the @cgg/contracts schemas (and parsed by them, so a drifted contract fails here first). */
import { GBP_CURRENCY, storeCartItemSchema, storeCartSchema, storeCheckoutResponseSchema, type StoreCart, type StoreCartItem, type StoreCheckoutPayment, type StoreCheckoutResponse } from '@cgg/contracts/store';
import { purchasedCompetitionsResponseSchema } from '@cgg/contracts/account';
import {
  getCompetitionResponseSchema,
  type Competition,
} from '@cgg/contracts';
import { competitionFixture } from '@cgg/contracts/testing';

export function makeCompetition(overrides: Partial<Competition> = {}): Competition {
  return competitionFixture(overrides);
}

export const questionComp = {
  comp_question: true,
  question: 'What is the capital of England?',
  question_options: [
    { id: 1, text: 'Paris' },
    { id: 2, text: 'London' },
  ],
};

export function makeCartItem(competition: Competition, quantity: number, maximum = 50): StoreCartItem {
  const unit = Math.round(Number(competition.price_per_ticket) * 100);
  return storeCartItemSchema.parse({
    key: `key-${competition.id}`,
    id: competition.competition_product_id,
    quantity,
    quantity_limits: { minimum: 1, maximum, multiple_of: 1, editable: true },
    name: competition.title,
    prices: { price: String(unit), regular_price: String(unit), sale_price: String(unit), ...GBP_CURRENCY },
    totals: { line_subtotal: String(unit * quantity), line_subtotal_tax: '0', line_total: String(unit * quantity), line_total_tax: '0', ...GBP_CURRENCY },
    competition,
  });
}

export function makeCart(items: StoreCartItem[], extra: { discountPence?: number; coupon?: string; errors?: StoreCart['errors'] } = {}): StoreCart {
  const itemsTotal = items.reduce((n, i) => n + Number(i.totals.line_total), 0);
  const discount = extra.discountPence ?? 0;
  const money = (n: number) => String(n);
  return storeCartSchema.parse({
    items,
    coupons: extra.coupon
      ? [{ code: extra.coupon, discount_type: 'fixed_cart', totals: { total_discount: money(discount), total_discount_tax: '0', ...GBP_CURRENCY } }]
      : [],
    totals: {
      total_items: money(itemsTotal),
      total_items_tax: '0',
      total_discount: money(discount),
      total_discount_tax: '0',
      total_shipping: null,
      total_tax: '0',
      total_price: money(itemsTotal - discount),
      ...GBP_CURRENCY,
    },
    items_count: items.reduce((n, i) => n + i.quantity, 0),
    needs_payment: itemsTotal - discount > 0,
    needs_shipping: false,
    errors: extra.errors ?? [],
  });
}

export const responses = {
  competition: (c: Competition) => getCompetitionResponseSchema.parse({ success: true, data: c }),
  purchased: (data: { competition_id: number; total_tickets: number }[]) => purchasedCompetitionsResponseSchema.parse({ success: true, data }),
};

export function makeCheckoutResponse(overrides: Partial<StoreCheckoutResponse['extensions']['cgg']> = {}): StoreCheckoutResponse {
  return storeCheckoutResponseSchema.parse({
    order_id: 1042,
    status: 'completed',
    order_key: 'wc_order_abc',
    customer_id: 7,
    customer_note: '',
    billing_address: {
      first_name: 'Priya',
      last_name: 'Shah',
      address_1: '12',
      address_2: 'High Street',
      city: 'Leeds',
      state: '',
      postcode: 'LS1 1AA',
      country: 'GB',
      email: 'priya@example.co.uk',
      phone: '07700900123',
    },
    payment_method: 'cgg-card',
    payment_result: { payment_status: 'success', payment_details: [], redirect_url: '/confirmation' },
    extensions: {
      cgg: {
        tickets: [
          { competition_id: 11, title: 'Win a Tesla', ticket_numbers: [14, 233] },
          { competition_id: 12, title: 'Win £500', ticket_numbers: [9] },
        ],
        instant_wins: [
          { win_id: 3, competition_id: 11, ticket_number: 233, prize_id: 4, prize_title: '£50 Amazon voucher', prize_value: '50.00', image: '/wp-content/uploads/iw.svg' },
        ],
        total: '597',
        points_earned: 5,
        points_redeemed: 0,
        credit_used: '0',
        card_charged: '597',
        ...overrides,
      },
    },
  });
}

/**
 * A checkout answer still waiting for its card payment (payments-api.md): status pending, no
 * tickets yet, `payment` saying what the browser does next ('requires_action': the demo challenge).
 */
export function makePendingCheckout(status: 'processing' | 'requires_action', payment: Partial<StoreCheckoutPayment> = {}): StoreCheckoutResponse {
  const paid = makeCheckoutResponse();
  const intent = payment.intent_id ?? 'pi_demo_1';
  return storeCheckoutResponseSchema.parse({
    ...paid,
    status: 'pending',
    payment_result: { payment_status: 'pending', payment_details: [{ key: 'card_last4', value: '3184' }], redirect_url: '' },
    extensions: {
      cgg: {
        ...paid.extensions.cgg,
        tickets: [],
        instant_wins: [],
        points_earned: 0,
        payment: {
          provider: 'demo',
          intent_id: intent,
          status,
          client_secret: status === 'requires_action' ? `${intent}_secret_abc` : null,
          next_action: status === 'requires_action' ? { type: 'demo_challenge', url: `/wp-json/demo-pay/v1/payment_intents/${intent}/challenge` } : null,
          reserved_until: '2026-11-26T12:50:00.000Z',
          seconds_left: 600,
          funding: 'debit',
          last4: '3184',
          ...payment,
        },
      },
    },
  });
}

/** The demo provider's payment-config answer. */
export const demoPaymentConfig = { provider: 'demo', publishable_key: null, demo_api_base: '/wp-json/demo-pay/v1', reservation_minutes: 10 } as const;
