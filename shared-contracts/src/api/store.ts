import { z } from 'zod/mini';
import { MAX_DB_ID } from './db-id.ts';
// Through the package's barrel, not the files: federation shares the barrel, so this entry uses
// the page's copy of those modules instead of bundling a second one.
import { ApiError, apiErrorFromResponse, competitionSchema, lazySchema, provideZod } from '@cgg/contracts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * The WooCommerce Store API cart and checkout, as shop-api serves them
 * (`/?rest_route=/wc/store/v1/...` or `/wp-json/wc/store/v1/...`).
 *
 * WooCommerce's own shapes and names are kept; money is a string of minor units
 * (pence) with `currency_minor_unit: 2`. Our additions, all documented in
 * shop-api/README.md ("Store API"):
 * - each cart item carries `competition` (the content API's competition payload);
 * - add-item takes an optional `answer_id` (the skill question's chosen option);
 * - checkout takes an `Idempotency-Key` header and `payment_data` keys for the demo
 *   card, points and site credit; its answer carries `extensions.cgg` (tickets, wins).
 *
 * Headers: every cart answer carries `Nonce`, `Nonce-Timestamp` (unix seconds) and
 * `Cart-Token`. Writes (every POST/DELETE) must send `Nonce`; every call should send
 * `Cart-Token` to keep its basket; a signed-in customer also sends
 * `Authorization: Bearer <token>` (their basket is then the customer's basket, and a
 * visitor basket named by Cart-Token is merged into it once).
 */

export const STORE_ROUTE_PREFIX = '/wc/store/v1';
/** Header names as WooCommerce spells them. */
export const STORE_HEADERS = {
  nonce: 'Nonce',
  nonceTimestamp: 'Nonce-Timestamp',
  cartToken: 'Cart-Token',
  idempotencyKey: 'Idempotency-Key',
} as const;
/** The spec refreshes its cached nonce after 11 hours; the server accepts one for 12. */
export const STORE_NONCE_LIFETIME_SECONDS = 12 * 60 * 60;

/** Minor units as a string: "199" is £1.99. */
const minorUnits = z.string().check(z.regex(/^-?\d+$/, 'money must be a whole number of pence'));

/** The currency block WooCommerce repeats on every money object. */
const currencyShape = {
  currency_code: z.string(),
  currency_symbol: z.string(),
  currency_minor_unit: z.int(),
  currency_decimal_separator: z.string(),
  currency_thousand_separator: z.string(),
  currency_prefix: z.string(),
  currency_suffix: z.string(),
};
export const storeCurrencySchema = lazySchema(() => z.object(currencyShape));
export type StoreCurrency = z.infer<typeof storeCurrencySchema>;
/** What we send: pounds sterling, 2 minor units. */
export const GBP_CURRENCY: StoreCurrency = {
  currency_code: 'GBP',
  currency_symbol: '£',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '£',
  currency_suffix: '',
};

export const storeQuantityLimitsSchema = lazySchema(() => z.object({
  minimum: z.int(),
  /** The most this line may hold now: min(tickets left, per-user allowance). */
  maximum: z.int(),
  multiple_of: z.int(),
  editable: z.boolean(),
}));

export const storeItemPricesSchema = lazySchema(() => z.object({
  /** The price charged now (sale price inside its window when lower). */
  price: minorUnits,
  regular_price: minorUnits,
  sale_price: minorUnits,
  ...currencyShape,
}));

export const storeItemTotalsSchema = lazySchema(() => z.object({
  line_subtotal: minorUnits,
  line_subtotal_tax: minorUnits,
  line_total: minorUnits,
  line_total_tax: minorUnits,
  ...currencyShape,
}));

/**
 * The spec has a cart item's quantity as text ("3"), WooCommerce as a number. The server
 * sends the spec's text; a receiver reads either and gets a number.
 */
const cartItemQuantity = z.pipe(
  z.union([z.int().check(z.nonnegative()), z.string().check(z.regex(/^\d{1,9}$/, 'quantity must be a whole number'))]),
  z.transform((v: number | string) => Number(v)),
);

export const storeCartItemSchema = lazySchema(() => z.object({
  /** The cart line's key: stable for the life of the line. */
  key: z.string(),
  /** The product id: the competition's `competition_product_id`. */
  id: z.int(),
  quantity: cartItemQuantity,
  quantity_limits: storeQuantityLimitsSchema,
  name: z.string(),
  prices: storeItemPricesSchema,
  totals: storeItemTotalsSchema,
  /** Our extension: the competition payload (content API shape). */
  competition: competitionSchema,
}));
export type StoreCartItem = z.infer<typeof storeCartItemSchema>;

export const storeCartCouponSchema = lazySchema(() => z.object({
  code: z.string(),
  /** WooCommerce's names: 'fixed_cart' (amount in pence off) or 'percent'. */
  discount_type: z.enum(['fixed_cart', 'percent']),
  totals: z.object({ total_discount: minorUnits, total_discount_tax: minorUnits, ...currencyShape }),
}));

export const storeCartTotalsSchema = lazySchema(() => z.object({
  total_items: minorUnits,
  total_items_tax: minorUnits,
  total_discount: minorUnits,
  total_discount_tax: minorUnits,
  total_shipping: z.nullable(minorUnits),
  total_tax: minorUnits,
  total_price: minorUnits,
  ...currencyShape,
}));

/** A cart-level notice or problem; WooCommerce's `errors` array. */
export const storeCartErrorSchema = lazySchema(() => z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
}));
export type StoreCartError = z.infer<typeof storeCartErrorSchema>;

