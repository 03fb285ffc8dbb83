/**
 * The spec's seven basket toasts (section 8), typos and spacing exactly as quoted.
 * README.md says which situation shows each one.
 */
export const toastMessages = {
  noTicketsLeft: 'Oops! There is not ticket left to purchase for this competition',
  basketAtMaximum: 'You already have the maximum number of tickets for this competition in cart!',
  alreadyInCart: (n: number) => `Oops! It seems you've already have ${n} tickets for this competition in cart.`,
  cappedByStock: (n: number, m: number) => `Only ${n} tickets are available , ${m} tickets have been added to your basket.`,
  cappedByAllowance: (n: number, m: number) => `Only ${n} tickets available, ${m} tickets have been added to your basket.`,
  purchasedMaximum: 'You already have the maximum number of tickets for this competition',
  enteredMaximum: 'You have entered the maximum number of tickets',
} as const;

/** Ours (no spec text): a required question arrived unanswered. */
export const QUESTION_REQUIRED_MESSAGE = 'Please answer the competition question before adding tickets.';
