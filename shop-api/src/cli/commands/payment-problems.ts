import { WpHttpError } from '../../http/wp-error.ts';
import { penceToPounds } from '../../lib/money.ts';
import { createMailer } from '../../mail/mailer.ts';
import { DEMO_PAYMENTS, gatewayFor } from '../../payments/gateways.ts';
import { listPaymentProblems, resolvePaymentProblem, type PaymentProblem } from '../../payments/payment-problems.ts';
import { required } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

const describe = (p: PaymentProblem): string => {
  const order = p.orderId === null ? 'no order' : `order #${p.orderId} (${p.orderStatus ?? 'gone'})`;
  const close = p.onClose === 'refund_and_release' ? ' (closing refunds it and releases the order)' : p.onClose === 'refund' ? ' (closing refunds it)' : '';
  const state = p.resolvedAt ? `dealt with by ${p.resolvedBy} ${p.resolvedAt.toISOString()}: ${p.resolution}` : p.repaired ? 'repaired automatically' : `OPEN${close}`;
  const told = p.customerMail === 'sent' && p.customerToldAt ? `  customer mailed ${p.customerToldAt.toISOString()}` : p.customerMail === 'due' ? '  customer not mailed yet' : '';
  return `#${p.id}  ${p.kind}  ${p.provider} ${p.intentId}  ${order}  found ${p.foundAt.toISOString()}  ${state}${told}\n  ${p.detail}`;
};

/** `payment-problems [--all] [--json]` / `payment-problems --resolve <id> --note "..." [--by amy]`: what reconciliation flagged. */
export const paymentProblemsCommand: Command = {
  name: 'payment-problems',
  usage: 'payment-problems [--all] [--json] | payment-problems --resolve <id> --note "<what you did>" [--no-refund] [--by <operator>]',
  summary: 'List payment problems found between the payment provider and our orders (open ones, oldest first; --all: the last 100 of every kind), or mark one dealt with. A payment of the wrong amount is refunded in full first (--no-refund: already refunded elsewhere), and its order released if it is still held.',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const flags = parseFlags(args, ['resolve', 'note', 'by'], ['all', 'json', 'no-refund']);
    if (flags.resolve !== undefined) {
      if (flags.all || flags.json) throw new UsageError('--all and --json list problems; they do not go with --resolve.');
      if (!/^[1-9]\d{0,9}$/.test(String(flags.resolve))) throw new UsageError('--resolve needs a problem number from the list.');
      const note = required(flags, 'note').trim();
      if (!note || note.length > 500) throw new UsageError('--note must say what you did, in at most 500 characters.');
      try {
        const done = await resolvePaymentProblem(ctx.pool, gatewayFor(ctx.payments ?? DEMO_PAYMENTS, ctx.pool).gateway, createMailer(ctx.pool, ctx.smtpUrl), {
          id: Number(flags.resolve), note, refund: !flags['no-refund'], by: `cli:${typeof flags.by === 'string' ? flags.by : (ctx.operator ?? 'operator')}`, staffId: null, now: ctx.now?.() ?? new Date(),
        });
        const did = [done.refundedPence ? `£${penceToPounds(done.refundedPence)} refunded to the card` : '', done.orderReleased ? `order #${done.problem.orderId} released (tickets back on sale, points and credit given back)` : ''].filter(Boolean);
        out(`Payment problem #${done.problem.id} is dealt with.${did.length ? ` ${did.join('; ')}.` : ''}`);
        return 0;
      } catch (err) {
        if (!(err instanceof WpHttpError)) throw err;
        out(`Not done: ${err.message}`);
        return 1;
      }
    }
    if (flags.note !== undefined || flags.by !== undefined || flags['no-refund']) throw new UsageError('--note, --no-refund and --by go with --resolve.');
    const problems = await listPaymentProblems(ctx.pool, { open: !flags.all, limit: 100 });
    if (flags.json) {
      out(JSON.stringify(problems));
      return 0;
    }
    if (problems.length === 0) {
      out(flags.all ? 'No payment problems recorded.' : 'No open payment problems.');
      return 0;
    }
    for (const p of problems) out(describe(p));
    if (problems.some((p) => !p.repaired && !p.resolvedAt)) out('Mark one dealt with: payment-problems --resolve <id> --note "<what you did>"');
    return 0;
  },
};