export const storeCartSchema = lazySchema(() => z.object({
  items: z.array(storeCartItemSchema),
  coupons: z.array(storeCartCouponSchema),
  totals: storeCartTotalsSchema,
  /** Sum of quantities (tickets), as WooCommerce counts it. */
  items_count: z.int(),
  needs_payment: z.boolean(),
  needs_shipping: z.boolean(),
  /**
   * Notices about this write or lines that can no longer be bought as they stand.
   * After an add-item that was capped it holds one
   * `woocommerce_rest_product_partially_out_of_stock` entry (see STORE_ERRORS).
   */
  errors: z.array(storeCartErrorSchema),
  /** add-item's answer repeats the Cart-Token in its body (the spec reads it there). */
  cart_header: z.optional(z.string()),
}));
export type StoreCart = z.infer<typeof storeCartSchema>;
/** A cart as the server sends it (quantities as text). */
export type StoreCartAnswer = z.input<typeof storeCartSchema>;

/** `GET cart/items`: WooCommerce answers the bare list. */
export const storeCartItemsSchema = lazySchema(() => z.array(storeCartItemSchema));

// ---- requests --------------------------------------------------------------------

const positiveInt = z.int().check(z.positive());
const id = z.int().check(z.positive(), z.maximum(MAX_DB_ID));
const itemKey = z.string().check(z.minLength(1), z.maxLength(64));
const couponCode = z.string().check(z.minLength(1), z.maxLength(64));

export const storeAddItemRequestSchema = lazySchema(() => z.object({
  /** competition_product_id */
  id,
  quantity: positiveInt,
  /**
   * The skill question's chosen option id (competition.question_options[].id). Needed on
   * the first add of a competition whose `comp_question` is true; the line remembers a
   * correct answer, so later adds and updates of that line need none.
   */
  answer_id: z.optional(id),
  /** The spec sends the store nonce and the cart token in add-item's body too; the headers win when both are sent. */
  nonce: z.optional(z.string().check(z.maxLength(200))),
  cart_header: z.optional(z.string().check(z.maxLength(2000))),
}));
export type StoreAddItemRequest = z.infer<typeof storeAddItemRequestSchema>;
export const storeUpdateItemRequestSchema = lazySchema(() => z.object({ key: itemKey, quantity: positiveInt }));
export const storeRemoveItemRequestSchema = lazySchema(() => z.object({ key: itemKey }));
export const storeCouponRequestSchema = lazySchema(() => z.object({ code: couponCode }));

