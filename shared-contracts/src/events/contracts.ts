import type { z } from 'zod/mini';
import { lazySchema } from '../api/lazy-schema.ts';

/** A sender's name for one toast (e.g. 'cart:add-3'), unique among the toasts it has open. */
const toastId = lazySchema((z) => z.string().check(z.minLength(1), z.maxLength(100)));

/**
 * Every event that crosses a remote boundary: its name (`owner:verb-noun`), the owner
 * that emits it, and the payload schema the receiver validates (docs/decisions.md#events-between-apps).
 */
export const eventContracts = {
  'shell:toast': {
    owner: 'any remote, handled by the shell',
    schema: lazySchema((z) => z.object({
      message: z.string().check(z.minLength(1), z.maxLength(500)),
      /**
       * Errors and 'default' show 4 s, success 2 s; 'loading' is never timed (spec section 9):
       * it stays until a toast with the same `id` replaces it or `shell:toast-dismiss` closes it.
       * ('loading' is an addition of 1.2.0: a shell built before it ignores such a toast.)
       */
      variant: z._default(z.enum(['default', 'success', 'error', 'warning', 'info', 'loading']), 'default'),
      /**
       * Names the toast (1.2.0, optional): a later toast with the same id replaces it on screen
       * (a loading toast's outcome) and `shell:toast-dismiss` with the id closes it.
       */
      id: z.optional(toastId),
    })),
  },
  'shell:toast-dismiss': {
    owner: 'any remote, handled by the shell',
    /** Closes the toast shown with this id (a loading toast whose operation ended without a message). */
    schema: lazySchema((z) => z.object({ id: toastId })),
  },
  'cart:add-requested': {
    owner: 'catalogue',
    /**
     * A request, not news: the cart-checkout remote that handles it starts only after the page's
     * main content (the shell loads header widgets late), and a shopper can tap Add before then.
     * Held until a receiver is listening, then handed to it (bus.ts).
     */
    holdUntilHeard: true,
    schema: lazySchema((z) => z.object({
      competitionId: z.int().check(z.positive()),
      /** The WooCommerce product id the Store API adds (competition_product_id). */
      productId: z.int().check(z.positive()),
      quantity: z.int().check(z.positive()),
      title: z.string(),
      /** Set when the customer answered the skill question in the catalogue's modal. */
      answerId: z.optional(z.int()),
    })),
  },
  'cart:add-settled': {
    owner: 'cart-checkout (and the shell, for an add it drops while the basket is down)',
    /**
     * News: an add asked for with `cart:add-requested` has ended, added or refused. The page that
     * asked offers Add again only then, so a second tap while the first runs adds nothing twice.
     */
    schema: lazySchema((z) => z.object({
      competitionId: z.int().check(z.positive()),
      added: z.boolean(),
    })),
  },
  'cart:changed': {
    owner: 'cart-checkout',
    schema: lazySchema((z) => z.object({
      itemCount: z.int().check(z.nonnegative()),
      /** Basket total in pence. */
      totalPence: z.int().check(z.nonnegative()),
    })),
  },
  'account:session-changed': {
    owner: 'account',
    schema: lazySchema((z) => z.object({
      signedIn: z.boolean(),
      user: z.nullable(z.object({ id: z.int(), firstName: z.string(), displayName: z.string() })),
    })),
  },
} as const;

export type EventName = keyof typeof eventContracts;
export type EventPayload<N extends EventName> = z.output<(typeof eventContracts)[N]['schema']>;
export type EventInput<N extends EventName> = z.input<(typeof eventContracts)[N]['schema']>;
