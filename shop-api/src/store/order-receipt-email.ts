import type { MailMessage } from '../mail/mailer.ts';
import { penceToPounds } from '../lib/money.ts';

export interface ReceiptLine {
  title: string;
  quantity: number;
  /** Ticket numbers, ascending. */
  numbers: number[];
  /** The draw's London date and time, e.g. '29 November 2026, 20:00'. */
  drawsAt: string;
  lineTotalPence: number;
}

export interface ReceiptOrder {
  id: number;
  to: string;
  firstName: string;
  /** The London date it was paid, e.g. '28 November 2026'. */
  paidOn: string;
  lines: ReceiptLine[];
  subtotalPence: number;
  discountPence: number;
  pointsRedeemed: number;
  creditPence: number;
  cardPence: number;
  totalPence: number;
  /** Loyalty points the order earned (as its confirmation said). */
  pointsEarned: number;
}

const pounds = (pence: number): string => `£${penceToPounds(pence)}`;

/**
 * A paid order's receipt: what was bought, every ticket number and when each draw is, and how it
 * was paid. The customer's record of their entries, kept outside our site.
 */
export function orderReceiptEmail(o: ReceiptOrder, siteUrl: string): MailMessage {
  const lines = o.lines.flatMap((l) => [
    `${l.title} x ${l.quantity}: ${pounds(l.lineTotalPence)}`,
    `  Ticket numbers: ${l.numbers.join(', ') || 'none'}`,
    `  Draw: ${l.drawsAt}`,
  ]);
  const paid = [
    `Subtotal: ${pounds(o.subtotalPence)}`,
    ...(o.discountPence > 0 ? [`Coupons: -${pounds(o.discountPence)}`] : []),
    `Total: ${pounds(o.totalPence)}`,
    ...(o.pointsRedeemed > 0 ? [`Paid with points: ${o.pointsRedeemed} points`] : []),
    ...(o.creditPence > 0 ? [`Paid with site credit: ${pounds(o.creditPence)}`] : []),
    ...(o.cardPence > 0 ? [`Paid by card: ${pounds(o.cardPence)}`] : []),
    ...(o.pointsEarned > 0 ? ['', `You earned ${o.pointsEarned} ${o.pointsEarned === 1 ? 'point' : 'points'} with this order.`] : []),
  ];
  const text = [
    `Hi ${o.firstName || 'there'},`,
    '',
    `Thank you for your order #${o.id}, paid on ${o.paidOn}. Your tickets:`,
    '',
    ...lines,
    '',
    ...paid,
    '',
    `Your order: ${siteUrl}/account/recent/orders/order-detail/${o.id}`,
    `Draw results, with each draw's proof: ${siteUrl}/draw/results`,
    '',
    'Please play responsibly: you can set a spending limit or take a break in your account.',
    '',
    'CGG Competitions',
  ].join('\n');
  return { to: o.to, subject: `Your CGG Competitions order #${o.id}`, text };
}
