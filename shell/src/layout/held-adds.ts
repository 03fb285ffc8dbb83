import { EVENT_HELD, HELD_EVENTS_HANDED_OVER, emit, takeHeld } from '@cgg/contracts';

export const ADDING_MESSAGE = 'Adding to your basket...';
export const BASKET_DOWN_MESSAGE = 'Sorry, nothing was added: the basket is unavailable right now. Please try again in a moment.';

const ADD = 'cart:add-requested';
/** One toast for adds waiting on the basket: the loading one, then, if the basket is down, the error. */
const TOAST_ID = 'shell:held-add';
const about = (event: Event, name: string) => (event as CustomEvent<{ name?: unknown }>).detail?.name === name;

let basketDown = false;

/**
 * A tap on Add before the basket's remote has started is held by the event bus until the basket
 * listens (@cgg/contracts). On a slow phone that can take seconds: without a word the shopper taps
 * again, and gets twice the tickets. So the shell says "Adding to your basket..." while an add is
 * held, and stops when the basket has it (the basket then shows its own progress). While the
 * basket's remote is down, it drops the held add and says nothing was added instead. Started once
 * at start-up; answers how to stop (tests).
 */
export function watchHeldAdds(): () => void {
  const held = (event: Event) => {
    if (!about(event, ADD)) return;
    if (basketDown) answerWhileDown();
    else emit('shell:toast', { variant: 'loading', message: ADDING_MESSAGE, id: TOAST_ID });
  };
  const handedOver = (event: Event) => {
    if (about(event, ADD)) emit('shell:toast-dismiss', { id: TOAST_ID });
  };
  window.addEventListener(EVENT_HELD, held);
  window.addEventListener(HELD_EVENTS_HANDED_OVER, handedOver);
  return () => {
    window.removeEventListener(EVENT_HELD, held);
    window.removeEventListener(HELD_EVENTS_HANDED_OVER, handedOver);
  };
}

/**
 * For the header's basket widget while its remote is down (`WidgetSlot`'s `whileDown`): an add
 * has nobody to hear it. Tell the shopper at once, and drop the request, so it is not carried out
 * minutes later when the basket comes back. Adds held before the failure are answered too.
 */
export function whileBasketDown(): () => void {
  basketDown = true;
  answerWhileDown();
  return () => {
    basketDown = false;
  };
}

function answerWhileDown(): void {
  const dropped = takeHeld(ADD);
  if (dropped.length === 0) return;
  emit('shell:toast', { variant: 'error', message: BASKET_DOWN_MESSAGE, id: TOAST_ID });
  // The pages that asked may offer Add again: nothing is coming from the basket.
  for (const request of dropped) {
    const competitionId = (request as { competitionId?: unknown } | null)?.competitionId;
    if (Number.isSafeInteger(competitionId) && (competitionId as number) > 0) emit('cart:add-settled', { competitionId: competitionId as number, added: false });
  }
}
