import { useCallback, useEffect, useState } from 'react';
import { accountCalls, type PrizeWin, type User } from '@cgg/contracts/account';
import { apiRequest, } from '@cgg/contracts';
import { isAuthError, withSessionToken } from '../session/session-token.ts';

export interface ClaimData {
  state: 'loading' | 'signed-out' | 'ready' | 'error';
  wins: PrizeWin[];
  /** The account's details, to prefill the delivery address (null when they failed to load). */
  user: User | null;
}

/** The signed-in winner's wins and details; a refused token is "signed out" (the page sends them to log in). */
export function useClaimData(): ClaimData & { reload: () => void } {
  const [data, setData] = useState<ClaimData>({ state: 'loading', wins: [], user: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [wins, details] = await Promise.all([
          withSessionToken((token) => apiRequest(accountCalls.getUnclaimedPrizes, { token })),
          withSessionToken((token) => apiRequest(accountCalls.getUserDetails, { token })).catch(() => null),
        ]);
        if (live) setData({ state: 'ready', wins: wins.data, user: details?.data ?? null });
      } catch (error) {
        if (!isAuthError(error)) console.warn('[claim] wins unavailable', error);
        if (live) setData({ state: isAuthError(error) ? 'signed-out' : 'error', wins: [], user: null });
      }
    })();
    return () => {
      live = false;
    };
  }, [round]);
  return { ...data, reload: useCallback(() => setRound((r) => r + 1), []) };
}
