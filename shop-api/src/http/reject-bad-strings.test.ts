import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTestApp, call, DEMO } from '../accounts/account-test-kit.ts';
import { storeInject, storePath, type StoreClientState } from '../store/store-test-kit.ts';
import { databaseDigest } from '../test/database-digest.ts';
import { findBadString, NUL_REASON, SURROGATE_REASON } from './reject-bad-strings.ts';

const NUL = '\u0000';
const LONE = '\uD800';

describe('findBadString', () => {
  it('names the first bad value or key anywhere in a payload, and passes good text (emoji included)', () => {
    expect(findBadString({ name: 'Jamie 🎉 Ünïcödé', tags: ['a', 'b'], n: 3, ok: true, none: null })).toBeNull();
    expect(findBadString({ email: `a${NUL}@b.c` })).toEqual({ field: 'email', reason: NUL_REASON });
    expect(findBadString({ billing_address: { city: `x${LONE}` } })).toEqual({ field: 'billing_address.city', reason: SURROGATE_REASON });
    expect(findBadString({ payment_data: [{ key: 'a', value: 'b' }, { key: 'c', value: '\uDC00x' }] })).toEqual({
      field: 'payment_data[1].value',
      reason: SURROGATE_REASON,
    });
    expect(findBadString({ [`k${NUL}`]: 1 })).toEqual({ field: 'k\\u0000', reason: NUL_REASON });
    expect(findBadString({ a: `${NUL}`, b: `${NUL}` })?.field).toBe('a');
    expect(findBadString(`x${NUL}`)).toEqual({ field: 'body', reason: NUL_REASON });
    // A pair in the wrong order is two lone halves.
    expect(findBadString({ s: '\uDE00\uD83D' })?.reason).toBe(SURROGATE_REASON);
  });

  it('walks a payload nested deeper than the call stack', () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadString(deep)?.reason).toBe(NUL_REASON);
  });
});

describe('NUL bytes and invalid Unicode in requests: 400 naming the field, before any handler, nothing written', () => {
  let t: Awaited<ReturnType<typeof accountTestApp>>;
  let token: string;
  let store: StoreClientState;
  beforeAll(async () => {
    t = await accountTestApp();
    token = await t.login(DEMO);
    store = { bearer: token };
    await storeInject(t.app, store, 'GET', '/cart');
  });
  afterAll(() => t.close());

  const details = (first: string) => ({
    first_name: first, last_name: 'Taylor', billing_first_name: 'Jamie', billing_last_name: 'Taylor', billing_email: 'demo@cgg.test',
    billing_phone: '07700900123', billing_address_1: '1 High St', billing_address_2: 'Flat 2', billing_city: 'Leeds', billing_postcode: 'LS1 1AA', billing_state: '',
  });
  const callsWithBadField: Array<[call: string, payload: () => Record<string, unknown>, field: string]> = [
    ['getSEOSettings', () => ({ page: `home${NUL}` }), 'page'],
    ['competition', () => ({ category: `cars${NUL}` }), 'category'],
    ['login', () => ({ email: `demo@cgg.test${NUL}`, password: DEMO.password }), 'email'],
    ['forgot_password', () => ({ email: `demo${NUL}@cgg.test` }), 'email'],
    ['register', () => ({ first_name: 'Al', last_name: `B${NUL}`, email: 'al@cgg.test', password: 'Al!Pass202611', over_18: true, date_of_birth: '1990-04-23', monthly_limit: null }), 'last_name'],
    ['update_user_details', () => ({ token, ...details(`Jamie${NUL}`) }), 'first_name'],
    ['updateProfile', () => ({
      token, account_first_name: 'Jamie', account_last_name: 'Taylor', account_display_name: `J${NUL}`, account_email: 'demo@cgg.test',
      password_current: '', password_1: '', password_2: '',
    }), 'account_display_name'],
    ['contact_us', () => ({ name: 'Al', email: 'al@cgg.test', subject: `Hi${NUL}`, message: 'A message long enough to send.' }), 'subject'],
    ['login', () => ({ email: `demo${LONE}@cgg.test`, password: DEMO.password }), 'email'],
    ['contact_us', () => ({ name: 'Al', email: 'al@cgg.test', subject: 'Hi', message: `A message long enough ${LONE} to send.` }), 'message'],
  ];

  for (const [name, payload, field] of callsWithBadField) {
    it(`${name}: ${JSON.stringify(payload()[field]).slice(1, -1)} in ${field}`, async () => {
      const before = await databaseDigest(t.pool);
      const res = await t.post(name, payload());
      expect(res.statusCode).toBe(400);
      const reason = payload()[field]!.toString().includes(NUL) ? NUL_REASON : SURROGATE_REASON;
      expect(res.json()).toEqual({
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${field}`,
        data: { status: 400, params: { [field]: reason } },
      });
      expect(await databaseDigest(t.pool)).toEqual(before);
    });
  }

  const storeCalls: Array<[route: string, payload: Record<string, unknown>, field: string]> = [
    ['/cart/remove-item', { key: `0123456789abcdef0123456789abcde${NUL}` }, 'key'],
    ['/cart/apply-coupon', { code: `SAVE${NUL}` }, 'code'],
    ['/cart/remove-coupon', { code: `SAVE${LONE}` }, 'code'],
    ['/cart/add-item', { id: 5001, quantity: 1, nonce: `x${NUL}` }, 'nonce'],
  ];
  for (const [route, payload, field] of storeCalls) {
    it(`Store ${route}: bad ${field}`, async () => {
      const before = await databaseDigest(t.pool);
      const res = await storeInject(t.app, { ...store }, 'POST', route, payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { [field]: expect.any(String) } } });
      expect(await databaseDigest(t.pool)).toEqual(before);
    });
  }

  it('in the query string (both addresses, the route name included) and a nested body field', async () => {
    const chat = await t.app.inject({ method: 'GET', url: `${call('chat_messages')}&before=1%00` });
    expect(chat.statusCode).toBe(400);
    expect(chat.json().data.params).toEqual({ before: NUL_REASON });
    const wpJson = await t.app.inject({ method: 'GET', url: '/wp-json/api/v1/chat_messages?before=%ED%A0%80' });
    // Not a surrogate once decoded (invalid UTF-8 decodes to U+FFFD or stays escaped): an ordinary answer, never a 500.
    expect(wpJson.statusCode).toBeLessThan(500);
    const route = await t.app.inject({ method: 'GET', url: '/?rest_route=/api/v1/getsettings%00' });
    expect(route.statusCode).toBe(400);
    expect(route.json().data.params).toEqual({ rest_route: NUL_REASON });
    const checkout = await storeInject(t.app, { ...store }, 'POST', '/checkout', { billing_address: { city: `L${NUL}` } }, { 'idempotency-key': 'abcdefgh1234' });
    expect(checkout.body.data.params).toEqual({ 'billing_address.city': NUL_REASON });
  });

  it('a JSON key holding a NUL is named, escaped', async () => {
    const res = await t.app.inject({ method: 'POST', url: storePath('/cart/apply-coupon'), headers: { 'content-type': 'application/json' }, payload: '{"co\\u0000de": "X"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params).toEqual({ 'co\\u0000de': NUL_REASON });
  });
});
