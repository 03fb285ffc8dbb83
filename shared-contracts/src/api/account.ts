import { z } from 'zod/mini';
import { lazySchema, provideZod } from '@cgg/contracts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Account calls of the spec's call table (issue "Customer accounts" builds them).
 * Field names are the spec's; shapes the spec leaves open are ours.
 */
const token = z.string().check(z.minLength(1), z.maxLength(512));

export const userSchema = lazySchema(() => z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  name: z.string(),
  nickname: z.string(),
  token: z.string(),
  description: z.string(),
  billing_first_name: z.string(),
  billing_last_name: z.string(),
  billing_company: z.string(),
  billing_address_1: z.string(),
  billing_address_2: z.string(),
  billing_city: z.string(),
  billing_state: z.string(),
  billing_postcode: z.string(),
  billing_country: z.string(),
  billing_email: z.string(),
  billing_phone: z.string(),
  limit_duration: z.nullable(z.string()),
  limit_value: z.nullable(z.string()),
  lockout_period: z.nullable(z.string()),
  current_spending: z.string(),
  lock_account: z.boolean(),
  locking_period: z.nullable(z.string()),
  /** Masked ('****5678', '****33'; '' when none are saved): the whole numbers come only from bank_details. */
  account_number: z.string(),
  sort_code: z.string(),
  /** True while staff have a review of the customer's play open: the account page shows where to find support (UK code 1.8). */
  show_support_links: z.optional(z.boolean()),
}));
export type User = z.infer<typeof userSchema>;

export const tokenRequestSchema = lazySchema(() => z.object({ token }));
export const checkAuthResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: userSchema }));
export const userDetailsResponseSchema = checkAuthResponseSchema;

export const updateProfileRequestSchema = lazySchema(() => z.object({
  token,
  account_first_name: z.string(),
  account_last_name: z.string(),
  account_display_name: z.string(),
  account_email: z.string(),
  password_current: z.string(),
  password_1: z.string(),
  password_2: z.string(),
}));
export const updateUserDetailsRequestSchema = lazySchema(() => z.object({
  token,
  first_name: z.string(),
  last_name: z.string(),
  billing_first_name: z.string(),
  billing_last_name: z.string(),
  billing_email: z.string(),
  billing_phone: z.string(),
  billing_address_1: z.string(),
  billing_address_2: z.string(),
  billing_city: z.string(),
  billing_postcode: z.string(),
  billing_state: z.string(),
}));
export const saveResponseSchema = lazySchema(() => z.object({ success: z.boolean(), data: z.optional(z.unknown()), error: z.optional(z.string()) }));

export const pointsRequestSchema = lazySchema(() => z.object({
  token,
  // Bounded as every page field is: a bigger one names nothing and costs the database a long skip.
  offset: z.optional(z.int().check(z.nonnegative(), z.maximum(1_000_000))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  /**
   * Which ledger. The spec's site-credit view sends the token only (no paging), the points
   * view pages with offset and limit; `type` ('points' | 'cred') names it outright (older
   * clients sent `{token, type: 'cred'}`), so the server accepts both. Site-credit amounts
   * are pound strings ("12.50", "-2.50"), points are integers.
   */
  type: z.optional(z.enum(['points', 'cred'])),
}));
export type PointsRequest = z.infer<typeof pointsRequestSchema>;

/** The ledger a points call asks for: `type` when given, else the site credit when it carries no paging. */
export function requestedLedger(request: Pick<PointsRequest, 'type' | 'offset' | 'limit'>): 'points' | 'cred' {
  if (request.type) return request.type;
  return request.offset === undefined && request.limit === undefined ? 'cred' : 'points';
}
export const pointsLogSchema = lazySchema(() => z.object({
  description: z.string(),
  date_display_human: z.string(),
  type: z.string(),
  points: z.union([z.number(), z.string()]),
}));
export const pointsResponseSchema = lazySchema(() => z.object({
  success: z.boolean(),
  points: z.union([z.number(), z.string()]),
  logs: z.array(pointsLogSchema),
  totalLogs: z.int(),
}));

export const couponSchema = lazySchema(() => z.object({ description: z.string(), code: z.string(), amount: z.string() }));
export const couponsResponseSchema = lazySchema(() => z.object({ success: z.boolean(), data: z.array(couponSchema) }));

export const ordersRequestSchema = lazySchema(() => z.object({ token, page: z.int().check(z.minimum(1), z.maximum(10_000)), limit: z.int().check(z.minimum(1), z.maximum(100)) }));
export const orderListItemSchema = lazySchema(() => z.object({
  order_id_: z.int(),
  order_status: z.string(),
  order_date: z.nullable(z.string()),
  order_total: z.string(),
  item_count: z.int(),
}));
export const ordersResponseSchema = lazySchema(() => z.object({ success: z.boolean(), data: z.array(orderListItemSchema), total_pages: z.int() }));

const addressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
});
export const orderDetailRequestSchema = lazySchema(() => z.object({ token, id: z.int().check(z.positive()) }));
export const orderDetailSchema = lazySchema(() => z.object({
  id: z.int(),
  status: z.string(),
  date_created: z.object({ date: z.string() }),
  total: z.string(),
  payment_method_title: z.string(),
  products: z.array(
    z.object({
      title: z.string(),
      quantity: z.int(),
      tickets: z.array(z.int()),
      draw_date: z.string(),
      draw_time: z.string(),
      price: z.string(),
    }),
  ),
  billing: z.extend(addressSchema, { phone: z.string(), email: z.string() }),
  shipping: addressSchema,
}));
export const orderDetailResponseSchema = lazySchema(() => z.object({ data: orderDetailSchema }));

export const ticketHoldingSchema = lazySchema(() => z.object({ competition_id: z.int(), total_tickets: z.int() }));
export const purchasedCompetitionsResponseSchema = lazySchema(() => z.object({ success: z.boolean(), data: z.array(ticketHoldingSchema) }));

/** The saved bank details in full: only the financial details form reads them (every other answer masks them). */
export const bankDetailsResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({ account_number: z.string(), sort_code: z.string() }),
}));

/** The spec sends bank details as GET with a query string. */
export const bankDetailsRequestSchema = lazySchema(() => z.object({
  token,
  account_number: z.string().check(z.regex(/^\d+$/, 'Account Number must contain only numbers.')),
  sort_code: z.string().check(z.regex(/^\d{3,6}$/, 'Sort Code must be 6 digits.')),
}));
