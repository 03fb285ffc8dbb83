import type { Location } from 'react-router-dom';

/** Where a visitor sent to sign in came from (router state set by the account guard). */
export interface ReturnState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** The path to go back to after signing in: the remembered page, else the account overview. */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  // Only paths on this site (a leading single slash), never an auth page again.
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/account';
  if (from.pathname.startsWith('/auth/')) return '/account';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
