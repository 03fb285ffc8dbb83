import { GBP_CURRENCY, type StoreCartAnswer, type StoreCartError } from '@cgg/contracts/store';
import { effectivePricePence, poundsToPence, type Competition } from '@cgg/contracts';
import { allowance, notPurchasableReason, partialNotice, type NotPurchasableReason } from './cart-rules.ts';
import { computeDiscounts, type CouponRule } from './coupon-math.ts';

export interface CartLine {
  key: string;
  competitionId: number;
  quantity: number;
  answeredOptionId: number | null;
}

export interface PricedLine {
  line: CartLine;
  competition: Competition;
  unitPence: number;
  subtotalPence: number;
  discountPence: number;
  /** Tickets the customer already holds in this competition. */
  purchased: number;
}

export interface PricedCart {
  lines: PricedLine[];
  coupons: Array<{ rule: CouponRule; discountPence: number }>;
  itemsTotal: number;
  discountTotal: number;
  total: number;
}

/** Prices a basket at `now`: sale price only in its window and when lower (contracts' rules). */
export function priceCart(
  lines: readonly CartLine[],
  competitions: ReadonlyMap<number, Competition>,
  purchased: ReadonlyMap<number, number>,
  coupons: readonly CouponRule[],
  now: Date,
): PricedCart {
  const priced = lines.flatMap((line) => {
    const competition = competitions.get(line.competitionId);
    if (!competition) return [];
    const unitPence = effectivePricePence(competition, now);
    return [{ line, competition, unitPence, subtotalPence: unitPence * line.quantity, discountPence: 0, purchased: purchased.get(line.competitionId) ?? 0 }];
  });
  const discounts = computeDiscounts(priced.map((p) => p.subtotalPence), coupons);
  priced.forEach((p, i) => (p.discountPence = discounts.perLine[i]!));
  const itemsTotal = priced.reduce((s, p) => s + p.subtotalPence, 0);
  return {
    lines: priced,
    coupons: coupons.map((rule, i) => ({ rule, discountPence: discounts.perCoupon[i]! })),
    itemsTotal,
    discountTotal: discounts.total,
    total: itemsTotal - discounts.total,
  };
}

const NOT_PURCHASABLE: Record<NotPurchasableReason, (title: string) => string> = {
  drawn: (t) => `"${t}" has been drawn: remove it to check out.`,
  closed: (t) => `"${t}" is closed to new entries: remove it to check out.`,
  disabled: (t) => `Entries to "${t}" are paused: remove it to check out.`,
};

/**
 * Problems of lines as they stand (a competition closed or stock fell since they were added), each
 * with its line's key and what the shopper can do, in the shop's words (the basket shows them on
 * the line); the codes stay WooCommerce's.
 */
export function lineProblems(cart: PricedCart): StoreCartError[] {
  const out: StoreCartError[] = [];
  for (const p of cart.lines) {
    const title = p.competition.title;
    const reason = notPurchasableReason(p.competition);
    if (reason) {
      out.push({ code: 'woocommerce_rest_product_not_purchasable', message: NOT_PURCHASABLE[reason](title), data: { key: p.line.key, reason } });
      continue;
    }
    const a = allowance(p.competition, 0, p.purchased);
    if (p.line.quantity > a.more) {
      const notice = a.more === 0 && a.limit === 'stock'
        ? { code: 'woocommerce_rest_product_out_of_stock', data: { competition_id: p.competition.id } }
        : partialNotice(p.competition, a.more, 0, p.line.quantity, a.limit);
      out.push({ code: notice.code, message: overLineMessage(title, a.more, a.limit, p.competition.max_ticket_per_user), data: { ...notice.data, key: p.line.key } });
    }
  }
  return out;
}

function overLineMessage(title: string, more: number, limit: 'stock' | 'per_user', maxPerUser: number): string {
  const tickets = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;
  if (limit === 'stock') return more === 0 ? `"${title}" has sold out: remove it to check out.` : `Only ${tickets(more)} of "${title}" ${more === 1 ? 'is' : 'are'} left: change this line to ${more} or fewer.`;
  return more === 0
    ? `You already hold the most tickets one person may have for "${title}" (${maxPerUser}): remove it to check out.`
    : `You may buy ${tickets(more)} more of "${title}" (at most ${maxPerUser} each): change this line to ${more} or fewer.`;
}

const s = (pence: number): string => String(pence);

/** The WooCommerce Store API cart response. */
export function toStoreCart(cart: PricedCart, notices: readonly StoreCartError[] = []): StoreCartAnswer {
  const items = cart.lines.map((p) => {
    const a = allowance(p.competition, 0, p.purchased);
    const regular = poundsToPence(p.competition.price_per_ticket);
    return {
      key: p.line.key,
      id: p.competition.competition_product_id,
      // The spec's cart item has its quantity as text.
      quantity: String(p.line.quantity),
      quantity_limits: { minimum: 1, maximum: Math.max(a.more, 0), multiple_of: 1, editable: true },
      name: p.competition.title,
      prices: { price: s(p.unitPence), regular_price: s(regular), sale_price: s(p.unitPence), ...GBP_CURRENCY },
      totals: {
        line_subtotal: s(p.subtotalPence),
        line_subtotal_tax: '0',
        line_total: s(p.subtotalPence - p.discountPence),
        line_total_tax: '0',
        ...GBP_CURRENCY,
      },
      competition: p.competition,
    };
  });
  return {
    items,
    coupons: cart.coupons.map((c) => ({
      code: c.rule.code,
      discount_type: c.rule.discountType,
      totals: { total_discount: s(c.discountPence), total_discount_tax: '0', ...GBP_CURRENCY },
    })),
    totals: {
      total_items: s(cart.itemsTotal),
      total_items_tax: '0',
      total_discount: s(cart.discountTotal),
      total_discount_tax: '0',
      total_shipping: null,
      total_tax: '0',
      total_price: s(cart.total),
      ...GBP_CURRENCY,
    },
    items_count: cart.lines.reduce((n, p) => n + p.line.quantity, 0),
    needs_payment: cart.total > 0,
    needs_shipping: false,
    errors: [...notices, ...lineProblems(cart)],
  };
}
