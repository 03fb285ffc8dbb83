import { GBP_CURRENCY, storeCartSchema, type StoreCart, type StoreCartItem } from '@cgg/contracts/store';
import { ApiError, emit } from '@cgg/contracts';
import { writeCartKeyMap } from '../storage/cart-key-map.ts';
import { toastMessages } from '../rules/toast-messages.ts';
import { basketTotalPence, ticketCount, type StoreCartTotals } from './cart-item-view.ts';
import {
  cartItemsAtom,
  cartLoadErrorAtom,
  cartLoadedAtom,
  cartStore,
  cartTotalsAtom,
  couponsAtom,
  isDeletingAtom,
  isLoadingAtom,
  isUpdatingAtom,
  lineProblemsAtom,
} from './cart-store.ts';
import { callStore, readCart, readCartItems, setCartReadListener } from './store-client.ts';
import { errorMessage, toastError } from './toast.ts';

/** Tells the site (the header, other remotes) what the basket holds now. */
export function announceCart(): void {
  const items = cartStore.get(cartItemsAtom);
  const totals = cartStore.get(cartTotalsAtom);
  emit('cart:changed', { itemCount: ticketCount(items), totalPence: basketTotalPence(items, totals?.total_price) });
}

/** Counts every whole-cart answer shown, so a lines refresh sent before one cannot undo it. */
let cartAnswers = 0;

/** Adding replaces the items with the server's list (spec section 4); every cart write answers the whole cart. */
export function applyCart(cart: StoreCart): void {
  cartAnswers++;
  cartStore.set(cartItemsAtom, cart.items);
  cartStore.set(cartTotalsAtom, cart.totals);
  cartStore.set(
    couponsAtom,
    cart.coupons.map((c) => ({ code: c.code, discountPence: Number(c.totals.total_discount) })),
  );
  // A line's problem carries its key; a capped add's notice (shown as a toast) carries none.
  cartStore.set(lineProblemsAtom, Object.fromEntries(cart.errors.flatMap((e) => (typeof e.data?.key === 'string' ? [[e.data.key, e.message]] : []))));
  cartStore.set(cartLoadedAtom, true);
  cartStore.set(cartLoadErrorAtom, null);
  writeCartKeyMap(cart.items.map((i) => ({ competitionId: i.competition.id, key: i.key })));
  announceCart();
}

/**
 * A 409 invalid-key answer, or a refused or expired payment (the basket given back), carries
 * the cart as it stands: show that instead of a stale one.
 */
export function applyCartFromError(error: unknown): void {
  const data = error instanceof ApiError ? (error.data as { cart?: unknown } | undefined) : undefined;
  const cart = storeCartSchema.safeParse(data?.cart);
  if (cart.success) applyCart(cart.data);
}

const sameLines = (a: readonly StoreCartItem[], b: readonly StoreCartItem[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return x.key === y.key && x.quantity === y.quantity && x.totals.line_subtotal === y.totals.line_subtotal && x.totals.line_total === y.totals.line_total;
  });

/** Basket totals from its lines: line_total is after each line's share of the coupons' discount. */
function totalsFromLines(items: readonly StoreCartItem[], previous: StoreCartTotals | null): StoreCartTotals {
  const sum = (pick: (i: StoreCartItem) => string) => items.reduce((n, i) => n + Number(pick(i)), 0);
  const subtotal = sum((i) => i.totals.line_subtotal);
  const total = sum((i) => i.totals.line_total);
  return {
    ...GBP_CURRENCY,
    ...previous,
    total_items: String(subtotal),
    total_items_tax: '0',
    total_discount: String(subtotal - total),
    total_discount_tax: '0',
    total_shipping: previous?.total_shipping ?? null,
    total_tax: '0',
    total_price: String(total),
  };
}

let refreshing: Promise<void> | null = null;

/**
 * The server's lines, shown (totals follow from them) as an answer: a lines refresh sent before
 * it cannot undo it. The emptying DELETE's answer, and an order taking the basket ([]), go here.
 */
export function showLines(items: StoreCartItem[]): void {
  cartAnswers++;
  cartStore.set(cartItemsAtom, items);
  // The lines alone carry no problems: those of lines gone go with them.
  const problems = cartStore.get(lineProblemsAtom);
  cartStore.set(lineProblemsAtom, Object.fromEntries(items.filter((i) => problems[i.key]).map((i) => [i.key, problems[i.key]!])));
  cartStore.set(cartTotalsAtom, items.length === 0 ? null : totalsFromLines(items, cartStore.get(cartTotalsAtom)));
  writeCartKeyMap(items.map((i) => ({ competitionId: i.competition.id, key: i.key })));
  announceCart();
}

