import { penceToPounds } from '../lib/money.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { WENT } from './refund-emails.ts';

/*
 * The mails of a payment problem that touched a customer's money (payment-problem-mails.ts). A
 * payment under review (under-review.ts: the provider took an amount that does not match the
 * order): the first says so as soon as it is found, the second when staff have closed it (refunded
 * in full, the order cancelled if it was still held). A payment that went through after its
 * reservation ran out, or with another card than the one checkout checked: refunded
 * automatically, said once.
 */

const greeting = (firstName: string) => `Hi ${firstName || 'there'},`;

/** Found: what was taken against what the order asked, and what happens next. */
export function paymentUnderReviewEmail(a: { to: string; firstName: string; orderId: number; takenPence: number | null; cardPence: number; held: boolean }): MailMessage {
  const took = a.takenPence === null ? 'a different amount' : `£${penceToPounds(a.takenPence)}`;
  const lines = [
    greeting(a.firstName), '',
    `Your bank took ${took} for order #${a.orderId}, but the order's card payment is £${penceToPounds(a.cardPence)}. Our team is checking this payment.`,
    'We will refund what your bank took in full and email you when it is done. You do not need to do anything.',
  ];
  if (a.held) lines.push('Until then the order\'s tickets stay held. Once the payment is refunded the order is cancelled, and its tickets go back into your basket if you would like to buy them again.');
  lines.push('', 'CGG Competitions');
  return { to: a.to, subject: `We are checking your payment for order #${a.orderId}`, text: lines.join('\n') };
}

/** What the mail of a payment not kept says of it: the order, and the card refund's amount. */
export interface UnkeptPayment { to: string; firstName: string; orderId: number; refundedPence: number; creditOrPointsReturned: boolean }

/** A payment the shop did not keep, refunded in full automatically: `why`, then where the money went, and `after` (the basket, if it is there). */
function unkeptPaymentEmail(a: UnkeptPayment, why: string, after: string | null): MailMessage {
  const lines = [greeting(a.firstName), '', why, WENT.card(penceToPounds(a.refundedPence))];
  if (a.creditOrPointsReturned) lines.push('The points and site credit you used on the order are back in your account.');
  if (after) lines.push(after);
  lines.push('', 'CGG Competitions');
  return { to: a.to, subject: `Your payment for order #${a.orderId} is refunded`, text: lines.join('\n') };
}

/** Paid after the reservation was released (its tickets back on sale). */
export const latePaymentRefundedEmail = (a: UnkeptPayment): MailMessage => unkeptPaymentEmail(a,
  `Your bank confirmed the payment for order #${a.orderId} after its tickets' reservation had run out, so the tickets went back on sale and we have refunded the payment in full.`,
  'Your basket is as it was, if you would like to check out again.');

/** Paid with another card than the one checked at checkout (3-D Secure finished with it). */
export const cardChangedRefundedEmail = (a: UnkeptPayment): MailMessage => unkeptPaymentEmail(a,
  `The payment for order #${a.orderId} was made with a different card from the one you entered at checkout. We can only take the card we checked (the rules on paying by credit card depend on it), so the order is cancelled and we have refunded the payment in full.`,
  'Your basket is as it was, if you would like to check out again with the card you want to use.');

/** Confirmed after the customer began a break (or closed their account): nothing is offered again. */
export const breakRefundedEmail = (a: UnkeptPayment): MailMessage => unkeptPaymentEmail(a,
  `Your account's break began (or the account was closed) while the payment for order #${a.orderId} was being confirmed, so we have not taken it: the order is cancelled and the payment refunded in full.`,
  null);

/** Closed: refunded (by us now, or elsewhere before: `refundedPence` 0), and the order cancelled if this released it. */
export function paymentReviewClosedEmail(a: { to: string; firstName: string; orderId: number; refundedPence: number; orderReleased: boolean }): MailMessage {
  const lines = [greeting(a.firstName), '', `We have checked the payment your bank took for order #${a.orderId}: it did not match the order, so it is refunded in full.`];
  if (a.refundedPence > 0) lines.push(WENT.card(penceToPounds(a.refundedPence)));
  if (a.orderReleased) lines.push('The order is cancelled, so its tickets do not enter the draw. Any points or site credit you used on it are back in your account, and its tickets are back in your basket if you would like to buy them again.');
  lines.push('', 'CGG Competitions');
  return { to: a.to, subject: `Your payment for order #${a.orderId} is refunded`, text: lines.join('\n') };
}
