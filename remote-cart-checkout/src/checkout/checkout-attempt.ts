import type { StoreCheckoutRequest, StoreCheckoutResponse } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';
import { callStore } from '../cart/store-client.ts';

/**
 * One checkout attempt keeps one idempotency key until the server gives a final answer,
 * so a double click or a retry after a lost answer can never make a second order or
 * charge. After a final answer (order placed, card declined, details refused) the next
 * press is a new attempt with a new key.
 */
export class CheckoutAttempt {
  private key: string | null = null;

  /** Tests read it; the server sees it as the Idempotency-Key header. */
  get currentKey(): string | null {
    return this.key;
  }

  async place(request: StoreCheckoutRequest): Promise<StoreCheckoutResponse> {
    this.key ??= crypto.randomUUID();
    try {
      const order = await callStore('checkout', request, this.key);
      this.key = null;
      return order;
    } catch (error) {
      if (isFinal(error)) this.key = null;
      throw error;
    }
  }
}

/** A lost answer (network, 5xx) or "still processing" may have charged: keep the key for the retry. */
function isFinal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'cgg_rest_idempotency_in_progress') return false;
  return error.status >= 400 && error.status < 500;
}
