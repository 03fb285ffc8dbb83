import { randomUUID } from 'node:crypto';
import { AGE_AND_LIMIT_ERRORS, DATE_OF_BIRTH_IN_FUTURE, DATE_OF_BIRTH_INVALID, DATE_OF_BIRTH_REQUIRED, LIMIT_CHOICE_REQUIRED, londonToday, sessionResponseSchema } from '@cgg/contracts/account';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, cardPayment, createCompetition, createCustomer } from '../store/store-fixtures.ts';
import { payCheckout, storeInject, type StoreClientState } from '../store/store-test-kit.ts';
import { buildApp } from '../app.ts';
import { accountTestApp, call } from './account-test-kit.ts';
import type { AgeVerifier } from './age-verifier.ts';
import { DETAILS_REFUSED_MESSAGE } from './break-elsewhere.ts';

/*
 * UK prize-draw code 1.1 (age) and 1.4 (limits at the door) through the API: sign-up, the
 * checkout's guard for accounts from before, and save_age_and_limit.
 */

const logs: string[] = [];
let t: Awaited<ReturnType<typeof accountTestApp>>;
beforeAll(async () => {
  t = await accountTestApp({ logs });
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
let n = 0;
const person = (over: Record<string, unknown> = {}) => ({
  first_name: 'Robin', last_name: 'Hale', email: `robin.${++n}.${randomUUID().slice(0, 8)}@example.co.uk`, password: 'Sherwood#2026x', over_18: true,
  date_of_birth: '1990-04-23', monthly_limit: null, ...over,
});
/** The London date `years` years (and `days` days) before the app's today. */
const yearsAgo = (years: number, days = 0) => dayjs(londonToday(t.clock.now())).subtract(years, 'year').add(days, 'day').format('YYYY-MM-DD');
/** Moves the app's clock to an instant. */
const setClock = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
const counts = async () =>
  (await t.pool.query<{ customers: number; mails: number; sessions: number }>(
    'SELECT (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM email_outbox) AS mails, (SELECT count(*)::int FROM customer_sessions) AS sessions',
  )).rows[0];

describe('sign-up asks the date of birth (1.1)', () => {
  it('accepts someone who turns 18 today and stores the date', async () => {
    setClock(new Date().toISOString());
    const res = await t.post('register', person({ date_of_birth: yearsAgo(18) }));
    expect(res.statusCode).toBe(200);
    const user = sessionResponseSchema.parse(res.json()).data;
    const { rows } = await t.pool.query('SELECT date_of_birth::text AS dob FROM customers WHERE id = $1', [user.id]);
    expect(rows[0].dob).toBe(yearsAgo(18));
  });

  it('refuses someone who turns 18 tomorrow, saying why and when they may come back, and keeps nothing: no row, mail, session or log line', async () => {
    const before = await counts();
    logs.length = 0;
    const kid = person({ date_of_birth: yearsAgo(18, 1), first_name: 'Kiddo' });
    const res = await t.post('register', kid);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: AGE_AND_LIMIT_ERRORS.under18, data: { params: { date_of_birth: body.message } }, success: false });
    expect(body.message).toContain('you need to be 18 or over to enter our prize draws');
    expect(body.message).toContain('We have not kept any of the details you entered');
    expect(body.message).toContain(dayjs(londonToday(t.clock.now())).add(1, 'day').format('D MMMM YYYY'));
    expect(await counts()).toEqual(before);
    expect((await t.pool.query('SELECT 1 FROM customers WHERE lower(email) = lower($1)', [kid.email])).rowCount).toBe(0);
    const logged = logs.join('\n');
    expect(logged).not.toContain(kid.email);
    expect(logged).not.toContain(kid.date_of_birth);
    expect(logged).not.toContain('Kiddo');
  });

  it('reads a 29 February birthday as 1 March in a year without one', async () => {
    setClock('2026-02-28T12:00:00Z');
    const leap = person({ date_of_birth: '2008-02-29' });
    const refused = await t.post('register', leap);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(AGE_AND_LIMIT_ERRORS.under18);
    expect(refused.json().message).toContain('from 1 March 2026, your 18th birthday');
    t.clock.advance(DAY);
    expect((await t.post('register', leap)).statusCode).toBe(200);
    // Midnight in London, not UTC: 23:30 UTC on 31 May (summer time) is already 1 June there.
    setClock('2026-05-31T23:30:00Z');
    expect((await t.post('register', person({ date_of_birth: '2008-06-01' }))).statusCode).toBe(200);
    setClock(new Date().toISOString());
  });

  it.each([
    [{ date_of_birth: undefined }, 'rest_invalid_param', DATE_OF_BIRTH_REQUIRED],
    [{ date_of_birth: '' }, 'rest_invalid_param', DATE_OF_BIRTH_REQUIRED],
    [{ date_of_birth: '1990-02-30' }, 'rest_invalid_param', DATE_OF_BIRTH_INVALID],
    [{ date_of_birth: '23/04/1990' }, 'rest_invalid_param', DATE_OF_BIRTH_INVALID],
    [{ date_of_birth: 'not a date' }, 'rest_invalid_param', DATE_OF_BIRTH_INVALID],
    [{ date_of_birth: '2999-01-01' }, 'rest_invalid_param', DATE_OF_BIRTH_IN_FUTURE],
    [{ date_of_birth: '1850-01-01' }, 'rest_invalid_param', 'Date of birth is more than 120 years ago. Please check the year.'],
  ])('refuses %o with a message naming the field, and writes nothing', async (over, code, message) => {
    const before = await counts();
    const res = await t.post('register', person(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, message, data: { params: { date_of_birth: message } } });
    expect(await counts()).toEqual(before);
  });

  it('refuses what an identity provider could not confirm (the AgeVerifier adapter), keeping nothing', async () => {
    const refusing: AgeVerifier = { name: 'test-provider', check: async () => ({ outcome: 'refused' }) };
    // The same database behind an app configured with that provider.
    const other = buildApp({ pool: t.pool, now: t.clock.now, ageVerifier: refusing });
    try {
      const before = await counts();
      const res = await other.inject({ method: 'POST', url: call('register'), headers: { 'content-type': 'application/json' }, payload: person() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: AGE_AND_LIMIT_ERRORS.ageNotVerified, data: { params: { date_of_birth: expect.stringContaining('could not confirm your age') } } });
      expect(await counts()).toEqual(before);
    } finally {
      await other.close();
    }
  });
});

