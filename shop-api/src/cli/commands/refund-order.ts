import { randomUUID } from 'node:crypto';
import { WpHttpError } from '../../http/wp-error.ts';
import { penceToPounds } from '../../lib/money.ts';
import { DEMO_PAYMENTS, gatewayFor } from '../../payments/gateways.ts';
import { refundOrder } from '../../payments/refund-order.ts';
import { createMailer } from '../../mail/mailer.ts';
import { operatorName, positiveInt, poundsToPenceSigned, required } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/** `refund-order --order 10016 [--amount 2.50] [--to card|site_credit] --reason "..." [--key K] [--by amy]`: once per key. */
export const refundOrderCommand: Command = {
  name: 'refund-order',
  usage: 'refund-order --order <id> [--amount <pounds, default the whole order>] [--to card|site_credit] --reason "<why>" [--key <idempotency key>] [--by <operator>]',
  summary: "Refund some or all of an order's card payment, to the card through the payment gateway or to site credit (once per --key; a retry with the same key refunds nothing more). The whole order also gives back its site credit and points and releases its tickets.",
  async run(args, ctx) {
    const flags = parseFlags(args, ['order', 'amount', 'to', 'reason', 'key', 'by']);
    const to = typeof flags.to === 'string' ? flags.to : 'card';
    if (to !== 'card' && to !== 'site_credit') throw new UsageError('--to must be card or site_credit.');
    const order = positiveInt(required(flags, 'order'), 'order');
    const amountPence = typeof flags.amount === 'string' ? poundsToPenceSigned(flags.amount, 'amount') : undefined;
    if (amountPence !== undefined && amountPence <= 0) throw new UsageError('--amount must be more than 0.');
    const reason = required(flags, 'reason');
    if (reason.length > 200) throw new UsageError('--reason must be at most 200 characters.');
    const key = typeof flags.key === 'string' ? flags.key : randomUUID();
    const out = ctx.out ?? console.log;
    try {
      const done = await refundOrder(ctx.pool, gatewayFor(ctx.payments ?? DEMO_PAYMENTS, ctx.pool).gateway, {
        orderId: order, amountPence, to, idempotencyKey: key, reason, by: `cli:${operatorName(flags.by, ctx.operator)}`, now: ctx.now?.() ?? new Date(),
        // The customer's refund mail goes out at once, as the back office's does (not left to the outbox relay).
      }, createMailer(ctx.pool, ctx.smtpUrl));
      const back = [done.creditReturnedPence ? `£${penceToPounds(done.creditReturnedPence)} site credit given back` : '', done.pointsReturned ? `${done.pointsReturned} points given back` : '', done.ticketsReleased ? `${done.ticketsReleased} ticket(s) released` : '', done.couponsReturned.length ? `coupon(s) ${done.couponsReturned.join(', ')} given back` : ''].filter(Boolean);
      out(`${done.repeated ? 'Already refunded' : 'Refunded'} £${penceToPounds(done.amountPence)}${done.to === 'site_credit' ? ' as site credit' : ''} of order #${done.orderId} (${done.reference}); £${penceToPounds(done.leftPence)} left; order ${done.orderStatus}.${back.length ? ` ${back.join(', ')}.` : ''}`);
      out(`Refund key: ${key} (repeat the command with --key ${key} to retry it safely).`);
      return 0;
    } catch (err) {
      if (!(err instanceof WpHttpError)) {
        // No answer from the provider (a timeout, a dropped connection): the refund may have gone
        // through. Only the same key can find out without paying twice.
        out(`Not confirmed: ${(err as Error).message}`);
        out(`Refund key: ${key} (repeat the command with --key ${key}: it refunds once whatever happened; a new key could refund twice).`);
        return 1;
      }
      out(`Not refunded: ${err.message}`);
      out(`Refund key: ${key}`);
      return 1;
    }
  },
};
