import { randomUUID } from 'node:crypto';
import type { Task } from 'graphile-worker';
import { staffDeadJobsResponseSchema, staffRetryDeadJobResponseSchema } from '@cgg/contracts/staff';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { deadJobsCommand } from '../cli/commands/dead-jobs.ts';
import { drawsDueJob } from '../draws/draw-scheduler.ts';
import { createMailer, SEND_MAIL_TASK, type MailMessage, type MailTransport } from '../mail/mailer.ts';
import { relayUnsentMail } from '../mail/outbox-relay.ts';
import { billing, cardPayment, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { payCheckout, storeInject, storeTestApp, type StoreClientState } from '../store/store-test-kit.ts';
import { countDeadJobs, listDeadJobs } from './dead-jobs.ts';
import { enqueueJob } from './job-queue.ts';
import { startJobRunner, type JobRunner } from './job-runner.ts';
import type { RepeatingJob } from './repeating-jobs.ts';
import { shopTasks } from './shop-jobs.ts';
import { createStaff } from '../staff/staff-accounts.ts';
import { createStaffSession } from '../staff/staff-sessions.ts';

let kit: Awaited<ReturnType<typeof storeTestApp>>;
beforeAll(async () => {
  kit = await storeTestApp();
});
afterAll(async () => kit.close());

// Two "instances" are two job runners on the one test database, as two API processes would be.
let runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  runners = [];
});
async function startWorker(tasks: Record<string, Task>, repeating: RepeatingJob[] = []): Promise<JobRunner> {
  const runner = await startJobRunner({ pool: kit.pool, tasks, repeating, concurrency: 2, pollIntervalMs: 50 });
  runners.push(runner);
  return runner;
}

/** Waits for what the workers do (they run on their own); fails the test if it never happens. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

/** Records every mail handed to it, as an SMTP server would receive them. */
function recordingTransport(): MailTransport & { delivered: Array<Omit<MailMessage, 'marketing'>> } {
  const delivered: Array<Omit<MailMessage, 'marketing'>> = [];
  return { delivered, deliver: async (m) => void delivered.push(m), close: () => {} };
}
/** The enqueuing side as the API runs with SMTP_URL set (the URL is never dialled: the workers get the recorder). */
const queuedMailer = () => createMailer(kit.pool, 'smtp://mail.test.invalid');

