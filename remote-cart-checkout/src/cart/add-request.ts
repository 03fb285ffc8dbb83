import type { StoreCart } from '@cgg/contracts/store';
import { accountCalls } from '@cgg/contracts/account';
import { apiRequest, ApiError, calls, emit, ticketsLeft, type Competition, type EventPayload } from '@cgg/contracts';
import { planAdd } from '../rules/add-plan.ts';
import { toastMessages } from '../rules/toast-messages.ts';
import { currentSessionToken, withSessionToken } from '../session/session-token.ts';
import { readKey, SHOW_QUESTION_KEY } from '../storage/local-keys.ts';
import { applyCart, loadCart } from './cart-actions.ts';
import { inBasketFor } from './cart-item-view.ts';
import { basketModalOpenAtom, cartItemsAtom, cartLoadedAtom, cartLoadErrorAtom, cartStore, isAddingAtom } from './cart-store.ts';
import { callStore } from './store-client.ts';
import { errorMessage, toastLoading } from './toast.ts';

type AddRequest = EventPayload<'cart:add-requested'>;

/** Spec section 5: the stored show-question flag "equals 1" (the settings cache writes "1"). */
function showQuestionFlag(): boolean {
  return readKey(SHOW_QUESTION_KEY)?.replace(/"/g, '').trim() === '1';
}

/** Spec section 7: the single-competition call carries the customer's token when signed in. */
async function loadCompetition(id: number): Promise<Competition | null> {
  const token = currentSessionToken();
  try {
    return (await apiRequest(calls.getcompetition, { id, ...(token ? { token } : {}) })).data;
  } catch (error) {
    // The server applies the same rules: without the competition, let it decide.
    console.warn('[cart] competition unavailable, the server checks the add', error);
    return null;
  }
}

/** Tickets the signed-in customer already bought for this competition; 0 for visitors or on failure (spec section 8: silent). */
async function purchasedFor(competitionId: number): Promise<number> {
  if (!currentSessionToken()) return 0;
  try {
    const res = await withSessionToken((token) => apiRequest(accountCalls.getPurchasedCompetition, { token }));
    return res.data.find((h) => h.competition_id === competitionId)?.total_tickets ?? 0;
  } catch (error) {
    console.warn('[cart] purchased competitions unavailable', error);
    return 0;
  }
}

/** The server's refusals mapped to the spec's toasts where one names the situation. */
function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'woocommerce_rest_product_out_of_stock') return toastMessages.noTicketsLeft;
    if (error.code === 'cgg_rest_max_tickets_per_user') {
      const d = (error.data ?? {}) as { max_per_user?: number; in_cart?: number; purchased?: number };
      const max = d.max_per_user ?? Infinity;
      if ((d.purchased ?? 0) >= max) return toastMessages.purchasedMaximum;
      if ((d.in_cart ?? 0) >= max) return toastMessages.basketAtMaximum;
      if ((d.in_cart ?? 0) > 0) return toastMessages.alreadyInCart(d.in_cart ?? 0);
      return toastMessages.purchasedMaximum;
    }
  }
  return errorMessage(error);
}

/** A cap the server applied itself (stock fell since the competition was read). */
function serverCapNotice(cart: StoreCart): string | null {
  const notice = cart.errors.find((e) => e.code === 'woocommerce_rest_product_partially_out_of_stock');
  const d = notice?.data as { available?: number; added?: number; limit?: string } | undefined;
  if (!d || typeof d.available !== 'number' || typeof d.added !== 'number') return null;
  return d.limit === 'per_user' ? toastMessages.cappedByAllowance(d.available, d.added) : toastMessages.cappedByStock(d.available, d.added);
}

/** Shown while an add runs (its checks and the add-item call take noticeable time). */
export const ADDING_MESSAGE = 'Adding to your basket...';

async function add(request: AddRequest): Promise<void> {
  // A loading toast until the add ends: a refusal or a cap notice replaces it, success closes it.
  const loading = toastLoading(ADDING_MESSAGE, 'cart-add');
  let added = false;
  try {
    added = await addChecked(request, loading);
  } finally {
    loading.done();
    // The page that asked offers Add again now (an error thrown here counts as not added).
    emit('cart:add-settled', { competitionId: request.competitionId, added });
  }
}

/** Adds what the rules allow; answers whether anything went in the basket. */
async function addChecked(request: AddRequest, loading: ReturnType<typeof toastLoading>): Promise<boolean> {
  const [competition, purchased] = await Promise.all([loadCompetition(request.competitionId), purchasedFor(request.competitionId), cartStore.get(cartLoadedAtom) ? null : loadCart()]);
  let quantity = request.quantity;
  let notice: string | null = null;
  if (competition) {
    const plan = planAdd({
      requested: request.quantity,
      ticketsLeft: ticketsLeft(competition),
      maxPerUser: competition.max_ticket_per_user,
      inBasket: inBasketFor(cartStore.get(cartItemsAtom), competition.id),
      purchased,
      questionRequired: competition.comp_question && showQuestionFlag(),
      answered: request.answerId !== undefined,
    });
    if (plan.kind === 'refuse') {
      loading.error(plan.message);
      return false;
    }
    quantity = plan.quantity;
    notice = plan.notice;
  }
  // What the basket held before the add, when it is known (read, and not since failed to read): an
  // add with no answer is judged against it, never against a basket that could not be read.
  const heldBefore = cartStore.get(cartLoadedAtom) && cartStore.get(cartLoadErrorAtom) === null ? inBasketFor(cartStore.get(cartItemsAtom), request.competitionId) : null;
  try {
    const cart = await callStore('addItem', {
      id: request.productId,
      quantity,
      ...(request.answerId !== undefined ? { answer_id: request.answerId } : {}),
    });
    applyCart(cart);
    notice ??= serverCapNotice(cart);
    if (notice) loading.error(notice);
    else loading.done();
    cartStore.set(basketModalOpenAtom, true);
    return true;
  } catch (error) {
    if (heldBefore !== null && outcomeUnknown(error) && (await addedAfterAll(request.competitionId, heldBefore))) {
      loading.done();
      cartStore.set(basketModalOpenAtom, true);
      return true;
    }
    loading.error(refusalMessage(error));
    return false;
  }
}

/** No answer came (the connection dropped, or a gateway's 5xx on the way): the add may have gone through. */
const outcomeUnknown = (error: unknown): boolean => !(error instanceof ApiError) || error.status >= 500;

/**
 * The basket read again after an add with no answer: if it holds more of the competition than
 * before, the add went through, and says so. Otherwise a shopper told it failed would press Add
 * again and end up with the tickets twice.
 */
async function addedAfterAll(competitionId: number, heldBefore: number): Promise<boolean> {
  await loadCart();
  return inBasketFor(cartStore.get(cartItemsAtom), competitionId) > heldBefore;
}

let queue: Promise<void> = Promise.resolve();

/**
 * Handles one `cart:add-requested`. Adds run one after another, so a second click
 * counts the tickets the first one put in the basket.
 */
export function handleAddRequest(request: AddRequest): Promise<void> {
  const run = queue.then(async () => {
    cartStore.set(isAddingAtom, true);
    try {
      await add(request);
    } finally {
      cartStore.set(isAddingAtom, false);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
