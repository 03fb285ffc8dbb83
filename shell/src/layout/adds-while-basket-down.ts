import { EVENT_HELD, dropHeld, emit } from '@cgg/contracts';

export const BASKET_DOWN_MESSAGE = 'Sorry, nothing was added: the basket is unavailable right now. Please try again in a moment.';

/**
 * While the basket's remote is down, a tap on Add has nobody to hear it: the event bus would hold
 * it, and the shopper would see nothing. Tell them at once, and drop the request, so it is not
 * carried out minutes later when the basket comes back. Held adds from before the failure are
 * answered too. Answers how to stop (the basket's widget is back).
 */
export function answerAddsWhileBasketDown(): () => void {
  const answer = () => {
    if (dropHeld('cart:add-requested') > 0) emit('shell:toast', { message: BASKET_DOWN_MESSAGE, variant: 'error' });
  };
  answer();
  window.addEventListener(EVENT_HELD, answer);
  return () => window.removeEventListener(EVENT_HELD, answer);
}
