import useSWR, { type KeyedMutator } from 'swr';
import { accountCalls } from '@cgg/contracts/account';
import { apiRequest } from '@cgg/contracts';
import { noticeRefusedCall } from '../session/session.ts';
import { useSession } from '../session/use-session.ts';
import { readStoredToken } from '../session/token-storage.ts';

/** The validated answer of one registry call. */
type AnswerOf<C extends { request: unknown; response: unknown }> = Awaited<
  ReturnType<typeof apiRequest<NonNullable<C['request']> & Parameters<typeof apiRequest>[0]['request'] & object, C['response'] & Parameters<typeof apiRequest>[0]['response']>>
>;

/** The read-only account calls a screen loads with the customer's token. */
interface Answers {
  getUserDetails: AnswerOf<typeof accountCalls.getUserDetails>;
  bankDetails: AnswerOf<typeof accountCalls.bankDetails>;
  getCoupons: AnswerOf<typeof accountCalls.getCoupons>;
  responsiblePlay: AnswerOf<typeof accountCalls.responsiblePlay>;
  points: AnswerOf<typeof accountCalls.points>;
  orderDetail: AnswerOf<typeof accountCalls.orderDetail>;
}
type TokenCall = keyof Answers;

/** The swr key of one account call: a screen that saves can put what it saved in another's cache. */
export const accountDataKey = (name: TokenCall, token: string, extra: Record<string, unknown> = {}) => ['account', name, token, JSON.stringify(extra)];

/**
 * One account call for the signed-in customer, through swr. Failures are silent
 * (spec section 8): logged, and the screen shows its empty state.
 */
export function useAccountData<N extends TokenCall>(
  name: N,
  extra: Record<string, unknown> = {},
): { data: Answers[N] | undefined; isLoading: boolean; failed: boolean; mutate: KeyedMutator<Answers[N]> } {
  const { user } = useSession();
  const token = user ? readStoredToken() : null;
  const key = token ? accountDataKey(name, token, extra) : null;
  const { data, error, isLoading, mutate } = useSWR<Answers[N]>(
    key,
    () => (apiRequest as (c: unknown, p: unknown) => Promise<Answers[N]>)(accountCalls[name], { token, ...extra }),
    {
      onError: (e: unknown) => {
        console.warn(`[account] ${name} unavailable`, e);
        noticeRefusedCall(e);
      },
    },
  );
  return { data, isLoading: isLoading || (!data && !error && !!key), failed: Boolean(error), mutate };
}
