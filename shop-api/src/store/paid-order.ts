import type { StoreCheckoutResponse } from '@cgg/contracts/store';
import type pg from 'pg';
import type { FundingType } from '../payments/payment-gateway.ts';

/** The basket as it was when its tickets were reserved: given back if the payment does not go through. */
export interface ReservedBasket {
  lines: Array<{ competitionId: number; quantity: number; answeredOptionId: number | null }>;
  couponIds: number[];
}

export interface PaidOrder {
  orderId: number;
  customerId: number;
  cartId: string;
  now: Date;
  /** The checkout answer, stored on the order for a repeat with the same Idempotency-Key. */
  result: StoreCheckoutResponse;
  items: Array<{ competitionId: number; title: string; quantity: number; unitPence: number; lineTotalPence: number; discountPence: number }>;
  coupons: Array<{ couponId: number; discountPence: number }>;
  points: Array<{ type: string; points: number; description: string }>;
  credit: { pence: number; description: string } | null;
  /**
   * A card pays part of it: the order is written 'pending' (not paid) with its tickets reserved
   * until `until`, the basket to give back if the payment fails, and the card's funding type (the
   * UK code limits credit cards, and a pending order counts towards the cap). Null: paid now.
   */
  reservation: { until: Date; basket: ReservedBasket; paymentMethodRef: string; funding: FundingType } | null;
  order: {
    subtotalPence: number;
    discountPence: number;
    creditPence: number;
    totalPence: number;
    paymentMethod: string;
    paymentMethodTitle: string;
    pointsRedeemed: number;
    cardPence: number;
    customerNote: string;
    billing: { first_name: string; last_name: string; address_1: string; address_2: string; city: string; state: string; postcode: string; phone: string; email: string };
  };
}

/*
 * Everything a paid (or reserved) order writes besides its tickets, as ONE statement (data-modifying
 * CTEs): at launch-night rates each round trip to PostgreSQL costs both processes CPU
 * (a socket write and a wake-up each way), and these seven writes used to be seven.
 * The shipping address is the billing address (the shop ships prizes to the buyer).
 */
const WRITE_PAID_ORDER = `
  WITH items AS (
    INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence, discount_pence, position)
    SELECT $1, x.competition_id, x.title, x.quantity, x.unit, x.line_total, x.discount, x.position - 1
    FROM unnest($2::int[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[]) WITH ORDINALITY
      AS x(competition_id, title, quantity, unit, line_total, discount, position)
    RETURNING id, competition_id
  ), coupons AS (
    INSERT INTO order_coupons (order_id, coupon_id, discount_pence) SELECT $1, c, d FROM unnest($8::int[], $9::int[]) AS x(c, d)
  ), points AS (
    INSERT INTO points_logs (customer_id, type, points, description, order_id, created_at)
    SELECT $10, t, p, d, $1, $11 FROM unnest($12::text[], $13::int[], $14::text[]) AS x(t, p, d)
  ), credit AS (
    INSERT INTO credit_logs (customer_id, type, amount_pence, description, order_id, created_at)
    SELECT $10, 'order-redeem', -$15::int, $16, $1, $11 WHERE $15::int > 0
  ), paid AS (
    UPDATE orders SET status = CASE WHEN $17::timestamptz IS NULL THEN 'completed' ELSE 'pending' END,
      paid_at = CASE WHEN $17::timestamptz IS NULL THEN $11::timestamptz END,
      reserved_until = $17, reserved_cart_id = CASE WHEN $17::timestamptz IS NULL THEN NULL ELSE $37::uuid END, reserved_basket = $18::jsonb, payment_method_ref = $39, subtotal_pence = $19, discount_pence = $20, credit_used_pence = $15, total_pence = $21,
      payment_method = $22, payment_method_title = $23, points_redeemed = $24, card_charged_pence = $25, customer_note = $26, store_result = $27,
      billing_first_name = $28, billing_last_name = $29, billing_address_1 = $30, billing_address_2 = $31, billing_city = $32,
      billing_state = $33, billing_postcode = $34, billing_phone = $35, billing_email = $36, card_funding = $38,
      shipping_first_name = $28, shipping_last_name = $29, shipping_address_1 = $30, shipping_address_2 = $31, shipping_city = $32,
      shipping_state = $33, shipping_postcode = $34
    WHERE id = $1
  ), emptied_items AS (
    DELETE FROM cart_items WHERE cart_id = $37
  ), emptied_coupons AS (
    DELETE FROM cart_coupons WHERE cart_id = $37
  )
  SELECT id, competition_id FROM items`;

/** Writes the order's items, coupons, ledger rows and fields (and its reservation), and empties the basket. Returns order item ids by competition. */
export async function writePaidOrder(client: pg.PoolClient, o: PaidOrder): Promise<Map<number, number>> {
  const { billing } = o.order;
  const { rows } = await client.query<{ id: number; competition_id: number }>(WRITE_PAID_ORDER, [
    o.orderId,
    o.items.map((i) => i.competitionId), o.items.map((i) => i.title), o.items.map((i) => i.quantity),
    o.items.map((i) => i.unitPence), o.items.map((i) => i.lineTotalPence), o.items.map((i) => i.discountPence),
    o.coupons.map((c) => c.couponId), o.coupons.map((c) => c.discountPence),
    o.customerId, o.now,
    o.points.map((p) => p.type), o.points.map((p) => p.points), o.points.map((p) => p.description),
    o.credit?.pence ?? 0, o.credit?.description ?? '',
    o.reservation?.until ?? null, o.reservation ? JSON.stringify(o.reservation.basket) : null,
    o.order.subtotalPence, o.order.discountPence, o.order.totalPence, o.order.paymentMethod, o.order.paymentMethodTitle,
    o.order.pointsRedeemed, o.order.cardPence, o.order.customerNote, JSON.stringify(o.result),
    billing.first_name, billing.last_name, billing.address_1, billing.address_2, billing.city, billing.state, billing.postcode, billing.phone, billing.email,
    o.cartId,
    o.reservation?.funding ?? null,
    o.reservation?.paymentMethodRef ?? null,
  ]);
  return new Map(rows.map((r) => [r.competition_id, r.id]));
}
