import { useCallback, useEffect, useState } from 'react';
import type { StoreCheckoutResponse, StoreHeldOrder } from '@cgg/contracts/store';
import { callStore } from '../cart/store-client.ts';
import { errorMessage } from '../cart/toast.ts';
import { currentSessionToken } from '../session/session-token.ts';

export type HeldOrderState =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'found'; order: StoreCheckoutResponse; lines: StoreHeldOrder['lines'] }
  /** The ask found the payment refused, or the reservation run out, and the API released the order. */
  | { state: 'released'; released: NonNullable<StoreHeldOrder['released']> }
  | { state: 'failed'; message: string; retry: () => void };

/**
 * The customer's card order still waiting for its payment, asked as the checkout opens: the
 * server took the basket for it, so without this a checkout opened again (a reload, another tab,
 * back from the basket) would say the basket is empty and offer no way to finish paying. A failed
 * ask is said, with a retry: taking it as "nothing held" could let the customer fill the basket
 * again and pay twice while the first payment still goes through.
 */
export function useHeldOrder(): HeldOrderState {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const [found, setFound] = useState<HeldOrderState>({ state: 'loading' });
  useEffect(() => {
    // A visitor has no orders (the checkout sends them to sign in): nothing to ask, and no 401 to log.
    if (currentSessionToken() === null) {
      setFound({ state: 'none' });
      return;
    }
    let live = true;
    setFound({ state: 'loading' });
    callStore('heldOrder', undefined).then(
      (held) => {
        if (!live) return;
        if (held.order) setFound({ state: 'found', order: held.order, lines: held.lines });
        else setFound(held.released ? { state: 'released', released: held.released } : { state: 'none' });
      },
      (error: unknown) => live && setFound({ state: 'failed', message: errorMessage(error, 'We could not check for an order waiting for its payment. Please try again.'), retry }),
    );
    return () => {
      live = false;
    };
  }, [attempt, retry]);
  return found;
}
