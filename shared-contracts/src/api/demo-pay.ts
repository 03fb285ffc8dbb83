import { z } from 'zod/mini';
import { lazySchema, provideZod } from '@cgg/contracts';
import { zodMembers } from '../zod/zod-members.ts';
import { cardFundingSchema } from '@cgg/contracts/store';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * The demo payment provider's browser API (issue 15): what the demo card field and the demo
 * 3-D Secure challenge call. It plays the part Stripe's own servers play for Stripe's Payment
 * Element: the card number goes here, to the provider, and the shop's order code only ever
 * sees the payment method id it answers. Errors are the provider's own shape
 * (`{ error: { type, code, message } }`), as Stripe's are, not the shop's WordPress errors.
 * Reached on the shop's origin like every API route: `/wp-json${DEMO_PAY_ROUTE_PREFIX}/...`
 * (or `/?rest_route=${DEMO_PAY_ROUTE_PREFIX}/...`).
 */
export const DEMO_PAY_ROUTE_PREFIX = '/demo-pay/v1';

/** `POST /payment_methods`: the card as typed (spaces allowed), expiry 'MM/YY' or 'MM/YYYY', CVC 3 digits. */
export const demoPaymentMethodRequestSchema = lazySchema(() => z.object({
  card_number: z.string().check(z.maxLength(40)),
  card_expiry: z.string().check(z.maxLength(10)),
  card_cvc: z.string().check(z.maxLength(8)),
}));
export type DemoPaymentMethodRequest = z.infer<typeof demoPaymentMethodRequestSchema>;

export const demoPaymentMethodSchema = lazySchema(() => z.object({
  /** 'pm_demo_...': what the checkout's `payment_method_id` carries. */
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), funding: cardFundingSchema, exp_month: z.int(), exp_year: z.int() }),
}));
export type DemoPaymentMethod = z.infer<typeof demoPaymentMethodSchema>;

/** `GET /payment_intents/:id/challenge?client_secret=...`: what the challenge shows. */
export const demoChallengeSchema = lazySchema(() => z.object({
  id: z.string(),
  /** 'requires_action' while the challenge waits; anything else: it was answered already. */
  status: z.string(),
  /** Pence. */
  amount: z.int(),
  currency: z.string(),
  last4: z.string(),
}));
export type DemoChallenge = z.infer<typeof demoChallengeSchema>;

/** `POST /payment_intents/:id/challenge`: the customer's answer. */
export const demoChallengeAnswerSchema = lazySchema(() => z.object({
  client_secret: z.string().check(z.maxLength(200)),
  outcome: z.enum(['complete', 'fail']),
}));
export type DemoChallengeAnswer = z.infer<typeof demoChallengeAnswerSchema>;

/** The challenge answered: 'processing' (authenticated; confirmed shortly) or 'requires_payment_method' (failed). */
export const demoChallengeResultSchema = lazySchema(() => z.object({ id: z.string(), status: z.enum(['processing', 'requires_payment_method']) }));

/** The provider's error answer (HTTP 400, 402 for a card refused, 404 unknown intent or wrong secret). */
export const demoPayErrorSchema = lazySchema(() => z.object({
  error: z.object({ type: z.enum(['card_error', 'invalid_request_error']), code: z.string(), message: z.string(), param: z.optional(z.string()) }),
}));
export type DemoPayError = z.infer<typeof demoPayErrorSchema>;
