import { z } from 'zod';

/*
 * WooCommerce Store API cart (issue "Basket and checkout" builds the server side):
 * money as strings in minor units with currency_minor_unit 2.
 */
export const cartItemTotalsSchema = z.object({
  line_subtotal: z.string(),
  line_total: z.string(),
  currency_code: z.string(),
  currency_minor_unit: z.number().int(),
});
export const cartItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  quantity: z.union([z.number().int(), z.string()]),
  totals: cartItemTotalsSchema.optional(),
  competition: z.record(z.string(), z.unknown()).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  items_count: z.number().int(),
  totals: z.object({ total_price: z.string(), currency_minor_unit: z.number().int() }).passthrough(),
});
export const addItemRequestSchema = z.object({ id: z.number().int().positive(), quantity: z.number().int().positive() });
