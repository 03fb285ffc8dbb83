/**
 * The spec's locally stored keys (section 9) that the basket owns. The session token
 * ('token') belongs to remote-account and is read only through @cgg/contracts.
 */
export const cartStorageKeys = {
  nonce: 'nonce',
  nonceTimestamp: 'nonce_timestamp',
  cartHeader: 'cart_header',
  /** The "update-cart map": competition id -> cart item key. */
  updateCart: 'update_cart',
} as const;

/** The show-question flag the catalogue's settings cache writes (spec section 5). */
export const SHOW_QUESTION_KEY = 'show_question';

/** The last checkout answer, kept for /confirmation in this tab only. */
export const LAST_ORDER_KEY = 'cc_last_order';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or nothing when the browser blocks it (private mode): the basket still works for this page. */
export function local(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readKey(key: string, storage = local()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string | null, storage = local()): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch (error) {
    console.warn(`[cart] could not store ${key}`, error);
  }
}
