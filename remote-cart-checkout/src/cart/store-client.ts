import { storeEndpoints, storeRequest, type StoreCart, type StoreCartItem, type StoreEndpointName, type StoreResult } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';
import { currentSessionToken, isAuthError, nextToken } from '../session/session-token.ts';
import { readCartToken, storeCartToken } from '../storage/cart-token.ts';
import { forgetNonce, freshNonce, storeNonce } from '../storage/nonce-cache.ts';

type RequestOf<N extends StoreEndpointName> = Parameters<typeof storeRequest<N>>[1];
type ResponseOf<N extends StoreEndpointName> = Awaited<ReturnType<typeof storeRequest<N>>>['body'];

/** Every cart answer renews the nonce and the cart token: keep both (spec section 4). */
function remember(result: StoreResult<unknown>): void {
  if (result.nonce) storeNonce(result.nonce);
  if (result.cartToken) storeCartToken(result.cartToken);
}

/** Called with each full cart a read answers (the nonce refresh is a cart read too). */
let onCartRead: (cart: StoreCart) => void = () => undefined;
export function setCartReadListener(listener: (cart: StoreCart) => void): void {
  onCartRead = listener;
}

function isNonceError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'woocommerce_rest_missing_nonce' || error.code === 'woocommerce_rest_invalid_nonce');
}

async function send<N extends StoreEndpointName>(name: N, payload: RequestOf<N>, nonce: string | null, idempotencyKey?: string) {
  const customerToken = currentSessionToken();
  const options = { nonce, cartToken: readCartToken(), customerToken, ...(idempotencyKey ? { idempotencyKey } : {}) };
  try {
    return await storeRequest(name, payload, options);
  } catch (error) {
    // The account remote rotates the session token on page load: a call sent with a token
    // that has since ended is answered 401; run it once more with the new token.
    if (!customerToken || !isAuthError(error)) throw error;
    const next = await nextToken(customerToken, 4000);
    // Signed out meanwhile (the stored session was refused): go on as a visitor.
    if (!next && currentSessionToken() !== null) throw error;
    return storeRequest(name, payload, { ...options, customerToken: next });
  }
}

/** GET /cart ("Cart read"): the cart plus fresh Nonce and Cart-Token headers. */
export async function readCart(): Promise<StoreCart> {
  const result = await send('cart', undefined, null);
  remember(result);
  onCartRead(result.body);
  return result.body;
}

/**
 * GET /cart/items ("Cart items", spec section 7): the basket's lines as the server holds
 * them now, asked with the nonce header. Without a cached nonce a cart read renews it and
 * answers the lines itself (its listener shows them): then null, nothing more to read.
 */
export async function readCartItems(): Promise<StoreCartItem[] | null> {
  const nonce = freshNonce();
  if (!nonce) {
    await readCart();
    return null;
  }
  const result = await send('cartItems', undefined, nonce);
  remember(result);
  return result.body;
}

/** The cached nonce while under 11 hours old, else a new one from a cart read. */
export async function ensureNonce(): Promise<string> {
  const cached = freshNonce();
  if (cached) return cached;
  await readCart();
  const nonce = freshNonce();
  if (!nonce) throw new ApiError('woocommerce_rest_missing_nonce', 'The basket could not be reached. Please try again.', 401);
  return nonce;
}

/**
 * One Store API call with the WooCommerce headers. Writes carry the cached nonce; a
 * nonce the server refuses (expired, another cart's) is replaced once and the write repeated.
 */
export async function callStore<N extends StoreEndpointName>(name: N, payload: RequestOf<N>, idempotencyKey?: string): Promise<ResponseOf<N>> {
  const isWrite = storeEndpoints[name].method !== 'GET';
  const nonce = isWrite ? await ensureNonce() : freshNonce();
  let result: StoreResult<ResponseOf<N>>;
  try {
    result = (await send(name, payload, nonce, idempotencyKey)) as StoreResult<ResponseOf<N>>;
  } catch (error) {
    if (!isWrite || !isNonceError(error)) throw error;
    forgetNonce();
    result = (await send(name, payload, await ensureNonce(), idempotencyKey)) as StoreResult<ResponseOf<N>>;
  }
  remember(result);
  return result.body;
}