/**
 * - 'cgg-card': a card, entered in the payment provider's own field (the demo provider's or
 *   Stripe's Payment Element); the API receives only the provider's payment method id
 *   (`payment_data` `payment_method_id`), never a card number (issue 15).
 * - 'cgg-site-credit': points and/or site credit cover the whole total.
 * - 'cgg-demo-card': the old form that posted card numbers; always refused
 *   (400 `cgg_card_numbers_refused`), kept so an out-of-date page gets a clear answer.
 */
export const storePaymentMethodSchema = lazySchema(() => z.enum(['cgg-card', 'cgg-site-credit', 'cgg-demo-card']));
export type StorePaymentMethod = z.infer<typeof storePaymentMethodSchema>;

/**
 * `payment_data` keys we read (all values strings, as WooCommerce sends them):
 * - `payment_method_id` (method 'cgg-card'): the provider's payment method id, made by its
 *   card field in the browser ('pm_...'); the API looks up its funding type, then charges it;
 * - `redeem_points`: whole points to spend (100 points = £1), with either method;
 * - `use_credit`: site credit to spend, in pence, with either method.
 * 'cgg-site-credit' means points and/or credit cover the whole total (no card).
 * `card_number`, `card_expiry`, `card_cvc`: the old demo form's; a request carrying any of
 * them is refused (400 `cgg_card_numbers_refused`): card numbers never reach the API.
 */
export const STORE_PAYMENT_DATA_KEYS = {
  paymentMethodId: 'payment_method_id',
  cardNumber: 'card_number',
  cardExpiry: 'card_expiry',
  cardCvc: 'card_cvc',
  redeemPoints: 'redeem_points',
  useCredit: 'use_credit',
} as const;
export const POINTS_PER_POUND = 100;
/**
 * The smallest card charge: Stripe refuses less than £0.30 in GBP (amount_too_small). What points
 * and site credit leave to the card is 0 or at least this, whichever the provider: the checkout
 * page plans it so, and the API refuses anything else.
 */
export const MIN_CARD_CHARGE_PENCE = 30;

/** The demo card gateway's test numbers (shop-api/README.md). */
export const DEMO_CARDS = {
  success: '4242424242424242',
  /** Pays, and the gateway reports it as a credit card (refused for instant wins, capped per month). */
  credit: '4242424242424242',
  /** Pays, and the gateway reports it as a debit card. */
  debit: '4000056655665556',
  /** Pays, and the provider reports it as a prepaid card. */
  prepaid: '5105105105105100',
  /** Asks for 3-D Secure: the payment waits for the challenge (Complete pays, Fail refuses). */
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * Payment method ids every provider's test mode knows without a card field (Stripe's own test
 * ids; the demo provider takes them too): what tests, the benchmark and scripts pay with.
 */
export const TEST_PAYMENT_METHODS = {
  credit: 'pm_card_visa',
  debit: 'pm_card_visa_debit',
  prepaid: 'pm_card_mastercard_prepaid',
  threeDSecure: 'pm_card_authenticationRequired',
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
} as const;

export const storeAddressSchema = lazySchema(() => z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.optional(z.string()),
  /** House name/number (spec: 'House Name/No. is required.'). */
  address_1: z.string(),
  /** Street address (spec: 'Street Address is required.'). */
  address_2: z.string(),
  city: z.string(),
  /** County: optional. */
  state: z.optional(z.string()),
  postcode: z.string(),
  /** Fixed to the United Kingdom. */
  country: z.optional(z.literal('GB')),
  email: z.string(),
  phone: z.string(),
}));
export type StoreAddress = z.infer<typeof storeAddressSchema>;

export const storeCheckoutRequestSchema = lazySchema(() => z.object({
  billing_address: storeAddressSchema,
  customer_note: z.optional(z.string().check(z.maxLength(1000))),
  payment_method: storePaymentMethodSchema,
  payment_data: z.optional(z.array(z.object({ key: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) }))),
}));
export type StoreCheckoutRequest = z.infer<typeof storeCheckoutRequestSchema>;

