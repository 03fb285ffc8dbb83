import { z } from 'zod/mini';

/*
 * WooCommerce Store API cart (issue "Basket and checkout" builds the server side):
 * money as strings in minor units with currency_minor_unit 2.
 */
export const cartItemTotalsSchema = z.object({
  line_subtotal: z.string(),
  line_total: z.string(),
  currency_code: z.string(),
  currency_minor_unit: z.int(),
});
export const cartItemSchema = z.object({
  id: z.int(),
  key: z.string(),
  quantity: z.union([z.int(), z.string()]),
  totals: z.optional(cartItemTotalsSchema),
  competition: z.optional(z.record(z.string(), z.unknown())),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  items_count: z.int(),
  totals: z.looseObject({ total_price: z.string(), currency_minor_unit: z.int() }),
});
export const addItemRequestSchema = z.object({ id: z.int().check(z.positive()), quantity: z.int().check(z.positive()) });