describe('sign-up asks for a monthly spending limit (1.4)', () => {
  const choiceOf = async (id: number) =>
    (await t.pool.query('SELECT limit_choice_at, limit_choice_pence, limit_duration, limit_value_pence FROM customers WHERE id = $1', [id])).rows[0];

  it('records a limit (£0 allowed) with its time, sets it as the monthly limit, and shows it on responsible_play', async () => {
    for (const [amount, pence] of [['20', 2000], ['0', 0]] as const) {
      const res = await t.post('register', person({ monthly_limit: amount }));
      expect(res.statusCode).toBe(200);
      const user = res.json().data;
      expect(user).toMatchObject({ limit_duration: 'month', limit_value: (pence / 100).toFixed(2) });
      expect(await choiceOf(user.id)).toEqual({ limit_choice_at: t.clock.now(), limit_choice_pence: pence, limit_duration: 'month', limit_value_pence: pence });
      const play = (await t.post('responsible_play', { token: user.token })).json().data;
      expect(play.limit_choice).toEqual({ monthly_limit: (pence / 100).toFixed(2), chosen_at: t.clock.now().toISOString() });
    }
  });

  it('records an explicit "no limit" with its time, and sets none', async () => {
    const user = (await t.post('register', person({ monthly_limit: null }))).json().data;
    expect(await choiceOf(user.id)).toEqual({ limit_choice_at: t.clock.now(), limit_choice_pence: null, limit_duration: null, limit_value_pence: null });
    const play = (await t.post('responsible_play', { token: user.token })).json().data;
    expect(play.limit_choice).toEqual({ monthly_limit: null, chosen_at: t.clock.now().toISOString() });
  });

  it('refuses a sign-up that leaves the question unanswered or gives a bad amount, writing nothing', async () => {
    const before = await counts();
    const unanswered = await t.post('register', person({ monthly_limit: undefined }));
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json()).toMatchObject({ message: LIMIT_CHOICE_REQUIRED, data: { params: { monthly_limit: LIMIT_CHOICE_REQUIRED } } });
    const bad = await t.post('register', person({ monthly_limit: '12.345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: { params: { monthly_limit: 'Enter an amount in pounds, e.g. 50 or 50.00' } } });
    expect(await counts()).toEqual(before);
  });
});

describe('an account from before is asked at its next purchase', () => {
  async function basket(who: { token: string }) {
    const c = await createCompetition(t.pool, { pricePence: 100 });
    const state: StoreClientState = { bearer: who.token };
    await storeInject(t.app, state, 'GET', '/cart');
    expect((await storeInject(t.app, state, 'POST', '/cart/add-item', { id: c.productId, quantity: 1 })).status).toBe(200);
    return state;
  }
  const checkout = (state: StoreClientState) =>
    payCheckout(t.app, state, { billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }, { 'idempotency-key': randomUUID() });
  const save = (token: string, body: Record<string, unknown>) => t.post('save_age_and_limit', { token, ...body });

  it('refuses the checkout until the date of birth and the limit choice are given, then takes the order', async () => {
    const older = await createCustomer(t.pool, { olderAccount: true });
    const state = await basket(older);
    const first = await checkout(state);
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ code: AGE_AND_LIMIT_ERRORS.dateOfBirthRequired, data: { needs: ['date_of_birth', 'monthly_limit'] } });
    expect(first.body.message).toContain('date of birth');

    // Under 18: refused, and the date is not kept.
    const young = await save(older.token, { date_of_birth: yearsAgo(18, 1) });
    expect(young.statusCode).toBe(400);
    expect(young.json()).toMatchObject({ code: AGE_AND_LIMIT_ERRORS.under18, data: { params: { date_of_birth: expect.stringContaining('we cannot take this order') } } });
    const saved = await save(older.token, { date_of_birth: '1979-12-01' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, data: { needs: ['monthly_limit'] } });
    expect((await save(older.token, { date_of_birth: '1980-01-01' })).json().code).toBe('cgg_date_of_birth_already_given');

    const second = await checkout(state);
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: AGE_AND_LIMIT_ERRORS.limitChoiceRequired, data: { needs: ['monthly_limit'] } });
    expect(second.body.message).toContain('£0 included');

    const chose = await save(older.token, { monthly_limit: '5' });
    expect(chose.json()).toMatchObject({ success: true, data: { needs: [] } });
    const { rows } = await t.pool.query('SELECT date_of_birth::text AS dob, limit_choice_pence, limit_choice_at, limit_duration, limit_value_pence FROM customers WHERE id = $1', [older.id]);
    expect(rows[0]).toEqual({ dob: '1979-12-01', limit_choice_pence: 500, limit_choice_at: t.clock.now(), limit_duration: 'month', limit_value_pence: 500 });
    expect((await save(older.token, { monthly_limit: null })).json().code).toBe('cgg_limit_already_chosen');

    const third = await checkout(state);
    expect(third.status).toBe(200);
  });

  it('takes both answers at once, and "no limit" leaves no limit', async () => {
    const older = await createCustomer(t.pool, { olderAccount: true });
    const state = await basket(older);
    expect((await checkout(state)).status).toBe(403);
    const both = await save(older.token, { date_of_birth: '1990-04-23', monthly_limit: null });
    expect(both.json()).toMatchObject({ data: { needs: [] } });
    expect((await checkout(state)).status).toBe(200);
    const { rows } = await t.pool.query('SELECT limit_choice_at IS NOT NULL AS chose, limit_duration FROM customers WHERE id = $1', [older.id]);
    expect(rows[0]).toEqual({ chose: true, limit_duration: null });
  });

  it('does not ask for a limit when the customer already set one on the responsible gaming screen', async () => {
    const older = await createCustomer(t.pool, { olderAccount: true, limitPence: 10_000 });
    const state = await basket(older);
    const res = await checkout(state);
    expect(res.body).toMatchObject({ code: AGE_AND_LIMIT_ERRORS.dateOfBirthRequired, data: { needs: ['date_of_birth'] } });
    expect((await save(older.token, { monthly_limit: '500' })).json().code).toBe('cgg_limit_already_chosen');
  });

  it('refuses an empty save naming the field', async () => {
    const older = await createCustomer(t.pool, { olderAccount: true });
    const res = await save(older.token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { params: { date_of_birth: expect.stringContaining('Nothing to save') } } });
  });
});