export const storeInstantWinWonSchema = lazySchema(() => z.object({
  /** Row id in the wins table; the claim flow names a win by it. */
  win_id: z.int(),
  competition_id: z.int(),
  ticket_number: z.int(),
  prize_id: z.int(),
  prize_title: z.string(),
  /** Pounds, as the competition payload writes prizes. */
  prize_value: z.string(),
  image: z.string(),
}));
export type StoreInstantWinWon = z.infer<typeof storeInstantWinWonSchema>;

export const storeOrderTicketsSchema = lazySchema(() => z.object({
  competition_id: z.int(),
  title: z.string(),
  ticket_numbers: z.array(z.int()),
}));

/** Funding types a provider reports for a card. */
export const cardFundingSchema = lazySchema(() => z.enum(['credit', 'debit', 'prepaid', 'unknown']));

/**
 * The card payment of an order (extensions.cgg.payment), present whenever a card pays part of it.
 * - status 'processing': the provider has the payment and confirms it shortly (the demo
 *   provider always confirms asynchronously); call checkout-return until it changes.
 * - status 'requires_action': 3-D Secure. `next_action.type` 'demo_challenge': show the demo
 *   provider's challenge (`next_action.url`, with `client_secret`); 'use_stripe_sdk': call
 *   stripe.handleNextAction({ clientSecret }). Then call checkout-return.
 * - status 'succeeded': paid (the order is 'completed').
 * - `under_review` true (with status 'processing'): the provider took an amount that does not match
 *   the order, so the shop's team checks it (they refund it in full and mail the customer); stop
 *   asking checkout-return and say so. Absent otherwise.
 * `reserved_until` (ISO 8601) / `seconds_left`: the tickets are held until then; after it
 * the reservation is released and a late payment refunded (not while under review: staff settle it).
 */
export const storeCheckoutPaymentSchema = lazySchema(() => z.object({
  provider: z.string(),
  intent_id: z.string(),
  status: z.enum(['processing', 'requires_action', 'succeeded']),
  /** Only while 'requires_action'; the browser needs it for the challenge. */
  client_secret: z.nullable(z.string()),
  next_action: z.nullable(z.object({ type: z.enum(['demo_challenge', 'use_stripe_sdk']), url: z.nullable(z.string()) })),
  reserved_until: z.string(),
  seconds_left: z.int(),
  funding: cardFundingSchema,
  last4: z.string(),
  under_review: z.optional(z.literal(true)),
}));
export type StoreCheckoutPayment = z.infer<typeof storeCheckoutPaymentSchema>;

export const storeCheckoutResponseSchema = lazySchema(() => z.object({
  order_id: z.int(),
  status: z.string(),
  order_key: z.string(),
  customer_id: z.int(),
  customer_note: z.string(),
  billing_address: storeAddressSchema,
  payment_method: storePaymentMethodSchema,
  payment_result: z.object({
    payment_status: z.enum(['success', 'failure', 'pending', 'error']),
    payment_details: z.array(z.object({ key: z.string(), value: z.string() })),
    redirect_url: z.string(),
  }),
  /** Our extension. */
  extensions: z.object({
    cgg: z.object({
      tickets: z.array(storeOrderTicketsSchema),
      instant_wins: z.array(storeInstantWinWonSchema),
      /** Pence, as strings. */
      total: minorUnits,
      points_earned: z.int(),
      points_redeemed: z.int(),
      credit_used: minorUnits,
      card_charged: minorUnits,
      /** The card payment; absent when no card pays (site credit / points only). */
      payment: z.optional(storeCheckoutPaymentSchema),
    }),
  }),
}));
export type StoreCheckoutResponse = z.infer<typeof storeCheckoutResponseSchema>;

/** `POST cgg/checkout-return`: the order whose card payment to look at again (after 3-D Secure, or while 'processing'). */
export const storeCheckoutReturnRequestSchema = lazySchema(() => z.object({
  order_id: id,
  order_key: z.string().check(z.minLength(1), z.maxLength(64)),
}));
export type StoreCheckoutReturnRequest = z.infer<typeof storeCheckoutReturnRequestSchema>;

