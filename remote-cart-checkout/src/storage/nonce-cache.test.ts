import { afterEach, describe, expect, it } from 'vitest';
import { freshNonce, NONCE_MAX_AGE_MS, storeNonce } from './nonce-cache.ts';

afterEach(() => localStorage.clear());

describe('nonce cache (spec: refreshed after 11 hours)', () => {
  const t0 = Date.UTC(2026, 10, 21, 9, 0);

  it('reuses a nonce younger than 11 hours', () => {
    storeNonce('n-1', t0);
    expect(localStorage.getItem('nonce')).toBe('n-1');
    expect(localStorage.getItem('nonce_timestamp')).toBe(String(t0));
    expect(freshNonce(t0 + NONCE_MAX_AGE_MS - 1)).toBe('n-1');
  });

  it('asks for a new one at 11 hours', () => {
    storeNonce('n-1', t0);
    expect(NONCE_MAX_AGE_MS).toBe(39_600_000);
    expect(freshNonce(t0 + NONCE_MAX_AGE_MS)).toBeNull();
  });

  it('does not trust a missing or future timestamp', () => {
    localStorage.setItem('nonce', 'n-2');
    expect(freshNonce(t0)).toBeNull();
    storeNonce('n-3', t0 + 60_000);
    expect(freshNonce(t0)).toBeNull();
  });
});
