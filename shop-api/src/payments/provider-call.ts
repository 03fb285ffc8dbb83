import { STORE_ERRORS } from '@cgg/contracts/store';
import { WpHttpError } from '../http/wp-error.ts';
import { fallbackLogger } from '../lib/logger.ts';

/**
 * A call to the payment provider on the customer's behalf: the provider's own refusals (already
 * WpHttpErrors: a decline, an unknown card) pass through; anything else (network, outage, the
 * provider's 5xx) is the Store API's 503 - the reservation stays held, and the same request may
 * be repeated. The cause is logged without the request (no key, no card data in it).
 */
export async function providerCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WpHttpError) throw err;
    fallbackLogger().error({ err, component: 'payments' }, `payment provider: ${what} failed`);
    const e = STORE_ERRORS.paymentProviderUnavailable;
    throw new WpHttpError(e.status, e.code, e.message, { retry_after: 2 });
  }
}