/** A line of a held order: what it reserved, priced as at checkout (its share of any coupon taken off). */
export const storeHeldOrderLineSchema = lazySchema(() => z.object({
  competition_id: z.int(),
  title: z.string(),
  quantity: z.int(),
  /** Pence, as a string. */
  total: minorUnits,
}));
export type StoreHeldOrderLine = z.infer<typeof storeHeldOrderLineSchema>;

/**
 * `GET cgg/held-order`: the signed-in customer's card order still waiting for its payment, its
 * tickets held (the basket was taken for it). A checkout page opened again (a reload, another
 * tab, back from elsewhere) finishes it (checkout-return, then any challenge) or cancels it
 * (held-order/cancel). `order` is null when none is held; a payment confirmed meanwhile answers
 * the paid order (status 'completed'). `released`: this call found the payment refused, or the
 * reservation run out, and released the order: the refusal as checkout-return would answer it
 * (`code`, `message`; `refunded` a late payment refunded) and the basket given back. An order
 * whose payment is under review (`payment.under_review`) is answered too: say so, offer no way on.
 */
export const storeHeldOrderSchema = lazySchema(() => z.object({
  order: z.nullable(storeCheckoutResponseSchema),
  lines: z.array(storeHeldOrderLineSchema),
  released: z.nullable(z.object({ code: z.string(), message: z.string(), refunded: z.boolean(), cart: storeCartSchema })),
}));
export type StoreHeldOrder = z.infer<typeof storeHeldOrderSchema>;

/**
 * `POST cgg/held-order/cancel` (`{order_id, order_key}`): the customer gives up a held order. The
 * provider is asked to stop the payment first, and the answer says what happened:
 * - 'cancelled': released (tickets back on sale, points and credit given back); its lines are back
 *   in the basket (`cart`);
 * - 'paid': the payment went through first (`order`, the paid order: show its confirmation);
 * - 'confirming': the provider is already confirming it and cannot stop it (`order`, pending:
 *   ask checkout-return for its outcome); also an order whose payment is under review
 *   (`payment.under_review`: the provider was not asked; the shop's team settles it).
 */
export const storeHeldOrderCancelResponseSchema = lazySchema(() => z.object({
  outcome: z.enum(['cancelled', 'paid', 'confirming']),
  order: z.nullable(storeCheckoutResponseSchema),
  cart: storeCartSchema,
}));
export type StoreHeldOrderCancelResponse = z.infer<typeof storeHeldOrderCancelResponseSchema>;

/** `GET cgg/payment-config`: which card field the checkout page loads. */
export const storePaymentConfigSchema = lazySchema(() => z.object({
  /** 'demo' (the built-in demo provider) or 'stripe'. */
  provider: z.enum(['demo', 'stripe']),
  /** Stripe's publishable key (pk_test_... / pk_live_...); null for the demo provider. */
  publishable_key: z.nullable(z.string()),
  /** The demo provider's browser API base (DEMO_PAY_ROUTE_PREFIX under /wp-json); null for Stripe. */
  demo_api_base: z.nullable(z.string()),
  /** How long the tickets are held once checkout starts. */
  reservation_minutes: z.int(),
}));
export type StorePaymentConfig = z.infer<typeof storePaymentConfigSchema>;

// ---- errors ----------------------------------------------------------------------

/**
 * The error codes the Store routes answer (`{code, message, data: {status, ...}}`).
 * Messages are WooCommerce's where it has one; `%s` is the competition title.
 * Where noted, `data.cart` holds the whole cart as it stands.
 */
