import { on } from '@cgg/contracts';
import { currentSessionToken } from '../session/session-token.ts';
import { handleAddRequest } from './add-request.ts';
import { loadCart, refreshCartLines } from './cart-actions.ts';
import { cartLoadedAtom, cartStore } from './cart-store.ts';

/** Spec section 4: the cart is not fetched on pages whose path contains 'confirmation'. */
export function isConfirmationPath(pathname: string): boolean {
  return pathname.includes('confirmation');
}

let started = false;
let stops: (() => void)[] = [];
let signedInAtLoad = false;

/**
 * Starts the basket once per page load, however many of this remote's modules mount
 * (the header's mini-cart is always there): listens for add requests and session
 * changes, and loads the cart except on confirmation paths.
 */
export function startCart(pathname: string): void {
  if (started) return;
  started = true;
  signedInAtLoad = currentSessionToken() !== null;
  stops = [
    on('cart:add-requested', (request) => void handleAddRequest(request)),
    // Signing in merges the visitor's basket into the customer's (and signing out
    // returns to the visitor's): read it again. A token rotation alone changes nothing.
    on('account:session-changed', ({ signedIn }) => {
      if (signedIn === signedInAtLoad || isConfirmationPath(window.location.pathname)) return;
      signedInAtLoad = signedIn;
      void loadCart();
    }),
  ];
  if (!isConfirmationPath(pathname)) void loadCart();
}

/**
 * A page that shows the basket (/cart, /checkout): loads it when this page load has not
 * yet (e.g. reached from /confirmation without a reload), else refreshes its lines from
 * GET cart/items, since the basket may have changed since it was read.
 */
export function ensureCartLoaded(pathname: string): void {
  if (isConfirmationPath(pathname)) return;
  if (!cartStore.get(cartLoadedAtom)) void loadCart();
  else void refreshCartLines();
}

export function resetCartStartupForTests(): void {
  stops.forEach((stop) => stop());
  stops = [];
  started = false;
}
