import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Coupons as the back office issues and lists them (shop-api's `coupon-create` CLI command issues
 * through the same function): a fixed amount or a percentage off, for one customer (single use)
 * or everyone, with an optional last day.
 */

export const staffCouponSchema = lazySchema(() => z.object({
  id: z.int(),
  code: z.string(),
  description: z.string(),
  /** Pounds off ("5.00"), or null for a percentage. */
  amount: z.nullable(z.string()),
  percent: z.nullable(z.int()),
  /** null: site-wide. */
  customer_id: z.nullable(z.int()),
  /** Only to admins (operators have no access to customers' details): null otherwise. */
  customer_email: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  /** A single-use coupon once used. */
  used_at: z.nullable(z.string()),
  /** Orders that took money off with it. */
  orders: z.int(),
  created_at: z.string(),
}));
export type StaffCoupon = z.infer<typeof staffCouponSchema>;

export const staffCouponsRequestSchema = lazySchema(() => z.strictObject({}));
export const staffCouponsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffCouponSchema) }));

/**
 * A new coupon: exactly one of `amount` (pounds) and `percent`. The API checks every rule and names
 * the field it refuses by these names (400 `rest_invalid_param`); 409 `cgg_coupon_exists` for a code in use.
 */
export const staffCouponCreateRequestSchema = lazySchema(() => z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,40}$/, 'A code is 3-40 letters, digits, _ or -.')),
  amount: z.optional(z.string().check(
    z.trim(),
    z.regex(/^\d{1,4}(\.\d{1,2})?$/, 'Enter the amount off in pounds, e.g. 5 or 2.50.'),
    // The API's own bounds (createCoupon), so the form says so before sending.
    z.refine((v) => Number(v) > 0 && Number(v) <= 1000, 'The amount off is from £0.01 to £1,000.'),
  )),
  percent: z.optional(z.int().check(z.minimum(1, 'The percentage off is a whole number from 1 to 100.'), z.maximum(100, 'The percentage off is a whole number from 1 to 100.'))),
  customer_id: z.optional(z.int().check(z.positive())),
  description: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The description is at most 100 characters.'))),
  /** The last London day it works, "YYYY-MM-DD". */
  expires_on: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the last day as a date, e.g. 2026-12-31.'))),
}));
export const staffCouponCreateResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffCouponSchema }));
