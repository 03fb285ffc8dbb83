import { WpHttpError } from '../../http/wp-error.ts';
import { penceToPounds } from '../../lib/money.ts';
import { DEMO_PAYMENTS, gatewayFor } from '../../payments/gateways.ts';
import { queueCompetitionRefunds } from '../../payments/competition-refunds-job.ts';
import { refundCompetition } from '../../payments/refund-competition.ts';
import { createMailer } from '../../mail/mailer.ts';
import { positiveInt, required } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/** `competition-cancel --id 12 --reason "..." [--to card|site_credit] --by amy`: the back office's "Cancel competition and refund everyone". */
export const competitionCancelCommand: Command = {
  name: 'competition-cancel',
  usage: 'competition-cancel --id <competition id> --reason "<why>" [--to card|site_credit] --by <operator>',
  summary: 'Cancel a competition (no more sales, no draw) and refund every paid order of it; what fails or is still paying is left to the API\'s refunds job (run it again to retry now; no order is paid twice).',
  async run(args, ctx) {
    const flags = parseFlags(args, ['id', 'reason', 'to', 'by']);
    const id = positiveInt(required(flags, 'id'), 'id');
    const reason = required(flags, 'reason');
    if (reason.length > 200) throw new UsageError('--reason must be at most 200 characters.');
    const to = typeof flags.to === 'string' ? flags.to : 'card';
    if (to !== 'card' && to !== 'site_credit') throw new UsageError('--to must be card or site_credit.');
    const by = required(flags, 'by');
    const out = ctx.out ?? console.log;
    try {
      const done = await refundCompetition(ctx.pool, gatewayFor(ctx.payments ?? DEMO_PAYMENTS, ctx.pool).gateway, {
        competitionId: id, reason, to, by: `cli:${by}`, staffId: null, now: ctx.now?.() ?? new Date(),
      }, createMailer(ctx.pool, ctx.smtpUrl));
      out(`Cancelled competition #${id} (${done.title}): ${done.refunded} order(s) refunded, £${penceToPounds(done.totalPence)} in all${done.alreadyRefunded ? `; ${done.alreadyRefunded} refunded by an earlier run` : ''}.`);
      for (const f of done.failed) out(`Not refunded: order #${f.orderId}: ${f.message}`);
      for (const id of done.awaitingPayment) out(`Still paying: order #${id}: its card payment is under way (refund it once paid; its tickets go back if its reservation ends first).`);
      if (!done.failed.length && !done.awaitingPayment.length) return 0;
      // Left to the refunds' job, as the back office's cancel is: an order still paying is refunded
      // once it is paid even if nobody runs this again.
      await queueCompetitionRefunds(ctx.pool, { competitionId: id, reason, to, by: `cli:${by}`, staffId: null });
      out('The API tries them again in the background (the back office shows how they stand); running the same command again retries them now. Refunded orders are not paid twice.');
      return 1;
    } catch (err) {
      if (!(err instanceof WpHttpError)) throw err;
      out(`Not cancelled: ${err.message}`);
      return 1;
    }
  },
};
