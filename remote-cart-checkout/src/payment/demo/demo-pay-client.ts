import { demoChallengeResultSchema, demoChallengeSchema, demoPayErrorSchema, demoPaymentMethodSchema, type DemoChallenge, type DemoChallengeAnswer, type DemoPaymentMethodRequest } from '@cgg/contracts/demo-pay';
import { CardFieldError } from '../card-field.ts';

/*
 * The demo provider's browser API (contracts `api/demo-pay.ts`), called the way Stripe.js
 * calls Stripe: straight from the card field, never through our order API. Its errors are
 * the provider's own shape; their messages are shown by the field.
 */

const UNREACHABLE = 'We could not reach the card provider. Check your connection and try again.';

async function call<T>(url: string, init: RequestInit, parse: (json: unknown) => T): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) }, credentials: 'omit' });
  } catch {
    throw new CardFieldError(UNREACHABLE);
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const refused = demoPayErrorSchema.safeParse(json);
    throw new CardFieldError(refused.success ? refused.data.error.message : UNREACHABLE);
  }
  try {
    return parse(json);
  } catch {
    throw new CardFieldError(UNREACHABLE);
  }
}

/** The card goes to the provider; its payment-method id comes back. */
export async function createDemoPaymentMethod(apiBase: string, card: DemoPaymentMethodRequest): Promise<string> {
  const method = await call(`${apiBase}/payment_methods`, { method: 'POST', body: JSON.stringify(card) }, (j) => demoPaymentMethodSchema.parse(j));
  return method.id;
}

/** What the 3-D Secure challenge shows (amount, card's last digits), read with the payment's client secret. */
export function readDemoChallenge(url: string, clientSecret: string): Promise<DemoChallenge> {
  return call(`${url}?client_secret=${encodeURIComponent(clientSecret)}`, { method: 'GET' }, (j) => demoChallengeSchema.parse(j));
}

/** The customer's answer to the challenge. */
export async function answerDemoChallenge(url: string, clientSecret: string, outcome: DemoChallengeAnswer['outcome']): Promise<void> {
  await call(url, { method: 'POST', body: JSON.stringify({ client_secret: clientSecret, outcome }) }, (j) => demoChallengeResultSchema.parse(j));
}
