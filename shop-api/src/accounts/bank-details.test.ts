import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTestApp, DEMO, SAM } from './account-test-kit.ts';

let t: Awaited<ReturnType<typeof accountTestApp>>;
beforeAll(async () => {
  t = await accountTestApp();
});
afterAll(() => t?.close());

/** Every bank detail the database holds, as stored. */
async function storedBankDetails(): Promise<string[]> {
  const { rows } = await t.pool.query<{ v: string }>(
    `SELECT v FROM (SELECT account_number AS v FROM customers UNION ALL SELECT sort_code FROM customers
       UNION ALL SELECT bank_account_number FROM prize_claims UNION ALL SELECT bank_sort_code FROM prize_claims) s WHERE v IS NOT NULL AND v <> ''`,
  );
  return rows.map((r) => r.v);
}

describe('bank details: encrypted at rest, whole only where the form shows them', () => {
  it('the database holds no plain bank detail (the seed\'s and a saved one)', async () => {
    const token = await t.login(SAM);
    const saved = await t.post('get_bank_details', { token, account_number: '24681357', sort_code: '204060' });
    // The form that saved them shows what it saved.
    expect(saved.json()).toEqual({ success: true, data: { account_number: '24681357', sort_code: '204060' } });
    const stored = await storedBankDetails();
    expect(stored.length).toBeGreaterThanOrEqual(4);
    for (const value of stored) expect(value).toMatch(/^enc:v1:[A-Za-z0-9+/]+=*$/);
    expect(stored.join(' ')).not.toMatch(/24681357|204060|1234567\d|112233/);
  });

  it('sign-in, check-auth, get_user_details and the profile saves answer them masked', async () => {
    const masked = { account_number: '****5670', sort_code: '****33' };
    const login = await t.post('login', DEMO);
    expect(login.json().data).toMatchObject(masked);
    const token = login.json().data.token as string;
    const checked = await t.post('check-auth', { token });
    expect(checked.json().data).toMatchObject(masked);
    const fresh = checked.json().data.token as string;
    expect((await t.post('get_user_details', { token: fresh })).json().data).toMatchObject(masked);
    const profile = await t.post('updateProfile', {
      token: fresh, account_first_name: 'Jamie', account_last_name: 'Taylor', account_display_name: '', account_email: DEMO.email,
      password_current: '', password_1: '', password_2: '',
    });
    expect(profile.json().data).toMatchObject(masked);
  });

  it('bank_details answers the whole numbers to their owner only, and nothing without a session', async () => {
    const demo = await t.login(DEMO);
    expect((await t.post('bank_details', { token: demo })).json()).toEqual({ success: true, data: { account_number: '12345670', sort_code: '112233' } });
    const sam = await t.login(SAM);
    expect((await t.post('bank_details', { token: sam })).json().data).toEqual({ account_number: '24681357', sort_code: '204060' });
    const visitor = await t.post('bank_details', {});
    expect(visitor.statusCode).toBeGreaterThanOrEqual(400);
    expect(visitor.statusCode).toBeLessThan(500);
    expect(visitor.body).not.toMatch(/12345670|24681357/);
  });
});
