import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';
import { issueNonce, verifyNonce } from './nonce.ts';

const key = Buffer.from('k'.repeat(32));
const now = 1_800_000_000;

describe('Cart-Token JWT (HS256)', () => {
  it('verifies its own token until exp', () => {
    const token = signJwt(key, { cart: 'abc', exp: now + 10 });
    expect(verifyJwt(key, token, now)).toMatchObject({ cart: 'abc' });
    expect(verifyJwt(key, token, now + 10)).toBeNull();
  });

  it('refuses another key, a changed payload, alg none and a token without exp', () => {
    const token = signJwt(key, { cart: 'abc', exp: now + 10 });
    expect(verifyJwt(Buffer.from('x'.repeat(32)), token, now)).toBeNull();
    const [h, , s] = token.split('.');
    const evil = Buffer.from(JSON.stringify({ cart: 'other', exp: now + 10 })).toString('base64url');
    expect(verifyJwt(key, `${h}.${evil}.${s}`, now)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyJwt(key, `${none}.${evil}.`, now)).toBeNull();
    expect(verifyJwt(key, signJwt(key, { cart: 'abc' }), now)).toBeNull();
    expect(verifyJwt(key, 'not.a.jwt', now)).toBeNull();
  });
});

describe('Store nonce', () => {
  it('is good for its basket for 12 hours', () => {
    const { nonce, timestamp } = issueNonce(key, 'cart-1', now);
    expect(timestamp).toBe(now);
    expect(verifyNonce(key, nonce, ['cart-1'], now + 11 * 3600)).toBe(true);
    expect(verifyNonce(key, nonce, ['cart-1'], now + 12 * 3600 + 1)).toBe(false);
    expect(verifyNonce(key, nonce, ['cart-2'], now)).toBe(false);
    expect(verifyNonce(key, nonce, ['cart-2', 'cart-1'], now)).toBe(true);
    expect(verifyNonce(key, nonce.replace(/^[0-9a-z]+/, (t) => (parseInt(t, 36) + 1).toString(36)), ['cart-1'], now)).toBe(false);
    expect(verifyNonce(key, 'garbage', ['cart-1'], now)).toBe(false);
  });
});
