import { useEffect, useState } from 'react';
import { accountCalls, type User } from '@cgg/contracts/account';
import { apiRequest, poundsToPence } from '@cgg/contracts';
import { isAuthError, withSessionToken } from '../session/session-token.ts';

export interface Customer {
  state: 'loading' | 'signed-out' | 'ready';
  user: User | null;
  /** Loyalty points balance (100 points = £1); 0 when unknown. */
  points: number;
  /** Site credit in pence; 0 when unknown. */
  creditPence: number;
}

function toNumber(value: number | string): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * The signed-in customer for checkout: details (to prefill billing), points and site
 * credit. No token, or a token the server refuses, is "signed out" (the page sends the
 * visitor to log in). Balances failing to load only hide those payment options.
 */
export function useCustomer(): Customer {
  const [customer, setCustomer] = useState<Customer>({ state: 'loading', user: null, points: 0, creditPence: 0 });
  useEffect(() => {
    let live = true;
    const set = (c: Customer) => live && setCustomer(c);
    (async () => {
      try {
        const details = await withSessionToken((token) => apiRequest(accountCalls.getUserDetails, { token }));
        const [points, cred] = await Promise.allSettled([
          withSessionToken((token) => apiRequest(accountCalls.points, { token, type: 'points' })),
          withSessionToken((token) => apiRequest(accountCalls.points, { token, type: 'cred' })),
        ]);
        set({
          state: 'ready',
          user: details.data,
          points: points.status === 'fulfilled' ? Math.floor(toNumber(points.value.points)) : 0,
          creditPence: cred.status === 'fulfilled' ? poundsToPence(String(toNumber(cred.value.points).toFixed(2))) : 0,
        });
      } catch (error) {
        if (!isAuthError(error)) console.warn('[checkout] customer details unavailable', error);
        set({ state: isAuthError(error) ? 'signed-out' : 'ready', user: null, points: 0, creditPence: 0 });
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return customer;
}
