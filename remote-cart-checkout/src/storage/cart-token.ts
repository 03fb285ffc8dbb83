import { cartStorageKeys, readKey, writeKey } from './local-keys.ts';

/**
 * The visitor's basket lives behind the Cart-Token the server signs (spec: "cart
 * header"). It is kept in localStorage so the basket survives a reload and sign-in.
 */
export function readCartToken(): string | null {
  return readKey(cartStorageKeys.cartHeader);
}

export function storeCartToken(token: string): void {
  writeKey(cartStorageKeys.cartHeader, token);
}
