import { storeCheckoutResponseSchema, type StoreCheckoutResponse } from '@cgg/contracts/store';
import { LAST_ORDER_KEY } from '../storage/local-keys.ts';

/** The checkout answer kept for /confirmation in this tab (sessionStorage: it holds ticket numbers, not secrets). */
export function keepLastOrder(order: StoreCheckoutResponse): void {
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  } catch (error) {
    console.warn('[cart] could not keep the order for the confirmation page', error);
  }
}

export function readLastOrder(): StoreCheckoutResponse | null {
  try {
    const parsed = storeCheckoutResponseSchema.safeParse(JSON.parse(sessionStorage.getItem(LAST_ORDER_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
