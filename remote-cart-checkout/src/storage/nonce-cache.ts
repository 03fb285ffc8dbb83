import { cartStorageKeys, local, readKey, writeKey, type KeyValueStorage } from './local-keys.ts';

/** Spec sections 4 and 9: the store nonce is cached with a timestamp and refreshed after 11 hours. */
export const NONCE_MAX_AGE_MS = 11 * 60 * 60 * 1000;

/** The cached nonce while younger than 11 hours, else null (the caller fetches a new one). */
export function freshNonce(now: number = Date.now(), storage: KeyValueStorage | undefined = local()): string | null {
  const nonce = readKey(cartStorageKeys.nonce, storage);
  const storedAt = Number(readKey(cartStorageKeys.nonceTimestamp, storage));
  if (!nonce || !Number.isFinite(storedAt) || storedAt <= 0) return null;
  const age = now - storedAt;
  // A timestamp in the future (clock moved back) is not trusted.
  return age >= 0 && age < NONCE_MAX_AGE_MS ? nonce : null;
}

/** Stores a nonce the server just sent, stamped with the time it arrived. */
export function storeNonce(nonce: string, now: number = Date.now(), storage: KeyValueStorage | undefined = local()): void {
  writeKey(cartStorageKeys.nonce, nonce, storage);
  writeKey(cartStorageKeys.nonceTimestamp, String(now), storage);
}

/** A nonce the server refused: forget it so the next write fetches a new one. */
export function forgetNonce(storage: KeyValueStorage | undefined = local()): void {
  writeKey(cartStorageKeys.nonce, null, storage);
  writeKey(cartStorageKeys.nonceTimestamp, null, storage);
}
