import { z } from 'zod';

/**
 * Every event that crosses a remote boundary: its name (`owner:verb-noun`), the owner
 * that emits it, and the payload schema the receiver validates (DESIGN section 4).
 */
export const eventContracts = {
  'shell:toast': {
    owner: 'any remote, handled by the shell',
    schema: z.object({
      message: z.string().min(1).max(500),
      /** notistack variant: errors and 'default' show 4 s, success 2 s (spec section 9). */
      variant: z.enum(['default', 'success', 'error', 'warning', 'info']).default('default'),
    }),
  },
  'cart:add-requested': {
    owner: 'catalogue',
    schema: z.object({
      competitionId: z.number().int().positive(),
      /** The WooCommerce product id the Store API adds (competition_product_id). */
      productId: z.number().int().positive(),
      quantity: z.number().int().positive(),
      title: z.string(),
      /** Set when the customer answered the skill question in the catalogue's modal. */
      answerId: z.number().int().optional(),
    }),
  },
  'cart:changed': {
    owner: 'cart-checkout',
    schema: z.object({
      itemCount: z.number().int().nonnegative(),
      /** Basket total in pence. */
      totalPence: z.number().int().nonnegative(),
    }),
  },
  'account:session-changed': {
    owner: 'account',
    schema: z.object({
      signedIn: z.boolean(),
      user: z.object({ id: z.number().int(), firstName: z.string(), displayName: z.string() }).nullable(),
    }),
  },
} as const;

export type EventName = keyof typeof eventContracts;
export type EventPayload<N extends EventName> = z.output<(typeof eventContracts)[N]['schema']>;
export type EventInput<N extends EventName> = z.input<(typeof eventContracts)[N]['schema']>;
