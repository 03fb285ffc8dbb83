import { useCallback, useEffect, useState } from 'react';
import type { StorePaymentConfig } from '@cgg/contracts/store';
import { callStore } from '../cart/store-client.ts';
import { errorMessage } from '../cart/toast.ts';

export type PaymentConfigState = { state: 'loading' } | { state: 'ready'; config: StorePaymentConfig } | { state: 'failed'; message: string; retry: () => void };

/** Which provider's card field to load (and Stripe's publishable key): asked of the API, never built in. */
export function usePaymentConfig(): PaymentConfigState {
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<PaymentConfigState>({ state: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    setFound({ state: 'loading' });
    callStore('paymentConfig', undefined).then(
      (config) => live && setFound({ state: 'ready', config }),
      (error: unknown) => live && setFound({ state: 'failed', message: errorMessage(error, 'The card form could not be loaded. Please try again.'), retry }),
    );
    return () => {
      live = false;
    };
  }, [attempt, retry]);
  return found;
}
