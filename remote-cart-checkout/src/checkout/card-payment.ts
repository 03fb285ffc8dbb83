import type { StoreCheckoutPayment, StoreCheckoutResponse } from '@cgg/contracts/store';
import { ApiError } from '@cgg/contracts';
import { callStore } from '../cart/store-client.ts';
import type { CardFieldHandle } from '../payment/card-field.ts';

/** How long to wait between status checks while the provider confirms (payments-api.md: 1 s apart). */
export const STATUS_POLL_MS = 1000;
/** Lost answers (offline, 5xx) in a row before giving up on the status: the order stays the server's to settle. */
const LOST_ANSWERS_ALLOWED = 10;
/** Status checks a challenge waits for the provider's field to load (a held order's, after a reload) before the page says it cannot. */
const FIELD_WAIT_TURNS = 5;
/**
 * Status checks after a challenge is over while the provider still waits for it (closed, or its
 * answer lost on the way): then it is said, and the next press shows it again, rather than
 * "Placing order..." until the reservation runs out. A finished one is seen at once (checkout-return
 * asks the provider), so three seconds is plenty.
 */
const UNFINISHED_TURNS = 3;

/** The longest a refusal for asking too often is waited out before asking again (the API's windows are a minute). */
const TOO_OFTEN_WAIT_MAX_MS = 60_000;
/** Refusals for asking too often waited out in a row before one is given up on (thrown: the order stands, and is said to). */
const TOO_OFTEN_TRIES = 3;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API asked us to ask less often (429): the order is not settled by it; wait, then ask again. */
export const isTooOften = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 429;

/** An answer from the API that settles the asking (a refusal, an order not found): any 4xx but asked-too-often. */
export const isFinalAnswer = (error: unknown): boolean => error instanceof ApiError && error.status >= 400 && error.status < 500 && !isTooOften(error);

/** How long a 429 asks us to wait (its `data.retry_after`, seconds), within reason. */
function tooOftenWaitMs(error: ApiError): number {
  const seconds = Number((error.data as { retry_after?: unknown } | undefined)?.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, TOO_OFTEN_WAIT_MAX_MS) : STATUS_POLL_MS * 5;
}

export const isPaid = (order: StoreCheckoutResponse): boolean => order.status === 'completed' || order.payment_result.payment_status === 'success';

/**
 * Shared with the page: once the reservation has run out no challenge is shown again; once the
 * customer has left the checkout (`left`) the page stops asking (the provider's webhook still
 * settles the order; nothing may take the customer from where they went to the confirmation).
 */
export interface PaymentWatch {
  expired: boolean;
  left?: boolean;
  /** Payments whose challenge was shown: each once, then the API's answer is awaited (a lost answer is not a new challenge). */
  challenged: Set<string>;
}

/** The customer left the checkout while its payment was confirming: the page stopped following it. */
export class CheckoutLeft extends Error {
  constructor() {
    super('The checkout was left while the payment was confirming.');
  }
}

/** A payment wants its challenge, and the provider's field to show it in never loaded (offline, a blocker, not set up). */
export class NoChallengeField extends Error {
  constructor() {
    super("Your bank's check could not be shown: the card provider's window did not load. Check your connection (or a blocker), then try again, or cancel the order.");
  }
}

/** A challenge was shown and is over, and the provider still waits for its answer (see UNFINISHED_TURNS). */
export class ChallengeNotFinished extends Error {
  constructor() {
    super("Your bank's check was not finished, so nothing has been taken. Try again to finish it, or cancel the order.");
  }
}

/** The provider took an amount that does not match the order: the shop's team checks it (the API says so; nothing more to ask). */
export class PaymentUnderReview extends Error {
  constructor(readonly order: StoreCheckoutResponse) {
    super(`The payment for order #${order.order_id} is being checked by our team.`);
  }
}

