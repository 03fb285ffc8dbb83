import { useEffect, useState } from 'react';
import type { StoreHeldOrder } from '@cgg/contracts/store';
import { callStore } from '../cart/store-client.ts';

export type HeldOrderState = { state: 'loading' } | { state: 'none' } | { state: 'found'; held: StoreHeldOrder & { order: NonNullable<StoreHeldOrder['order']> } };

/**
 * The customer's card order still waiting for its payment, asked once as the checkout opens: the
 * server took the basket for it, so without this a checkout opened again (a reload, another tab,
 * back from the basket) would say the basket is empty and offer no way to finish paying. A failed
 * ask is taken as nothing held: the checkout goes on as usual (the provider's webhook, or the
 * reservation's end, still settles such an order).
 */
export function useHeldOrder(): HeldOrderState {
  const [found, setFound] = useState<HeldOrderState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    callStore('heldOrder', undefined).then(
      (held) => live && setFound(held.order ? { state: 'found', held: { ...held, order: held.order } } : { state: 'none' }),
      (error: unknown) => {
        console.warn('[checkout] could not ask for a held order', error);
        if (live) setFound({ state: 'none' });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return found;
}