export const STORE_ERRORS = {
  /** 401: a write without a Nonce header. */
  missingNonce: { code: 'woocommerce_rest_missing_nonce', status: 401, message: 'Missing the Nonce header. This endpoint requires a valid nonce.' },
  /** 403: a Nonce that is malformed, expired or not this cart's. */
  invalidNonce: { code: 'woocommerce_rest_invalid_nonce', status: 403, message: 'Nonce is invalid.' },
  /** 400: 0 tickets left. */
  outOfStock: { code: 'woocommerce_rest_product_out_of_stock', status: 400, message: 'You cannot add "%s" to the cart because the product is out of stock.' },
  /**
   * Capped add or update: on success it is a notice in `cart.errors` (status 200) with
   * `data: {available, added, requested, limit: 'stock' | 'per_user'}`; `available` is
   * what the line could hold, `added` what this call added. At checkout (stock fell
   * since) it is a 400 with `data.cart`.
   */
  partiallyOutOfStock: { code: 'woocommerce_rest_product_partially_out_of_stock', status: 400, message: 'Only %d tickets are available for "%s".' },
  /** 400: quantity below 1 or not a whole number. */
  invalidQuantity: { code: 'woocommerce_rest_cart_invalid_quantity', status: 400, message: 'Quantity must be a whole number of at least 1.' },
  /**
   * 400: the per-user maximum is already reached. `data: {max_per_user, in_cart, purchased}`:
   * in_cart > 0 means the basket holds the allowance, otherwise past orders do.
   */
  maxPerUser: { code: 'cgg_rest_max_tickets_per_user', status: 400, message: 'You already have the maximum number of tickets for this competition' },
  /** 409: update/remove of a key not in this cart; `data.cart` is the cart. */
  invalidKey: { code: 'woocommerce_rest_cart_invalid_key', status: 409, message: 'Cart item no longer exists or is invalid.' },
  /** 400: unknown product id. */
  invalidProduct: { code: 'woocommerce_rest_cart_invalid_product', status: 400, message: 'This product cannot be added to the cart.' },
  /** 400: closed, drawn, sold out or tickets disabled; `data.reason` says which. */
  notPurchasable: { code: 'woocommerce_rest_product_not_purchasable', status: 400, message: 'The "%s" product cannot be purchased.' },
  /** 400: the question is required and no answer_id was sent. */
  answerRequired: { code: 'cgg_rest_answer_required', status: 400, message: 'Please answer the competition question to enter.' },
  /** 400: wrong answer; nothing added. */
  wrongAnswer: { code: 'cgg_rest_wrong_answer', status: 400, message: 'Sorry, that answer is incorrect. Please try again.' },
  /** 400: unknown, expired or used-up coupon. */
  couponError: { code: 'woocommerce_rest_cart_coupon_error', status: 400, message: 'Coupon "%s" does not exist!' },
  /** 400: apply-coupon of a code already in the basket; nothing changes. */
  couponAlreadyApplied: { code: 'woocommerce_rest_cart_coupon_error', status: 400, message: 'Coupon code "%s" has already been applied.' },
  /** 400: remove-coupon of a code not applied. */
  couponNotApplied: { code: 'woocommerce_rest_cart_coupon_invalid_code', status: 400, message: 'Coupon does not exist in the cart.' },
  /** 400: checkout of an empty cart. */
  cartEmpty: { code: 'woocommerce_rest_cart_empty', status: 400, message: 'Cannot create order from empty cart.' },
  /** 401: checkout without a signed-in customer. */
  loginRequired: { code: 'woocommerce_rest_checkout_login_required', status: 401, message: 'You must be logged in to checkout.' },
  /** 400: billing fields; `data.params` maps field -> the spec's message; message is the first. */
  invalidBilling: { code: 'rest_invalid_param', status: 400, message: 'Invalid parameter(s): billing_address' },
  /** 400: the card was declined or its details are invalid; nothing was taken. */
  paymentError: { code: 'woocommerce_rest_checkout_process_payment_error', status: 400, message: 'Your card was declined.' },
  /**
   * 400: the card is a credit card (as the payment provider reports it) and the UK prize-draw
   * code's clause 1.3 refuses it here; nothing was taken. `data.reason`: 'instant_wins' (a
   * competition in the basket has instant wins; `data.competition_ids`) or 'monthly_cap'
   * (`data.cap`, `data.spent`, `data.left`, pounds: this London calendar month's credit-card spend).
   * A debit card or site credit pays instead.
   */
  creditCardRefused: { code: 'cgg_credit_card_refused', status: 400, message: 'Credit cards cannot be used for this order.' },
  /**
   * 400: card numbers were posted (the old 'cgg-demo-card' form) - the API never takes them.
   * The page is out of date: reload it and use the provider's card field.
   */
  cardNumbersRefused: {
    code: 'cgg_card_numbers_refused',
    status: 400,
    message: 'Card numbers are not accepted here any more. Please reload the page and enter your card in the secure card field.',
  },
  /**
   * 409: the tickets were held for 10 minutes and the time ran out before the payment was
   * confirmed: they are back on sale, points and credit given back, the basket restored, and
   * any payment that still went through is refunded. `data.refunded` (boolean) says whether one was.
   */
  reservationExpired: {
    code: 'cgg_reservation_expired',
    status: 409,
    message: 'Your tickets were held for 10 minutes and the time ran out. Your basket is as it was; please check out again.',
  },
  /**
   * 503: the payment provider could not be reached. The tickets stay held (the reservation's
   * countdown runs on): retry the same checkout (same Idempotency-Key) or checkout-return.
   */
  paymentProviderUnavailable: {
    code: 'cgg_payment_provider_unavailable',
    status: 503,
    message: 'We could not reach the payment provider. Your tickets are held for you: please try again in a moment.',
  },
  /** 404: checkout-return for an order that is not this customer's (or a wrong order_key). */
  orderNotFound: { code: 'cgg_rest_order_not_found', status: 404, message: 'That order could not be found.' },
  /** 400: points/credit asked for exceed the balance or the total. */
  invalidPaymentData: { code: 'woocommerce_rest_checkout_invalid_payment_data', status: 400, message: 'The payment details are invalid.' },
  /** 409: the same Idempotency-Key is still being processed by another request. */
  idempotencyInProgress: { code: 'cgg_rest_idempotency_in_progress', status: 409, message: 'This checkout is already being processed.' },
  /** 400: Idempotency-Key header missing or malformed (8-128 chars of [A-Za-z0-9_-]). */
  idempotencyKeyInvalid: { code: 'cgg_rest_invalid_idempotency_key', status: 400, message: 'A valid Idempotency-Key header is required.' },
} as const;
export type StoreErrorName = keyof typeof STORE_ERRORS;
/** Spending limit and lock come from the accounts API's responsible-play errors (their codes). */

