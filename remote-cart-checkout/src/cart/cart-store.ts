import { atom, createStore } from 'jotai';
import type { StoreCartItem, StoreCartTotals } from './cart-item-view.ts';

/** Spec section 3, cart store: cartItems, isAdding, isUpdating, isDeleting. */
export const cartItemsAtom = atom<StoreCartItem[]>([]);
export const isAddingAtom = atom(false);
export const isUpdatingAtom = atom(false);
export const isDeletingAtom = atom(false);
/** Spec section 4: the startup load has its loading flag. */
export const isLoadingAtom = atom(false);
/** True once a cart answer arrived on this page (the pages show a spinner until then). */
export const cartLoadedAtom = atom(false);
/**
 * Why the last basket load failed (the server's own message, e.g. the API's 503 while its
 * database restarts), null after a load that worked: the pages show it instead of spinning.
 */
export const cartLoadErrorAtom = atom<string | null>(null);
/** The server's basket totals and coupons (discounts are the server's to compute). */
export const cartTotalsAtom = atom<StoreCartTotals | null>(null);
export const couponsAtom = atom<{ code: string; discountPence: number }[]>([]);
/**
 * Why a line cannot be bought as it stands (sold out, closed, over the per-person limit), by line
 * key: the server's own message from the cart's `errors`, shown on the line until a cart answer
 * no longer names it.
 */
export const lineProblemsAtom = atom<Record<string, string>>({});
/** The basket modal `exampleModal-3`. */
export const basketModalOpenAtom = atom(false);

/**
 * The remote's own jotai store. The shell loads the mini-cart and each page as separate
 * exposed modules, so they share the basket through this module, not through a Provider.
 */
export const cartStore = createStore();

export function resetCartStoreForTests(): void {
  cartStore.set(cartItemsAtom, []);
  cartStore.set(isAddingAtom, false);
  cartStore.set(isUpdatingAtom, false);
  cartStore.set(isDeletingAtom, false);
  cartStore.set(isLoadingAtom, false);
  cartStore.set(cartLoadedAtom, false);
  cartStore.set(cartLoadErrorAtom, null);
  cartStore.set(cartTotalsAtom, null);
  cartStore.set(couponsAtom, []);
  cartStore.set(lineProblemsAtom, {});
  cartStore.set(basketModalOpenAtom, false);
}