/**
 * The basket shown again on this page (the basket or checkout page reached without a
 * reload) refreshes its lines from GET cart/items: another tab, an expired line or a
 * price that changed since the basket was read show as the server has them now. The
 * lines replace the held ones (totals follow from them); a failure is only logged
 * (spec section 8), and a whole-cart answer that arrived meanwhile wins.
 */
export function refreshCartLines(): Promise<void> {
  refreshing ??= (async () => {
    const answersBefore = cartAnswers;
    try {
      const items = await readCartItems();
      if (items === null || cartAnswers !== answersBefore) return;
      // A line marked as not buyable may be buyable again (stock freed): only the whole cart says.
      if (Object.keys(cartStore.get(lineProblemsAtom)).length > 0) {
        await readCart();
        return;
      }
      if (sameLines(items, cartStore.get(cartItemsAtom))) return;
      showLines(items);
    } catch (error) {
      console.warn('[cart] basket lines could not be refreshed', error);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

let loading: Promise<void> | null = null;

/**
 * Startup load (spec section 4): loading flag on; a failure is logged (section 8) and its
 * message kept for the basket and checkout pages, which show it (with Try again) instead
 * of a spinner that would never end. The header widget and a page asking together share one read.
 */
export function loadCart(): Promise<void> {
  loading ??= (async () => {
    cartStore.set(isLoadingAtom, true);
    try {
      await readCart();
    } catch (error) {
      console.warn('[cart] basket could not be loaded', error);
      cartStore.set(cartLoadErrorAtom, errorMessage(error, 'Your basket could not be loaded. Please try again.'));
    } finally {
      cartStore.set(isLoadingAtom, false);
      loading = null;
    }
  })();
  return loading;
}

async function write(flag: typeof isUpdatingAtom, run: () => Promise<StoreCart>): Promise<boolean> {
  cartStore.set(flag, true);
  try {
    applyCart(await run());
    return true;
  } catch (error) {
    applyCartFromError(error);
    toastError(errorMessage(error));
    return false;
  } finally {
    cartStore.set(flag, false);
  }
}

/**
 * Changes one line's quantity. Asking for more than the line may hold (the server's
 * quantity_limits.maximum: tickets left and the per-user allowance) sets the maximum
 * and says so with the spec's 'You have entered the maximum number of tickets'.
 */
export function updateQuantity(item: StoreCartItem, requested: number): Promise<boolean> {
  const max = item.quantity_limits.maximum;
  let quantity = Math.max(1, Math.floor(requested));
  if (quantity > max) {
    toastError(toastMessages.enteredMaximum);
    quantity = max;
  }
  if (quantity < 1 || quantity === item.quantity) return Promise.resolve(false);
  return write(isUpdatingAtom, () => callStore('updateItem', { key: item.key, quantity }));
}

export function removeItem(key: string): Promise<boolean> {
  return write(isDeletingAtom, () => callStore('removeItem', { key }));
}

/** Emptying clears the basket (DELETE cart/items answers the empty list). */
export async function emptyCart(): Promise<boolean> {
  cartStore.set(isDeletingAtom, true);
  try {
    // Shown as the server answered it, so a failed read after it cannot leave the old lines showing.
    showLines(await callStore('emptyCart', undefined));
    // The full cart (coupons, totals) as it now stands; the lines are right without it.
    await readCart().catch((error: unknown) => console.warn('[cart] the emptied basket could not be read again', error));
    return true;
  } catch (error) {
    toastError(errorMessage(error));
    return false;
  } finally {
    cartStore.set(isDeletingAtom, false);
  }
}

/** Coupon calls answer an inline message for the cart page, not a toast. */
export async function changeCoupon(action: 'applyCoupon' | 'removeCoupon', code: string): Promise<{ ok: boolean; message: string }> {
  cartStore.set(isUpdatingAtom, true);
  try {
    applyCart(await callStore(action, { code: code.trim() }));
    return { ok: true, message: action === 'applyCoupon' ? 'Coupon code applied successfully.' : 'Coupon code removed successfully.' };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  } finally {
    cartStore.set(isUpdatingAtom, false);
  }
}

// Any cart read (the startup load, a nonce refresh) shows its cart.
setCartReadListener(applyCart);
