import { accountCalls, type ClaimPrizeRequest, type PrizeClaim } from '@cgg/contracts/account';
import { ApiError, apiRequest, } from '@cgg/contracts';
import { withSessionToken } from '../session/session-token.ts';

/**
 * One claim attempt keeps one idempotency key until the server gives a final answer, so
 * a retry after a lost answer can never claim twice (the server answers the same claim).
 * After a final answer (claimed, refused) the next press is a new attempt with a new key.
 */
export class ClaimAttempt {
  private key: string | null = null;

  get currentKey(): string | null {
    return this.key;
  }

  async submit(request: Omit<ClaimPrizeRequest, 'token' | 'idempotency_key'>): Promise<PrizeClaim> {
    const key = (this.key ??= crypto.randomUUID());
    try {
      const answer = await withSessionToken((token) => apiRequest(accountCalls.claimPrize, { ...request, token, idempotency_key: key }));
      this.key = null;
      return answer.data;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) this.key = null;
      throw error;
    }
  }
}
