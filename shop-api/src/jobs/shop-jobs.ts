import type pg from 'pg';
import type { Task } from 'graphile-worker';
import { drawsDueJob } from '../draws/draw-scheduler.ts';
import { harmSweepJob } from '../harm/harm-sweep.ts';
import { COMPETITION_REFUNDS_TASK, competitionRefundsTask } from '../payments/competition-refunds-job.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { paymentJobs } from '../payments/payment-jobs.ts';
import { mailPaymentProblemsToCustomers } from '../payments/payment-problem-mails.ts';
import { notifyForgottenWins } from '../claims/win-notifications.ts';
import { SEND_MAIL_TASK, type Mailer, type MailTransport } from '../mail/mailer.ts';
import { relayUnsentMail, sendOutboxMail } from '../mail/outbox-relay.ts';
import { mailDueReceipts } from '../store/order-receipts.ts';
import type { JobConfig } from './job-config.ts';
import type { RepeatingJob } from './repeating-jobs.ts';

export interface ShopJobsOptions {
  pool: pg.Pool;
  /** The pool of keyed work (db/keyed-plans.ts): the payments' and the harm markers' work order by order, customer by customer. Default `pool`. */
  keyedPool?: pg.Pool;
  mailer: Mailer;
  siteUrl: string;
  /** SMTP (or a test's recorder); null: mail stays in the outbox, and no mail job is run. */
  mailTransport: MailTransport | null;
  /** The card payments' gateway: reservations' expiry and reconciliation ask it about intents; a cancelled competition's refunds go through it. */
  gateway: PaymentGateway;
  config: Pick<JobConfig, 'drawsOn' | 'drawIntervalMs' | 'harmSweepIntervalMs' | 'paymentJobsIntervalMs'>;
}

/** The outbox relay's pass: rows with no send job get one (outbox-relay.ts). */
const MAIL_RELAY_EVERY_MS = 60_000;
/** Paid orders' receipts (store/order-receipts.ts): a customer has theirs within about this long. */
const RECEIPTS_EVERY_MS = 20_000;
/** Payment problems that touched a customer's money (payments/payment-problem-mails.ts): they hear of theirs within about this long. */
const PAYMENT_PROBLEM_MAILS_EVERY_MS = 20_000;
/** Wins whose mail was lost with the instance that won them (claims/win-notifications.ts): told within about this long after its 2 minutes. */
const FORGOTTEN_WINS_EVERY_MS = 60_000;

/**
 * Every job the shop runs, in one place. A task is `name: (payload, helpers) => work` (throw to
 * fail: retried with backoff, then dead); a repeating job is one line here:
 * `{ name, everyMs, run: (at) => work(pool, at) }` runs once every `everyMs` across all instances.
 */
export function shopRepeatingJobs(o: ShopJobsOptions): RepeatingJob[] {
  const { pool } = o;
  const keyedPool = o.keyedPool ?? pool;
  return [
    ...(o.config.drawsOn ? [drawsDueJob({ pool, mailer: o.mailer, siteUrl: o.siteUrl, everyMs: o.config.drawIntervalMs })] : []),
    harmSweepJob({ pool, keyedPool, everyMs: o.config.harmSweepIntervalMs }),
    ...paymentJobs({ pool: keyedPool, gateway: o.gateway, everyMs: o.config.paymentJobsIntervalMs }),
    { name: 'order-receipts', everyMs: RECEIPTS_EVERY_MS, run: async () => void (await mailDueReceipts({ pool, mailer: o.mailer, siteUrl: o.siteUrl }, new Date())) },
    { name: 'payment-problem-mails', everyMs: PAYMENT_PROBLEM_MAILS_EVERY_MS, run: async (at) => void (await mailPaymentProblemsToCustomers({ pool, mailer: o.mailer }, at)) },
    { name: 'forgotten-win-mails', everyMs: FORGOTTEN_WINS_EVERY_MS, run: async (at) => void (await notifyForgottenWins({ pool, mailer: o.mailer, siteUrl: o.siteUrl }, at)) },
    ...(o.mailTransport ? [{ name: 'mail-relay', everyMs: MAIL_RELAY_EVERY_MS, run: async () => void (await relayUnsentMail(pool)) }] : []),
  ];
}

export function shopTasks(o: ShopJobsOptions): Record<string, Task> {
  const transport = o.mailTransport;
  return {
    [COMPETITION_REFUNDS_TASK]: competitionRefundsTask({ pool: o.pool, gateway: o.gateway, mailer: o.mailer }),
    // Without a transport the task is not registered: send jobs wait (e.g. added by a CLI that had SMTP_URL) until an instance with SMTP runs them.
    ...(transport ? { [SEND_MAIL_TASK]: async (payload: unknown) => void (await sendOutboxMail(o.pool, Number((payload as { outboxId: number }).outboxId), transport)) } : {}),
  };
}