/** Waits `ms` in steps of a status check, stopping at once when the customer leaves the checkout. */
async function waitWhileWatched(ms: number, watch: PaymentWatch): Promise<void> {
  for (let left = ms; left > 0; left -= STATUS_POLL_MS) {
    if (watch.left) throw new CheckoutLeft();
    await wait(Math.min(STATUS_POLL_MS, left));
  }
  if (watch.left) throw new CheckoutLeft();
}

/**
 * checkout-return about `order`. Asked too often (429), the wait the API asks for is kept (in
 * steps: a customer who leaves stops it at once) and it is asked again, up to TOO_OFTEN_TRIES
 * times; then the 429 is thrown (not a refusal: the order stands).
 */
export async function askCheckoutReturn(order: Pick<StoreCheckoutResponse, 'order_id' | 'order_key'>, watch: PaymentWatch): Promise<StoreCheckoutResponse> {
  for (let tries = 1; ; tries++) {
    if (watch.left) throw new CheckoutLeft();
    try {
      return await callStore('checkoutReturn', { order_id: order.order_id, order_key: order.order_key });
    } catch (error) {
      if (!isTooOften(error) || tries >= TOO_OFTEN_TRIES) throw error;
      await waitWhileWatched(tooOftenWaitMs(error), watch);
    }
  }
}

/**
 * Takes a checkout answer to its end. A paid order is returned as it is. A pending one
 * (`extensions.cgg.payment`) is shown to the page (`onPending`: the countdown), then either
 * the provider's challenge runs in the card field (`requires_action`) or we wait a second
 * (`processing`), and checkout-return asks our API again, until the order is paid (returned)
 * or refused (the API's error is thrown: decline, failed 3-D Secure, reservation expired), or
 * under review (PaymentUnderReview: the wrong amount was taken, and staff settle it).
 * The API decides every outcome from the provider; the browser only reports that the
 * challenge is over. `onChallenge` hears when a challenge is shown and when it is over (the
 * page's "Placing your order..." steps aside while it is the customer's turn).
 */
export async function settlePayment(
  first: StoreCheckoutResponse,
  // Read at each turn: a held order's field may still be loading when its payment is first asked about.
  field: { readonly current: CardFieldHandle | null },
  { onPending, onChallenge, watch }: { onPending: (payment: StoreCheckoutPayment) => void; onChallenge?: (stage: 'shown' | 'over') => void; watch: PaymentWatch },
): Promise<StoreCheckoutResponse> {
  let order = first;
  let lost = 0;
  let fieldWaits = 0;
  let unfinished = 0;
  // Whether `order` is the provider's word since the last turn (a lost answer leaves an older one).
  let answered = false;
  for (;;) {
    if (watch.left) throw new CheckoutLeft();
    const payment = order.extensions.cgg.payment;
    if (isPaid(order) || !payment) return order;
    if (payment.under_review) throw new PaymentUnderReview(order);
    onPending(payment);
    const challenger = field.current;
    const wantsChallenge = payment.status === 'requires_action' && !watch.expired && !watch.challenged.has(payment.intent_id);
    if (wantsChallenge && challenger) {
      watch.challenged.add(payment.intent_id);
      onChallenge?.('shown');
      try {
        await challenger.handleNextAction(payment);
      } finally {
        onChallenge?.('over');
      }
    } else {
      if (wantsChallenge && ++fieldWaits > FIELD_WAIT_TURNS) throw new NoChallengeField();
      const challengeLeft = answered && payment.status === 'requires_action' && watch.challenged.has(payment.intent_id) && !watch.expired;
      if (challengeLeft && ++unfinished > UNFINISHED_TURNS) throw new ChallengeNotFinished();
      await wait(STATUS_POLL_MS);
    }
    try {
      order = await askCheckoutReturn(order, watch);
      lost = 0;
      answered = true;
    } catch (error) {
      answered = false;
      // Left, a final answer, or asked too often past its waits: it ends here; a lost answer is
      // asked again a second later (a status check is safe to repeat).
      if (error instanceof CheckoutLeft || isFinalAnswer(error) || isTooOften(error) || ++lost > LOST_ANSWERS_ALLOWED) throw error;
    }
  }
}