// ---- client ----------------------------------------------------------------------

/** Every Store API route; `access` as in the call table (calls.ts `CallAccess`): the basket is anyone's, checkout a signed-in customer's. */
export const storeEndpoints = {
  cart: { access: 'anyone', route: '/cart', method: 'GET', request: null, response: storeCartSchema },
  cartItems: { access: 'anyone', route: '/cart/items', method: 'GET', request: null, response: storeCartItemsSchema },
  addItem: { access: 'anyone', route: '/cart/add-item', method: 'POST', request: storeAddItemRequestSchema, response: storeCartSchema },
  updateItem: { access: 'anyone', route: '/cart/update-item', method: 'POST', request: storeUpdateItemRequestSchema, response: storeCartSchema },
  removeItem: { access: 'anyone', route: '/cart/remove-item', method: 'POST', request: storeRemoveItemRequestSchema, response: storeCartSchema },
  emptyCart: { access: 'anyone', route: '/cart/items', method: 'DELETE', request: null, response: storeCartItemsSchema },
  applyCoupon: { access: 'anyone', route: '/cart/apply-coupon', method: 'POST', request: storeCouponRequestSchema, response: storeCartSchema },
  removeCoupon: { access: 'anyone', route: '/cart/remove-coupon', method: 'POST', request: storeCouponRequestSchema, response: storeCartSchema },
  checkout: { access: 'customer', route: '/checkout', method: 'POST', request: storeCheckoutRequestSchema, response: storeCheckoutResponseSchema },
  checkoutReturn: { access: 'customer', route: '/cgg/checkout-return', method: 'POST', request: storeCheckoutReturnRequestSchema, response: storeCheckoutResponseSchema },
  paymentConfig: { access: 'anyone', route: '/cgg/payment-config', method: 'GET', request: null, response: storePaymentConfigSchema },
  heldOrder: { access: 'customer', route: '/cgg/held-order', method: 'GET', request: null, response: storeHeldOrderSchema },
  cancelHeldOrder: { access: 'customer', route: '/cgg/held-order/cancel', method: 'POST', request: storeCheckoutReturnRequestSchema, response: storeHeldOrderCancelResponseSchema },
} as const;
export type StoreEndpoints = typeof storeEndpoints;
export type StoreEndpointName = keyof StoreEndpoints;
type RequestOf<N extends StoreEndpointName> = StoreEndpoints[N]['request'] extends z.ZodMiniType ? z.input<StoreEndpoints[N]['request']> : undefined;
type ResponseOf<N extends StoreEndpointName> = z.infer<StoreEndpoints[N]['response']>;

