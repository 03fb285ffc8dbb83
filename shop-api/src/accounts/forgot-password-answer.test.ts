import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { createBackgroundWork } from '../lib/background-work.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { call, DEMO } from './account-test-kit.ts';

/**
 * forgot_password takes the same time for any email because its answer waits for nothing
 * that depends on the email. Shown without a clock: with the mail server stuck, a real
 * account's answer still arrives, and the mail goes out once the server moves.
 */
describe('forgot_password answers before any work on the account', () => {
  let db: TestDatabase;
  let release: () => void;
  const mailServerMoves = new Promise<void>((resolve) => (release = resolve));
  const sent: MailMessage[] = [];
  const background = createBackgroundWork();
  let app: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await prepareDatabase(db.pool, { demoData: true });
    const send = async (m: MailMessage) => {
      await mailServerMoves;
      sent.push(m);
    };
    const mailer = { send, sendAll: async (ms: MailMessage[]) => void (await Promise.all(ms.map(send))) };
    app = buildApp({ pool: db.pool, mailer, background });
    await app.ready();
  });
  afterAll(async () => {
    release();
    await app?.close();
    await db?.drop();
  });

  it('answers a real account while its mail is stuck, then mails it; never mails an unknown email', async () => {
    const ask = (email: string) => app.inject({ method: 'POST', url: call('forgot_password'), headers: { 'content-type': 'application/json' }, payload: { email } });
    const real = await ask(DEMO.email);
    const unknown = await ask('nobody@cgg.test');
    expect(real.statusCode).toBe(200);
    expect(real.body).toBe(unknown.body);
    expect(sent).toEqual([]);

    release();
    await background.settled();
    expect(sent.map((m) => m.to)).toEqual([DEMO.email]);
  });
});
