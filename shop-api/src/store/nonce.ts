import { createHmac, timingSafeEqual } from 'node:crypto';
import { STORE_NONCE_LIFETIME_SECONDS } from '@cgg/contracts/store';

/*
 * The Store API nonce: `<issued-at seconds, base36>.<HMAC(secret, cart id | issued-at)>`.
 * Stateless (any instance checks it with the shared secret), bound to one basket, and
 * good for 12 hours from issue; the client refreshes after 11 (spec section 9).
 */
const mac = (secret: Buffer, cartId: string, issuedAt: number): string =>
  createHmac('sha256', secret).update(`nonce|${cartId}|${issuedAt}`).digest('base64url').slice(0, 32);

export function issueNonce(secret: Buffer, cartId: string, nowSeconds: number): { nonce: string; timestamp: number } {
  return { nonce: `${nowSeconds.toString(36)}.${mac(secret, cartId, nowSeconds)}`, timestamp: nowSeconds };
}

/** True when `nonce` was issued for one of `cartIds` within the last 12 hours. */
export function verifyNonce(secret: Buffer, nonce: string, cartIds: readonly string[], nowSeconds: number): boolean {
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{32})$/.exec(nonce);
  if (!match) return false;
  const issuedAt = parseInt(match[1]!, 36);
  // A little clock skew between instances is tolerated for the future side.
  if (issuedAt > nowSeconds + 60 || nowSeconds - issuedAt > STORE_NONCE_LIFETIME_SECONDS) return false;
  const given = Buffer.from(match[2]!);
  return cartIds.some((id) => {
    const expected = Buffer.from(mac(secret, id, issuedAt));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