describe('a break is not undone by another account (1.5)', () => {
  const billingDetails = {
    billing_first_name: 'Nell', billing_last_name: 'Gwynne', billing_email: 'nell@cgg.test', billing_phone: '07700 900123',
    billing_address_1: '12', billing_address_2: 'Market Street', billing_city: 'Manchester', billing_postcode: 'M1 1AB', billing_state: '',
  };
  it('refuses a sign-up, or a date of birth given later, matching an account on a break or closed by name and date of birth; nothing is kept', async () => {
    // createCustomer's customers are born on 1990-04-23.
    const onBreak = await createCustomer(t.pool, { first: 'Nell', last: 'Gwynne', lockedUntil: new Date(t.clock.now().getTime() + 7 * DAY) });
    const before = await counts();
    // Another address, the name in other case and spacing: still the same person.
    const again = await t.post('register', person({ first_name: ' nell ', last_name: 'GWYNNE', date_of_birth: '1990-04-23' }));
    expect(again.statusCode).toBe(403);
    // Said without why: a sign-up must not tell someone who knows a name and birthday that that person took a break.
    expect(again.json()).toMatchObject({ code: 'cgg_details_refused', message: DETAILS_REFUSED_MESSAGE });
    expect(again.json().message).not.toMatch(/break|closed/);
    expect(await counts()).toEqual(before);
    // Someone else of that name, born another day, is welcome.
    expect((await t.post('register', person({ first_name: 'Nell', last_name: 'Gwynne', date_of_birth: '1991-02-02' }))).statusCode).toBe(200);

    // An account from before giving its date of birth at its next purchase is asked the same.
    const older = await createCustomer(t.pool, { first: 'Nell', last: 'Gwynne', olderAccount: true });
    const refused = await t.post('save_age_and_limit', { token: older.token, date_of_birth: '1990-04-23' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('cgg_details_refused');
    expect((await t.pool.query('SELECT date_of_birth FROM customers WHERE id = $1', [older.id])).rows[0].date_of_birth).toBeNull();

    // Once the break is over, it is taken.
    await t.pool.query('UPDATE customers SET locked_until = $2 WHERE id = $1', [onBreak.id, new Date(t.clock.now().getTime() - DAY)]);
    expect((await t.post('save_age_and_limit', { token: older.token, date_of_birth: '1990-04-23' })).statusCode).toBe(200);
    // A closed account holds for good.
    await t.pool.query('UPDATE customers SET lock_permanent = true WHERE id = $1', [onBreak.id]);
    expect((await t.post('register', person({ first_name: 'Nell', last_name: 'Gwynne', date_of_birth: '1990-04-23' }))).json().code).toBe('cgg_details_refused');
    // Nor can an account of another name take that name afterwards.
    const renamed = await createCustomer(t.pool, { first: 'Rob', last: 'Gwynne' });
    const rename = await t.post('update_user_details', { token: renamed.token, first_name: 'Nell', last_name: 'Gwynne', ...billingDetails });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().code).toBe('cgg_details_refused');
    expect((await t.pool.query('SELECT first_name FROM customers WHERE id = $1', [renamed.id])).rows[0].first_name).toBe('Rob');
  });

  it('never matches a blank name: an account from before with none is not refused for another blank-named account on a break', async () => {
    await createCustomer(t.pool, { first: '', last: '', lockedUntil: new Date(t.clock.now().getTime() + 7 * DAY) });
    const older = await createCustomer(t.pool, { first: '', last: '', olderAccount: true });
    expect((await t.post('save_age_and_limit', { token: older.token, date_of_birth: '1990-04-23' })).statusCode).toBe(200);
  });
});
