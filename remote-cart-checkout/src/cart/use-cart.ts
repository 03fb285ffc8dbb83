import { useAtomValue } from 'jotai';
import { basketTotalPence, ticketCount } from './cart-item-view.ts';
import { cartItemsAtom, cartLoadErrorAtom, cartLoadedAtom, cartStore, cartTotalsAtom, couponsAtom, isAddingAtom, isDeletingAtom, isLoadingAtom, isUpdatingAtom, lineProblemsAtom } from './cart-store.ts';

const inCartStore = { store: cartStore };

/** The basket as the components read it (one store for every module of this remote). */
export function useCart() {
  const items = useAtomValue(cartItemsAtom, inCartStore);
  const totals = useAtomValue(cartTotalsAtom, inCartStore);
  return {
    items,
    totals,
    coupons: useAtomValue(couponsAtom, inCartStore),
    /** The lines that cannot be bought as they stand, by key, with the server's reason. */
    lineProblems: useAtomValue(lineProblemsAtom, inCartStore),
    loaded: useAtomValue(cartLoadedAtom, inCartStore),
    /** Why the basket could not be loaded (shown until a load works), else null. */
    loadError: useAtomValue(cartLoadErrorAtom, inCartStore),
    isLoading: useAtomValue(isLoadingAtom, inCartStore),
    isAdding: useAtomValue(isAddingAtom, inCartStore),
    isUpdating: useAtomValue(isUpdatingAtom, inCartStore),
    isDeleting: useAtomValue(isDeletingAtom, inCartStore),
    count: ticketCount(items),
    totalPence: basketTotalPence(items, totals?.total_price),
  };
}