export interface StoreRequestOptions {
  /** Origin to prefix; '' (same origin) in the browser. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  nonce?: string | null;
  cartToken?: string | null;
  /** The signed-in customer's session token (decoded), sent as a Bearer. */
  customerToken?: string | null;
  /** Checkout only. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface StoreResult<T> {
  body: T;
  status: number;
  /** Fresh values from the response headers (null when absent). */
  nonce: string | null;
  nonceTimestamp: number | null;
  cartToken: string | null;
}

const bodyCartToken = (body: unknown): string | null => {
  const token = (body as { cart_header?: unknown } | null)?.cart_header;
  return typeof token === 'string' && token !== '' ? token : null;
};

/** `?rest_route=/wc/store/v1/cart/add-item` on the given origin. */
export function storeUrl(route: string, base = ''): string {
  return `${base}/?rest_route=${STORE_ROUTE_PREFIX}${route}`;
}

/**
 * Calls one Store API route with the WooCommerce headers, checks the answer against
 * its schema and returns it with the response's fresh Nonce / Cart-Token. A non-2xx
 * answer throws `ApiError` whose `data` is WooCommerce's (`data.cart` on 409s).
 */
export async function storeRequest<N extends StoreEndpointName>(
  name: N,
  payload: RequestOf<N>,
  options: StoreRequestOptions = {},
): Promise<StoreResult<ResponseOf<N>>> {
  const endpoint = storeEndpoints[name];
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.nonce) headers[STORE_HEADERS.nonce] = options.nonce;
  if (options.cartToken) headers[STORE_HEADERS.cartToken] = options.cartToken;
  if (options.customerToken) headers.Authorization = `Bearer ${options.customerToken}`;
  if (options.idempotencyKey) headers[STORE_HEADERS.idempotencyKey] = options.idempotencyKey;
  let body: string | undefined;
  if (endpoint.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    // The spec's add-item carries the nonce and the cart token in its body as well.
    const spec = name === 'addItem' ? { ...(options.nonce ? { nonce: options.nonce } : {}), ...(options.cartToken ? { cart_header: options.cartToken } : {}) } : {};
    body = JSON.stringify({ ...(payload ?? {}), ...spec });
  }
  const res = await (options.fetchImpl ?? fetch)(storeUrl(endpoint.route, options.baseUrl), {
    method: endpoint.method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!res.ok) throw await apiErrorFromResponse(res);
  const json: unknown = await res.json();
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError('invalid_response', `Unexpected answer from ${endpoint.route}: ${parsed.error.issues[0]?.message ?? ''}`, res.status);
  }
  const timestamp = res.headers.get(STORE_HEADERS.nonceTimestamp);
  return {
    body: parsed.data as ResponseOf<N>,
    status: res.status,
    nonce: res.headers.get(STORE_HEADERS.nonce),
    nonceTimestamp: timestamp && /^\d+$/.test(timestamp) ? Number(timestamp) : null,
    cartToken: res.headers.get(STORE_HEADERS.cartToken) ?? bodyCartToken(parsed.data),
  };
}
