import { ApiError, emit } from '@cgg/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test/events.ts';
import { withSessionToken } from './session-token.ts';

describe('withSessionToken', () => {
  it('reads the token at call time and retries once with the rotated token', async () => {
    signIn('tok-old');
    const used: string[] = [];
    const result = withSessionToken(async (token) => {
      used.push(token);
      if (token === 'tok-old') {
        // remote-account's check-auth rotates the token while this call is out.
        setTimeout(() => {
          signIn('tok-new');
          emit('account:session-changed', { signedIn: true, user: { id: 7, firstName: 'Priya', displayName: 'Priya Shah' } });
        }, 0);
        throw new ApiError('rest_invalid_token', 'Invalid token', 401);
      }
      return 'ok';
    });
    await expect(result).resolves.toBe('ok');
    expect(used).toEqual(['tok-old', 'tok-new']);
  });

  it('does not retry a refusal that is not about the token', async () => {
    signIn('tok-1');
    let calls = 0;
    await expect(
      withSessionToken(async () => {
        calls++;
        throw new ApiError('cgg_rest_spending_limit', 'Limit reached', 403);
      }),
    ).rejects.toThrow('Limit reached');
    expect(calls).toBe(1);
  });
});
