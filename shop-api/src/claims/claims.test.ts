import { randomUUID } from 'node:crypto';
import { accountCalls } from '@cgg/contracts/account';
import { apiRequest, } from '@cgg/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { claimPayeeCommand } from '../cli/commands/claim-payee.ts';
import { claimStateCommand } from '../cli/commands/claim-state.ts';
import { claimsCommand } from '../cli/commands/claims.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { addDrawWin, addRewardWin, address, bank, claim, instantWinner, setInstantPrizeTitle, tryClaim } from './claims-test-kit.ts';
import { eventually } from '../test/eventually.ts';
import { createMailer } from '../mail/mailer.ts';
import { notifyForgottenWins } from './win-notifications.ts';

type App = Awaited<ReturnType<typeof storeTestApp>>;

describe('prize claims', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await storeTestApp({ poolSize: 20 });
    base = await app.listen();
  });
  afterAll(() => app.close());

  const credBalance = async (token: string) => (await apiRequest(accountCalls.points, { token, type: 'cred' }, { baseUrl: base })).points;
  const wins = async (token: string) => (await apiRequest(accountCalls.getUnclaimedPrizes, { token }, { baseUrl: base })).data;

  it('lists every kind of win with the options its prize offers', async () => {
    const w = await instantWinner(app.pool, base);
    await addDrawWin(app.pool, w, { cashAlternativePence: 4_000_000 });
    await addRewardWin(app.pool, w);
    const list = await wins(w.buyer.token);
    const byKind = Object.fromEntries(list.map((x) => [x.win_kind, x]));
    expect(list).toHaveLength(3);
    expect(byKind.instant).toMatchObject({ prize_title: '£50 Cash #1', nature: 'cash', prize_value: '50.00', claimed: false, claim_state: null,
      options: [{ choice: 'cash', amount: '50.00', needs: 'bank' }, { choice: 'credit', amount: '50.00', needs: 'none' }] });
    expect(byKind.draw).toMatchObject({ prize_title: 'Audi RS3 Sportback', nature: 'item',
      options: [{ choice: 'prize', amount: '45000.00', needs: 'address' }, { choice: 'cash', amount: '40000.00', needs: 'bank' }] });
    expect(byKind.reward).toMatchObject({ prize_title: '£250 Site Credit', nature: 'credit', options: [{ choice: 'credit', amount: '250.00', needs: 'none' }] });
  });

  it('site credit: the claim is fulfilled and the credit is in the cred ledger at once', async () => {
    const w = await instantWinner(app.pool, base);
    expect(await credBalance(w.buyer.token)).toBe('0.00');
    const c = await claim(base, w.buyer.token, { win_kind: 'instant', win_id: w.instantWinIds[0]!, choice: 'credit' });
    expect(c).toMatchObject({ choice: 'credit', amount: '50.00', state: 'fulfilled', delivery_address: null, bank_details: null });
    expect(await credBalance(w.buyer.token)).toBe('50.00');
    const ledger = await apiRequest(accountCalls.points, { token: w.buyer.token, type: 'cred' }, { baseUrl: base });
    expect(ledger.logs[0]).toMatchObject({ type: 'prize-claim', points: '50.00', description: 'Prize claimed as site credit: £50 Cash #1' });
    const after = await wins(w.buyer.token);
    expect(after[0]).toMatchObject({ claimed: true, claim_state: 'fulfilled' });
    const { rows } = await app.pool.query('SELECT claimed, claimed_at FROM instant_win_awards WHERE id = $1', [w.instantWinIds[0]]);
    expect(rows[0].claimed).toBe(true);
    expect(rows[0].claimed_at).toBeInstanceOf(Date);
  });

  it('on a break, site credit is not offered (it could only be spent by playing): a credit prize is paid as cash instead', async () => {
    const w = await instantWinner(app.pool, base);
    await addRewardWin(app.pool, w);
    await app.pool.query("UPDATE customers SET locked_until = now() + interval '30 days', locking_period = '30d', lock_started_at = now() WHERE id = $1", [w.buyer.customerId]);
    const byKind = Object.fromEntries((await wins(w.buyer.token)).map((x) => [x.win_kind, x]));
    expect(byKind.instant!.options).toEqual([{ choice: 'cash', amount: '50.00', needs: 'bank' }]);
    expect(byKind.reward!.options).toEqual([{ choice: 'cash', amount: '250.00', needs: 'bank' }]);
    const refused = await tryClaim(base, w.buyer.token, { win_kind: 'instant', win_id: w.instantWinIds[0]!, choice: 'credit' });
    expect(refused).toMatchObject({ ok: false, status: 400, code: 'cgg_claim_option_unavailable', message: 'While your account is on a break or closed, prizes are not paid as site credit. Choose another way to receive your prize.' });
    expect(await credBalance(w.buyer.token)).toBe('0.00');
    expect((await wins(w.buyer.token)).every((x) => !x.claimed)).toBe(true);
  });

  it('cash: bank details are stored whole, answered masked, never mailed', async () => {
    const w = await instantWinner(app.pool, base);
    const c = await claim(base, w.buyer.token, { win_kind: 'instant', win_id: w.instantWinIds[0]!, choice: 'cash', bank_details: { account_number: '87654321', sort_code: '404142' } });
    expect(c).toMatchObject({ choice: 'cash', amount: '50.00', state: 'received', bank_details: { account_number: '****4321', sort_code: '****42' } });
    expect(JSON.stringify(c)).not.toContain('87654321');
    const stored = await app.pool.query('SELECT bank_account_number, bank_sort_code FROM prize_claims WHERE id = $1', [c.id]);
    // Encrypted at rest (AES-256-GCM), never the numbers themselves.
    expect(stored.rows[0].bank_account_number).toMatch(/^enc:v1:/);
    expect(stored.rows[0].bank_sort_code).toMatch(/^enc:v1:/);
    expect(JSON.stringify(stored.rows[0])).not.toMatch(/87654321|404142/);
    const history = await apiRequest(accountCalls.getClaims, { token: w.buyer.token }, { baseUrl: base });
    expect(history.data[0]!.bank_details).toEqual({ account_number: '****4321', sort_code: '****42' });
    const mail = await app.pool.query(`SELECT text_body FROM email_outbox WHERE subject LIKE 'Your prize claim%' AND to_address = $1`, [(await emailOf(w.buyer.customerId))]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].text_body).toContain(`claim #${c.id}`);
    expect(mail.rows[0].text_body).not.toContain('87654321');
    expect(await credBalance(w.buyer.token)).toBe('0.00');
  });

  it('a draw prize: delivered to the confirmed address; its cash alternative to a bank account', async () => {
    const w = await instantWinner(app.pool, base);
    const drawId = await addDrawWin(app.pool, w, { cashAlternativePence: 4_000_000 });
    const c = await claim(base, w.buyer.token, { win_kind: 'draw', win_id: drawId, choice: 'prize', delivery_address: address });
    expect(c).toMatchObject({ win_kind: 'draw', choice: 'prize', amount: '45000.00', state: 'received', prize_title: 'Audi RS3 Sportback',
      delivery_address: { ...address, postcode: 'M1 1AB' } });
    const w2 = await instantWinner(app.pool, base);
    const drawId2 = await addDrawWin(app.pool, w2, { cashAlternativePence: 4_000_000 });
    const c2 = await claim(base, w2.buyer.token, { win_kind: 'draw', win_id: drawId2, choice: 'cash', bank_details: bank });
    expect(c2).toMatchObject({ choice: 'cash', amount: '40000.00', bank_details: { account_number: '****5678' } });
  });

  it('a reward win claimed as credit', async () => {
    const w = await instantWinner(app.pool, base);
    const rewardId = await addRewardWin(app.pool, w);
    const c = await claim(base, w.buyer.token, { win_kind: 'reward', win_id: rewardId, choice: 'credit' });
    expect(c).toMatchObject({ win_kind: 'reward', state: 'fulfilled', amount: '250.00' });
    expect(await credBalance(w.buyer.token)).toBe('250.00');
  });

  it('refuses a choice the prize does not offer, and missing or bad details with the spec texts; nothing changes', async () => {
    const w = await instantWinner(app.pool, base);
    const drawId = await addDrawWin(app.pool, w); // no cash alternative
    const id = w.instantWinIds[0]!;
    await setInstantPrizeTitle(app.pool, id, '£10 Site Credit');
    expect(await tryClaim(base, w.buyer.token, { win_kind: 'instant', win_id: id, choice: 'cash', bank_details: bank })).toMatchObject({ status: 400, code: 'cgg_claim_option_unavailable' });
    expect(await tryClaim(base, w.buyer.token, { win_kind: 'draw', win_id: drawId, choice: 'credit' })).toMatchObject({ status: 400, code: 'cgg_claim_option_unavailable' });
    expect(await tryClaim(base, w.buyer.token, { win_kind: 'draw', win_id: drawId, choice: 'cash', bank_details: bank })).toMatchObject({ status: 400, code: 'cgg_claim_option_unavailable' });
    expect(await tryClaim(base, w.buyer.token, { win_kind: 'draw', win_id: drawId, choice: 'prize' })).toMatchObject({ status: 400, message: 'Please confirm the delivery address.' });
    expect(await tryClaim(base, w.buyer.token, { win_kind: 'draw', win_id: drawId, choice: 'prize', delivery_address: { ...address, phone: ' ', address_2: '', postcode: '' } })).toMatchObject({
      status: 400, code: 'rest_invalid_param', message: 'Phone No. is required.',
      params: { phone: 'Phone No. is required.', address_2: 'Street Address is required.', postcode: 'Postcode is required.' },
    });
    const w2 = await instantWinner(app.pool, base);
    const cash = { win_kind: 'instant' as const, win_id: w2.instantWinIds[0]!, choice: 'cash' as const };
    const bankError = async (b: { account_number: string; sort_code: string }) => {
      const out = await tryClaim(base, w2.buyer.token, { ...cash, bank_details: b });
      return out.ok ? 'accepted' : out.message;
    };
    expect(await bankError({ account_number: '', sort_code: '112233' })).toBe('Account Number is required.');
    expect(await bankError({ account_number: '1234-5678', sort_code: '112233' })).toBe('Account Number must contain only numbers.');
    expect(await bankError({ account_number: '12345678', sort_code: '' })).toBe('Sort Code is required.');
    expect(await bankError({ account_number: '12345678', sort_code: '12' })).toBe('Sort Code must be 6 digits.');
    expect(await tryClaim(base, w2.buyer.token, { ...cash })).toMatchObject({ status: 400, message: 'Please enter the bank details to pay the prize into.' });
    const { rows } = await app.pool.query('SELECT count(*)::int AS n FROM prize_claims WHERE customer_id = ANY($1)', [[w.buyer.customerId, w2.buyer.customerId]]);
    expect(rows[0].n).toBe(0);
    expect((await wins(w2.buyer.token))[0]!.claimed).toBe(false);
  });

  it('only the winner can claim: another customer gets the same 404 as a missing win; signed out is 401', async () => {
    const a = await instantWinner(app.pool, base);
    const b = await instantWinner(app.pool, base);
    const stolen = await tryClaim(base, b.buyer.token, { win_kind: 'instant', win_id: a.instantWinIds[0]!, choice: 'credit' });
    const missing = await tryClaim(base, b.buyer.token, { win_kind: 'instant', win_id: 999_999_999, choice: 'credit' });
    expect(stolen).toEqual({ ok: false, status: 404, code: 'cgg_win_not_found', message: 'We could not find that prize.' });
    expect(missing).toEqual(stolen);
    expect((await wins(b.buyer.token)).map((x) => x.win_id)).toEqual(b.instantWinIds);
    expect(await tryClaim(base, 'not-a-session', { win_kind: 'instant', win_id: a.instantWinIds[0]!, choice: 'credit' })).toMatchObject({ status: 401, code: 'invalid_token' });
    expect((await wins(a.buyer.token))[0]!.claimed).toBe(false);
    expect(await credBalance(b.buyer.token)).toBe('0.00');
  });

  it('a second claim is refused; repeating the same attempt (same key) answers the same claim', async () => {
    const w = await instantWinner(app.pool, base);
    const input = { win_kind: 'instant' as const, win_id: w.instantWinIds[0]!, choice: 'credit' as const, idempotency_key: randomUUID() };
    const first = await claim(base, w.buyer.token, input);
    expect(await claim(base, w.buyer.token, input)).toEqual(first);
    expect(await tryClaim(base, w.buyer.token, { ...input, idempotency_key: randomUUID() })).toMatchObject({ status: 409, code: 'cgg_prize_already_claimed', message: 'This prize has already been claimed.' });
    expect(await tryClaim(base, w.buyer.token, { ...input, choice: 'cash', bank_details: bank, idempotency_key: randomUUID() })).toMatchObject({ status: 409 });
    expect(await credBalance(w.buyer.token)).toBe('50.00');
  });

  it('race: one win claimed by 16 concurrent requests with different keys and 8 with one key succeeds exactly once', async () => {
    const w = await instantWinner(app.pool, base);
    const winId = w.instantWinIds[0]!;
    const sharedKey = randomUUID();
    // Half of the different-key attempts ask for cash (with bank details), half for credit.
    const attempts = [
      ...Array.from({ length: 16 }, (_, i) =>
        i % 2
          ? { win_kind: 'instant' as const, win_id: winId, choice: 'credit' as const, idempotency_key: randomUUID() }
          : { win_kind: 'instant' as const, win_id: winId, choice: 'cash' as const, bank_details: bank, idempotency_key: randomUUID() },
      ),
      ...Array.from({ length: 8 }, () => ({ win_kind: 'instant' as const, win_id: winId, choice: 'credit' as const, idempotency_key: sharedKey })),
    ];
    const outcomes = await Promise.all(attempts.map((a) => tryClaim(base, w.buyer.token, a)));
    const ok = outcomes.filter((o) => o.ok);
    const refused = outcomes.filter((o) => !o.ok);
    // Every success is the same claim (the winner, or the shared key's replays of it).
    expect(new Set(ok.map((o) => (o.ok ? o.claim.id : 0))).size).toBe(1);
    expect(refused.every((o) => !o.ok && o.status === 409 && o.code === 'cgg_prize_already_claimed')).toBe(true);
    const { rows } = await app.pool.query('SELECT count(*)::int AS n FROM prize_claims WHERE win_kind = $1 AND win_id = $2', ['instant', winId]);
    expect(rows[0].n).toBe(1);
    const winner = ok[0]!.ok ? ok[0]!.claim : null;
    // Credit reached the ledger once, or not at all when cash won.
    expect(await credBalance(w.buyer.token)).toBe(winner?.choice === 'credit' ? '50.00' : '0.00');
    const mails = await app.pool.query(`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Your prize claim%'`, [await emailOf(w.buyer.customerId)]);
    expect(mails.rows[0].n).toBe(1);
    console.log(`[claims race] 24 concurrent claims of one win: ${ok.length} answered the claim (${ok.length > 1 ? 'shared-key replays' : 'one'}), ${refused.length} refused 409; 1 claim row`);
  });

  it('the shared key alone: 12 identical concurrent requests make one claim and 12 equal answers', async () => {
    const w = await instantWinner(app.pool, base);
    const input = { win_kind: 'instant' as const, win_id: w.instantWinIds[0]!, choice: 'credit' as const, idempotency_key: randomUUID() };
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => tryClaim(base, w.buyer.token, input)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(new Set(outcomes.map((o) => JSON.stringify(o))).size).toBe(1);
    expect(await credBalance(w.buyer.token)).toBe('50.00');
  });

  it('instant winners are mailed once the order commits', async () => {
    const w = await instantWinner(app.pool, base, 2);
    const to = await emailOf(w.buyer.customerId);
    await eventually(async () => {
      const { rows } = await app.pool.query(`SELECT subject, text_body FROM email_outbox WHERE to_address = $1 AND subject LIKE 'You won%' ORDER BY id`, [to]);
      expect(rows.map((r) => r.subject)).toEqual(['You won: £50 Cash #1', 'You won: £50 Cash #2']);
      expect(rows[0].text_body).toContain('/claim/prize');
    });
    const { rows } = await app.pool.query('SELECT count(*)::int AS n FROM instant_win_awards WHERE order_id = $1 AND notified_at IS NULL', [w.orderId]);
    expect(rows[0].n).toBe(0);
  });

  it('a win whose mail was lost with the instance that won it is told by the sweep, once; a fresh or a long-untold one is left', async () => {
    const w = await instantWinner(app.pool, base, 3);
    const to = await emailOf(w.buyer.customerId);
    const youWon = async () => (await app.pool.query(`SELECT subject FROM email_outbox WHERE to_address = $1 AND subject LIKE 'You won%' ORDER BY id`, [to])).rows.map((r) => r.subject);
    await eventually(async () => expect(await youWon()).toHaveLength(3));
    // As if the instance stopped between the order's commit and its mails: untold, and no mail.
    await app.pool.query('DELETE FROM email_outbox WHERE to_address = $1', [to]);
    const [lost, fresh, old] = w.instantWinIds;
    await app.pool.query('UPDATE instant_win_awards SET notified_at = NULL WHERE order_id = $1', [w.orderId]);
    await app.pool.query("UPDATE instant_win_awards SET won_at = now() - interval '3 minutes' WHERE id = $1", [lost]);
    await app.pool.query("UPDATE instant_win_awards SET won_at = now() - interval '30 seconds' WHERE id = $1", [fresh]);
    await app.pool.query("UPDATE instant_win_awards SET won_at = now() - interval '8 days' WHERE id = $1", [old]);
    const sweep = () => notifyForgottenWins({ pool: app.pool, mailer: createMailer(app.pool), siteUrl: 'http://localhost:3000' }, new Date());
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await youWon()).toEqual(['You won: £50 Cash #1']);
    const { rows } = await app.pool.query('SELECT id::int AS id FROM instant_win_awards WHERE order_id = $1 AND notified_at IS NULL ORDER BY id', [w.orderId]);
    expect(rows.map((r) => r.id)).toEqual([fresh, old].sort((a, b) => a! - b!));
  });

  it('never logs bank details', async () => {
    const lines: string[] = [];
    const logged = buildApp({ pool: app.pool, logLevel: 'info', logStream: { write: (l) => void lines.push(l) } });
    const errors = vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args.map(String).join(' ')));
    try {
      const w = await instantWinner(app.pool, base);
      const res = await logged.inject({
        method: 'POST', url: '/?rest_route=/api/v1/claim_prize', headers: { 'content-type': 'application/json' },
        payload: { token: w.buyer.token, win_kind: 'instant', win_id: w.instantWinIds[0], choice: 'cash', bank_details: { account_number: '99887766', sort_code: '554433' }, idempotency_key: randomUUID() },
      });
      expect(res.statusCode).toBe(200);
      const bad = await logged.inject({
        method: 'POST', url: '/?rest_route=/api/v1/claim_prize', headers: { 'content-type': 'application/json' },
        payload: { token: w.buyer.token, win_kind: 'instant', win_id: w.instantWinIds[0], choice: 'cash', bank_details: { account_number: '99887766x', sort_code: '554433' }, idempotency_key: randomUUID() },
      });
      expect(bad.statusCode).toBe(409);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toMatch(/99887766|554433/);
      expect(res.body).not.toMatch(/99887766|554433/);
    } finally {
      errors.mockRestore();
      await logged.close();
    }
  });

  it('the operator lists claims (bank masked) and moves them forward only; the account sees the state', async () => {
    const w = await instantWinner(app.pool, base);
    const c = await claim(base, w.buyer.token, { win_kind: 'instant', win_id: w.instantWinIds[0]!, choice: 'cash', bank_details: { account_number: '55556666', sort_code: '102030' } });
    const lines: string[] = [];
    const ctx = { pool: app.pool, out: (l: string) => void lines.push(l) };
    expect(await claimsCommand.run(['--state', 'received'], ctx)).toBe(0);
    const line = lines.find((l) => l.startsWith(`#${c.id} `));
    expect(line).toContain('as cash £50.00: pay to account ****6666');
    expect(lines.join('\n')).not.toMatch(/55556666|102030/);
    // Paying it: the one place the whole numbers are shown, one claim at a time.
    expect(await claimPayeeCommand.run(['--id', String(c.id), '--by', 'amy'], ctx)).toBe(0);
    expect(lines.at(-1)).toBe(`Claim ${c.id}: pay £50.00 to account 55556666, sort code 102030 (${await emailOf(w.buyer.customerId)}).`);
    // Who saw the whole numbers is in the audit log; the numbers are not.
    const seen = await app.pool.query("SELECT actor, after::text AS after FROM staff_audit_log WHERE action = 'claim.payee-view' AND subject = $1", [`claim #${c.id}`]);
    expect(seen.rows).toEqual([{ actor: 'cli:amy', after: '{"amount_pence": 5000}' }]);
    const other = await instantWinner(app.pool, base);
    const credit = await claim(base, other.buyer.token, { win_kind: 'instant', win_id: other.instantWinIds[0]!, choice: 'credit' });
    expect(await claimPayeeCommand.run(['--id', String(credit.id)], ctx)).toBe(1);
    expect(lines.at(-1)).toBe(`Claim ${credit.id} is credit, not cash: there is nothing to pay into.`);
    expect(await claimPayeeCommand.run(['--id', '999999'], ctx)).toBe(1);
    expect(await claimStateCommand.run(['--id', String(c.id), '--state', 'processing'], ctx)).toBe(0);
    const states = async () => (await apiRequest(accountCalls.getClaims, { token: w.buyer.token }, { baseUrl: base })).data.map((x) => x.state);
    expect(await states()).toEqual(['processing']);
    // A tracking reference goes with marking it sent, as in the back office (moveClaim), and is audited with it.
    await expect(claimStateCommand.run(['--id', String(c.id), '--state', 'processing', '--tracking', 'RM1'], ctx)).rejects.toThrow('--tracking goes with --state fulfilled');
    expect(await claimStateCommand.run(['--id', String(c.id), '--state', 'fulfilled', '--tracking', ' RM123456789GB ', '--by', 'amy'], ctx)).toBe(0);
    expect(lines.at(-1)).toBe(`Claim ${c.id} is now fulfilled, tracking reference RM123456789GB.`);
    expect((await app.pool.query('SELECT tracking_reference FROM prize_claims WHERE id = $1', [c.id])).rows[0].tracking_reference).toBe('RM123456789GB');
    const audited = await app.pool.query("SELECT actor, after FROM staff_audit_log WHERE action = 'claim.state' AND subject = $1 ORDER BY id", [`claim #${c.id}`]);
    expect(audited.rows.at(-1)).toEqual({ actor: 'cli:amy', after: { state: 'fulfilled', tracking_reference: 'RM123456789GB' } });
    expect(await claimStateCommand.run(['--id', String(c.id), '--state', 'processing'], ctx)).toBe(1);
    expect(lines.at(-1)).toBe(`Not changed: claim ${c.id} is already fulfilled.`);
    expect(await states()).toEqual(['fulfilled']);
    expect((await wins(w.buyer.token))[0]).toMatchObject({ claimed: true, claim_state: 'fulfilled' });
  });

  async function emailOf(customerId: number): Promise<string> {
    const { rows } = await app.pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customerId]);
    return rows[0]!.email;
  }
});
