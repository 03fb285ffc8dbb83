import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';

describe('password hashing (scrypt, per-user salt)', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('Correct!Horse1');
    const b = await hashPassword('Correct!Horse1');
    expect(a).not.toBe(b);
    expect(await verifyPassword('Correct!Horse1', a)).toBe(true);
    expect(await verifyPassword('Correct!Horse2', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
    expect(needsRehash('scrypt$16384$8$1$x$y')).toBe(true);
  });
  it('a malformed stored hash never matches', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$1$2$3$4$5', 'scrypt$0$8$1$AAAA$AAAA']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
