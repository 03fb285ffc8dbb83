import { cartStorageKeys, readKey, writeKey } from './local-keys.ts';

/** Spec section 3: the local map of competition id to cart item key ("update-cart map"). */
export type CartKeyMap = Record<string, string>;

export function readCartKeyMap(): CartKeyMap {
  try {
    const parsed: unknown = JSON.parse(readKey(cartStorageKeys.updateCart) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Rewritten from the server's item list after every cart answer, so it never names a removed line. */
export function writeCartKeyMap(entries: readonly { competitionId: number; key: string }[]): void {
  const map: CartKeyMap = {};
  for (const e of entries) map[String(e.competitionId)] = e.key;
  writeKey(cartStorageKeys.updateCart, JSON.stringify(map));
}
