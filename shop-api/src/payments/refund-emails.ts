import { penceToPounds } from '../lib/money.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** Where a refund's money went, as the customer reads it. */
export const WENT = {
  card: (pounds: string) => `£${pounds} is on its way back to the card you paid with (it can take 5-10 working days to show).`,
  site_credit: (pounds: string) => `£${pounds} is now site credit in your account, ready for your next tickets.`,
} as const;

/** "The coupon SAVE5", "The coupons SAVE5 and TENOFF". */
function couponList(codes: readonly string[]): string {
  if (codes.length === 1) return `The coupon ${codes[0]}`;
  return `The coupons ${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}`;
}

/** A refund done: how much, where it went, what else came back, and why. */
export function refundEmail(a: {
  to: string; firstName: string; orderId: number; destination: keyof typeof WENT; amountPence: number;
  creditReturnedPence: number; pointsReturned: number; ticketsReleased: number; couponsReturned: readonly string[]; reason: string;
}): MailMessage {
  const lines = [`Hi ${a.firstName || 'there'},`, '', `We have refunded your order #${a.orderId}.`];
  if (a.amountPence > 0) lines.push(WENT[a.destination](penceToPounds(a.amountPence)));
  if (a.creditReturnedPence > 0) lines.push(`The £${penceToPounds(a.creditReturnedPence)} of site credit you used on the order is back in your account.`);
  if (a.pointsReturned > 0) lines.push(`The ${a.pointsReturned} points you used on the order are back in your account.`);
  if (a.couponsReturned.length > 0) lines.push(`${couponList(a.couponsReturned)} you used on the order ${a.couponsReturned.length === 1 ? 'is' : 'are'} yours again, to use on another order.`);
  if (a.ticketsReleased > 0) lines.push(`${a.ticketsReleased === 1 ? 'The ticket' : `The ${a.ticketsReleased} tickets`} of the refunded order no longer ${a.ticketsReleased === 1 ? 'enters' : 'enter'} the draw.`);
  lines.push(`Reason: ${a.reason}`, '', 'CGG Competitions');
  return { to: a.to, subject: `Your refund for order #${a.orderId}`, text: lines.join('\n') };
}
