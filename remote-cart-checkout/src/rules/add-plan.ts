import { QUESTION_REQUIRED_MESSAGE, toastMessages } from './toast-messages.ts';

/** What the basket knows when a `cart:add-requested` arrives (spec section 5). */
export interface AddFacts {
  requested: number;
  /** total_sell_tickets - total_ticket_sold (tickets in baskets are not reserved). */
  ticketsLeft: number;
  maxPerUser: number;
  /** Tickets of this competition already in the basket. */
  inBasket: number;
  /** Tickets of this competition the signed-in customer already bought (0 for visitors). */
  purchased: number;
  /** comp_question is set and the stored show_question flag equals 1. */
  questionRequired: boolean;
  answered: boolean;
}

export type AddPlan =
  | { kind: 'refuse'; message: string }
  /** `notice` is shown (red, spec section 8) after the server accepted the capped add. */
  | { kind: 'add'; quantity: number; notice: string | null };

/**
 * Spec section 5 before any call: refuse, or the quantity to add (capped at the smaller
 * of the remaining allowance and the tickets left) with the toast that explains a cap.
 * The checks run from the most final reason to the least, so each toast names the real cause.
 */
export function planAdd(f: AddFacts): AddPlan {
  const refuse = (message: string): AddPlan => ({ kind: 'refuse', message });
  if (f.ticketsLeft <= 0) return refuse(toastMessages.noTicketsLeft);
  if (f.questionRequired && !f.answered) return refuse(QUESTION_REQUIRED_MESSAGE);
  if (f.purchased >= f.maxPerUser) return refuse(toastMessages.purchasedMaximum);
  if (f.inBasket >= f.maxPerUser) return refuse(toastMessages.basketAtMaximum);

  const allowance = f.maxPerUser - f.purchased - f.inBasket;
  // The basket line grows to inBasket + q, and the stock must cover the whole line.
  const stock = f.ticketsLeft - f.inBasket;
  // Basket + purchased fill the allowance, or the basket already holds every ticket left.
  if (allowance <= 0 || stock <= 0) return refuse(toastMessages.alreadyInCart(f.inBasket));

  const quantity = Math.min(f.requested, allowance, stock);
  if (quantity === f.requested) return { kind: 'add', quantity, notice: null };
  const notice = stock <= allowance ? toastMessages.cappedByStock(stock, quantity) : toastMessages.cappedByAllowance(allowance, quantity);
  return { kind: 'add', quantity, notice };
}