describe('the job queue (graphile-worker)', () => {
  it('never runs a job added in a transaction that rolled back; runs the committed one', async () => {
    const ran: string[] = [];
    const label = randomUUID();
    await startWorker({ 'test:note': async (payload) => void ran.push((payload as { label: string }).label) });
    await inTransaction(kit.pool, async (client) => {
      await enqueueJob(client, 'test:note', { label: `${label}-rolled-back` });
      throw new Error('the change fails');
    }).catch(() => {});
    await inTransaction(kit.pool, (client) => enqueueJob(client, 'test:note', { label: `${label}-committed` }));
    await until('the committed job ran', () => ran.includes(`${label}-committed`));
    expect(ran.filter((l) => l.startsWith(label))).toEqual([`${label}-committed`]);
    const rows = (suffix: string) => kit.pool.query("SELECT 1 FROM graphile_worker._private_jobs WHERE payload->>'label' = $1", [`${label}-${suffix}`]);
    // The rolled-back job never existed; the committed one is deleted once its completion is written (just after it ran).
    expect((await rows('rolled-back')).rowCount).toBe(0);
    await until('the committed job is marked done', async () => (await rows('committed')).rowCount === 0);
  });

  it('two instances run each repeating tick once and draw a due competition once, its winner mailed once', async () => {
    const c = await createCompetition(kit.pool, { title: 'Two Instances Draw', total: 10 });
    const customer = await createCustomer(kit.pool);
    const state: StoreClientState = { bearer: customer.token };
    await storeInject(kit.app, state, 'GET', '/cart');
    expect((await storeInject(kit.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 2 })).status).toBe(200);
    const paid = await payCheckout(kit.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
    expect(paid.status).toBe(200);
    await kit.pool.query(`UPDATE competitions SET closing_at = now() - interval '2 minutes', draw_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);

    const ticks: Array<{ instance: string; at: number }> = [];
    const transports = [recordingTransport(), recordingTransport()];
    const everyMs = 100;
    for (const [i, instance] of ['a', 'b'].entries()) {
      const mailer = queuedMailer();
      await startWorker(
        shopTasks({ pool: kit.pool, gateway: kit.payments.gateway, mailer, siteUrl: 'http://localhost:3000', mailTransport: transports[i]!, config: { drawsOn: true, drawIntervalMs: everyMs, harmSweepIntervalMs: 60_000, paymentJobsIntervalMs: 60_000 } }),
        [
          { name: 'test-tick', everyMs, run: async (at) => void ticks.push({ instance, at: at.getTime() }) },
          drawsDueJob({ pool: kit.pool, mailer, siteUrl: 'http://localhost:3000', everyMs, log: () => {} }),
        ],
      );
    }
    // The winner is mailed at the order's billing address.
    const mailsTo = () => transports.flatMap((t) => t.delivered).filter((m) => m.to === billing.email && m.subject.includes('Two Instances Draw'));
    await until('the draw, its mail and a dozen ticks', async () => {
      const drawn = await kit.pool.query('SELECT 1 FROM competition_draws WHERE competition_id = $1 AND drawn_at IS NOT NULL', [c.id]);
      return drawn.rowCount === 1 && mailsTo().length >= 1 && ticks.length >= 12;
    });
    await Promise.all(runners.map((r) => r.stop()));
    runners = [];

    // One chain across both instances: every planned tick at least `everyMs` after the one before
    // (two chains, one per instance, would interleave closer than that).
    const times = ticks.map((t) => t.at).sort((x, y) => x - y);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(everyMs);
    const winners = await kit.pool.query("SELECT 1 FROM winners WHERE competition_id = $1 AND kind = 'draw'", [c.id]);
    expect(winners.rowCount).toBe(1);
    expect(mailsTo()).toHaveLength(1);
    expect(mailsTo()[0]!.subject).toContain('You won');
    const outbox = await kit.pool.query("SELECT sent_at FROM email_outbox WHERE to_address = $1 AND subject LIKE '%Two Instances Draw%'", [billing.email]);
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0].sent_at).not.toBeNull();
  });

  it('retries a failing job with backoff, lists it dead after its last try, and the CLI retries it', async () => {
    let failing = true;
    const tries: number[] = [];
    const label = randomUUID();
    await startWorker({
      'test:flaky': async (_payload, helpers) => {
        tries.push(helpers.job.attempts);
        if (failing) throw new Error(`upstream refused ${label}`);
      },
    });
    const id = await enqueueJob(kit.pool, 'test:flaky', { label }, { maxAttempts: 2 });
    const job = async () => (await kit.pool.query('SELECT attempts, run_at, last_error, locked_at FROM graphile_worker.jobs WHERE id = $1', [id])).rows[0];
    // A try counts when the job is taken; it has failed once it is let go with its error.
    const failedTries = async (n: number) => {
      const j = await job();
      return j?.attempts === n && j.locked_at === null && j.last_error !== null;
    };
    await until('the first try failed', () => failedTries(1));
    const afterFirst = await job();
    // Backoff: the retry waits (e^1 s), it is not run again at once.
    expect(afterFirst.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(afterFirst.last_error).toContain(`upstream refused ${label}`);
    expect((await listDeadJobs(kit.pool)).some((d) => String(d.id) === id)).toBe(false);

    // The wait is the library's; bring the retry forward rather than wait out the clock.
    await kit.pool.query('SELECT graphile_worker.reschedule_jobs(ARRAY[$1::bigint], run_at => now())', [id]);
    await until('the last try failed', () => failedTries(2));
    const dead = (await listDeadJobs(kit.pool)).find((d) => String(d.id) === id);
    expect(dead).toMatchObject({ task: 'test:flaky', attempts: 2, payload: { label } });
    expect(dead!.lastError).toContain('upstream refused');
    expect(await countDeadJobs(kit.pool)).toBeGreaterThanOrEqual(1);

    // The back office's read-only list (admins only).
    const staffPost = async (role: 'admin' | 'operator') => {
      const member = await inTransaction(kit.pool, (client) =>
        createStaff(client, { email: `jobs-${role}-${label.slice(0, 8)}@cgg.test`, name: `Jobs ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
      );
      const bearer = await createStaffSession(kit.pool, member.id, 'signed-in', new Date());
      return kit.app.inject({ method: 'POST', url: '/?rest_route=/api/v1/staff/dead_jobs', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, payload: {} });
    };
    const listedForAdmin = staffDeadJobsResponseSchema.parse((await staffPost('admin')).json()).data.find((d) => String(d.id) === id);
    expect(listedForAdmin).toMatchObject({ task: 'test:flaky', attempts: 2, payload: { label } });
    expect(listedForAdmin!.last_error).toContain(`upstream refused ${label}`);
    expect((await staffPost('operator')).statusCode).toBe(403);

    const lines: string[] = [];
    const listed = await deadJobsCommand.run([], { pool: kit.pool, out: (l) => lines.push(l) });
    expect(listed).toBe(0);
    expect(lines.join('\n')).toMatch(new RegExp(`#${id}\\s+test:flaky\\s+2 tries`));
    expect(lines.join('\n')).toContain(`upstream refused ${label}`);

    failing = false;
    expect(await deadJobsCommand.run(['--retry', String(id), '--by', 'amy'], { pool: kit.pool, out: () => {} })).toBe(0);
    // Something a person did: in the audit log, with the task.
    const audited = await kit.pool.query("SELECT actor, after FROM staff_audit_log WHERE action = 'job.retry' AND subject = $1", [`job #${id}`]);
    expect(audited.rows).toEqual([{ actor: 'cli:amy', after: { task: 'test:flaky' } }]);
    await until('the retried job ran and was done', async () => (await job()) === undefined);
    expect(tries).toEqual([1, 2, 1]); // helpers.job.attempts counts the try under way
    expect(await deadJobsCommand.run(['--retry', String(id)], { pool: kit.pool, out: () => {} })).toBe(1);
  });

  it('an admin retries a dead job from the back office: audited as them, run again; others are refused, and a second retry finds none', async () => {
    let failing = true;
    const label = randomUUID();
    const ran: string[] = [];
    await startWorker({
      'test:once': async () => {
        ran.push(failing ? 'failed' : 'done');
        if (failing) throw new Error(`refused ${label}`);
      },
    });
    const id = Number(await enqueueJob(kit.pool, 'test:once', { label }, { maxAttempts: 1 }));
    await until('the job died', async () => (await listDeadJobs(kit.pool)).some((d) => d.id === id));

    const bearerFor = async (role: 'admin' | 'operator') => {
      const member = await inTransaction(kit.pool, (client) =>
        createStaff(client, { email: `retry-${role}-${label.slice(0, 8)}@cgg.test`, name: `Retry ${role}`, role, password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
      );
      return createStaffSession(kit.pool, member.id, 'signed-in', new Date());
    };
    const retry = (bearer: string, jobId: number) =>
      kit.app.inject({ method: 'POST', url: '/?rest_route=/api/v1/staff/dead_job_retry', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, payload: { id: jobId } });
    const [admin, operator] = [await bearerFor('admin'), await bearerFor('operator')];

    // An operator may not, and nothing changes.
    expect((await retry(operator, id)).statusCode).toBe(403);
    expect((await listDeadJobs(kit.pool)).some((d) => d.id === id)).toBe(true);

    failing = false;
    const answer = await retry(admin, id);
    expect(answer.statusCode).toBe(200);
    expect(staffRetryDeadJobResponseSchema.parse(answer.json()).data).toEqual({ id, task: 'test:once' });
    const audited = await kit.pool.query("SELECT actor, after FROM staff_audit_log WHERE action = 'job.retry' AND subject = $1", [`job #${id}`]);
    expect(audited.rows).toEqual([{ actor: `Retry admin <retry-admin-${label.slice(0, 8)}@cgg.test>`, after: { task: 'test:once' } }]);
    await until('the retried job ran and was done', async () => (await kit.pool.query('SELECT 1 FROM graphile_worker.jobs WHERE id = $1', [id])).rowCount === 0);
    expect(ran).toEqual(['failed', 'done']);

    // Retried already (a second admin's click, a stale list): a clear 404, nothing recorded twice.
    const again = await retry(admin, id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'cgg_dead_job_not_found', message: `There is no failed job #${id}: it may have been retried already. Reload the list.` });
    expect((await kit.pool.query("SELECT 1 FROM staff_audit_log WHERE action = 'job.retry' AND subject = $1", [`job #${id}`])).rowCount).toBe(1);
    // A malformed id is refused before anything is looked up.
    expect((await kit.app.inject({ method: 'POST', url: '/?rest_route=/api/v1/staff/dead_job_retry', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, payload: { id: 'x' } })).statusCode).toBe(400);
  });

  it('sends a mail only after its transaction commits, once, with two workers and the outbox relay', async () => {
    const transports = [recordingTransport(), recordingTransport()];
    const mailer = queuedMailer();
    for (const t of transports) await startWorker(shopTasks({ pool: kit.pool, gateway: kit.payments.gateway, mailer, siteUrl: '', mailTransport: t, config: { drawsOn: false, drawIntervalMs: 1000, harmSweepIntervalMs: 60_000, paymentJobsIntervalMs: 60_000 } }));
    const to = `queued.${randomUUID().slice(0, 8)}@example.test`;
    const delivered = () => transports.flatMap((t) => t.delivered).filter((m) => m.to === to).map((m) => m.subject);

    // A rolled-back change sends nothing.
    await inTransaction(kit.pool, async (client) => {
      await mailer.send({ to, subject: 'rolled back', text: 'never' }, client);
      throw new Error('the change fails');
    }).catch(() => {});

    // A mail queued in an open transaction waits while a later, committed one goes out.
    const open = await kit.pool.connect();
    try {
      await open.query('BEGIN');
      await mailer.send({ to, subject: 'first, committed last', text: 'after commit', replyTo: 'customer@example.test' }, open);
      await mailer.send({ to, subject: 'second, committed first', text: 'at once' });
      await until('the committed mail was sent', () => delivered().includes('second, committed first'));
      expect(delivered()).toEqual(['second, committed first']);
      await open.query('COMMIT');
    } finally {
      open.release();
    }
    await until('the first mail was sent after its commit', () => delivered().length === 2);

    // The relay finds nothing left to send (every row sent), and an unsent row written by SQL is sent once.
    expect(await relayUnsentMail(kit.pool, { settleMs: 0 })).toBe(0);
    await kit.pool.query("INSERT INTO email_outbox (to_address, subject, text_body, html_body, created_at) VALUES ($1, 'from before the queue', 'old', '', now())", [to]);
    expect(await relayUnsentMail(kit.pool, { settleMs: 0 })).toBe(1);
    expect(await relayUnsentMail(kit.pool, { settleMs: 0 })).toBe(0);
    await until('the relayed row was sent', () => delivered().length === 3);
    await until('its job was done', async () => (await kit.pool.query(`SELECT 1 FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1`, [SEND_MAIL_TASK])).rowCount === 0);

    // A batch's mails (the receipts job's), queued in one statement: each sent once.
    // The first carries a key: delivered with it, stored without it once sent.
    await mailer.sendAll([{ to, subject: 'batch one', text: '1 key-k1', html: '<p>key-k1</p>', keys: ['key-k1'] }, { to, subject: 'batch two', text: '2', replyTo: 'batch@example.test' }]);
    await until('the batch was sent', () => delivered().length === 5);
    await until('its jobs were done', async () => (await kit.pool.query(`SELECT 1 FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1`, [SEND_MAIL_TASK])).rowCount === 0);
    expect(delivered().sort()).toEqual(['batch one', 'batch two', 'first, committed last', 'from before the queue', 'second, committed first']);
    expect(transports.flatMap((t) => t.delivered).find((m) => m.subject === 'batch two')).toMatchObject({ text: 'Reply to: batch@example.test\n\n2', replyTo: 'batch@example.test' });
    const replied = transports.flatMap((t) => t.delivered).find((m) => m.subject === 'first, committed last');
    expect(replied?.replyTo).toBe('customer@example.test');
    expect(transports.flatMap((t) => t.delivered).find((m) => m.subject === 'batch one')).toMatchObject({ text: '1 key-k1', html: '<p>key-k1</p>' });
    const rows = await kit.pool.query('SELECT subject, sent_at, text_body, html_body, remove_once_sent FROM email_outbox WHERE to_address = $1 ORDER BY id', [to]);
    expect(rows.rows.map((r) => r.subject)).toEqual(['first, committed last', 'second, committed first', 'from before the queue', 'batch one', 'batch two']);
    expect(rows.rows.every((r) => r.sent_at !== null && r.remove_once_sent === null)).toBe(true);
    expect(rows.rows.map((r) => r.text_body).slice(3)).toEqual(['1 [removed once sent]', 'Reply to: batch@example.test\n\n2']);
    expect(rows.rows[3].html_body).toBe('<p>[removed once sent]</p>');
  });

  it('shows the queue depth per task, the dead jobs and the live feed\'s lag on /metrics', async () => {
    const metric = async (name: string, labels = ''): Promise<number | null> => {
      const res = await kit.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      const line = res.body.split('\n').find((l) => l.startsWith(`${name}${labels} `));
      return line ? Number(line.split(' ')[1]) : null;
    };
    // No worker knows this task: its jobs wait.
    await enqueueJob(kit.pool, 'test:nobody-runs-this', {});
    await enqueueJob(kit.pool, 'test:nobody-runs-this', {});
    expect(await metric('shop_api_jobs_waiting', '{task="test:nobody-runs-this"}')).toBe(2);
    await kit.pool.query("UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'gave up' WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'test:nobody-runs-this')");
    expect(await metric('shop_api_jobs_dead', '{task="test:nobody-runs-this"}')).toBe(2);
    expect(await metric('shop_api_jobs_waiting', '{task="test:nobody-runs-this"}')).toBeNull();

    // An instant win not yet published (no relay runs here), from a minute and a half ago.
    const c = await createCompetition(kit.pool, { total: 1, instantWinNumbers: [1] });
    const customer = await createCustomer(kit.pool);
    const state: StoreClientState = { bearer: customer.token };
    await storeInject(kit.app, state, 'GET', '/cart');
    expect((await storeInject(kit.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 })).status).toBe(200);
    expect((await payCheckout(kit.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() })).status).toBe(200);
    await kit.pool.query("UPDATE instant_win_feed_outbox SET created_at = now() - interval '90 seconds' WHERE competition_id = $1", [c.id]);
    expect(await metric('shop_api_feed_lag_seconds')).toBeGreaterThanOrEqual(90);
    await kit.pool.query('UPDATE instant_win_feed_outbox SET published_at = now() WHERE published_at IS NULL');
    expect(await metric('shop_api_feed_lag_seconds')).toBe(0);
  });

  it('stops gracefully: a job under way finishes before stop() resolves, and nothing new is taken', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const started: string[] = [];
    const done: string[] = [];
    const label = randomUUID();
    const runner = await startWorker({
      'test:slow': async (payload) => {
        started.push((payload as { label: string }).label);
        await gate;
        done.push((payload as { label: string }).label);
      },
    });
    await enqueueJob(kit.pool, 'test:slow', { label });
    await until('the job started', () => started.includes(label));
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    runners = runners.filter((r) => r !== runner);
    // Still running: stop() waits for it (this round trip lets the runner act on stop first).
    await enqueueJob(kit.pool, 'test:slow', { label: `${label}-later` });
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(done).toEqual([label]);
    // Done and marked done (not left locked, to be run again by another instance later).
    const left = await kit.pool.query("SELECT 1 FROM graphile_worker._private_jobs WHERE payload->>'label' = $1", [label]);
    expect(left.rowCount).toBe(0);
    // The job added while stopping was not taken: it waits, untried, for a running instance.
    expect(started).toEqual([label]);
    const waiting = await kit.pool.query("SELECT attempts, locked_at FROM graphile_worker._private_jobs WHERE payload->>'label' = $1", [`${label}-later`]);
    expect(waiting.rows).toEqual([{ attempts: 0, locked_at: null }]);
  });
});
