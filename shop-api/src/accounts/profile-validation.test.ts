import { PASSWORD_RULE_MESSAGE } from '@cgg/contracts/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBankDetails } from './bank-details-at-rest.ts';
import { accountTestApp, call, DEMO } from './account-test-kit.ts';

const logs: string[] = [];
let t: Awaited<ReturnType<typeof accountTestApp>>;
let token: string;
beforeAll(async () => {
  t = await accountTestApp({ logs });
  token = await t.login(DEMO);
});
afterAll(() => t.close());

const customerRow = async () => (await t.pool.query("SELECT * FROM customers WHERE email = 'demo@cgg.test'")).rows[0];
/** The saved bank details, decrypted (they are encrypted at rest). */
const savedBank = async () => openBankDetails(await customerRow());

/** A refused save: 400, the spec's text as message and error, and no change to the customer. */
async function expectRefused(name: string, payload: object, message: string): Promise<void> {
  const before = await customerRow();
  const res = await t.post(name, { token, ...payload });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: message, message, data: { status: 400 } });
  expect(await customerRow()).toEqual(before);
}

describe('updateProfile validation (spec section 5)', () => {
  const valid = {
    account_first_name: 'Jamie', account_last_name: 'Taylor', account_display_name: 'Jamie Taylor', account_email: DEMO.email,
    password_current: '', password_1: '', password_2: '',
  };
  it.each([
    [{ account_first_name: '' }, 'All feilds are required'],
    [{ account_last_name: ' ' }, 'All feilds are required'],
    [{ account_email: '' }, 'Email address is required.'],
    [{ account_email: 'jamie@' }, 'Email address is invalid.'],
    [{ password_current: DEMO.password }, 'Please Fill all password fields.'],
    [{ password_current: DEMO.password, password_1: 'Good!Pass20261' }, 'Please Fill all password fields.'],
    [{ password_current: DEMO.password, password_1: 'weakpass', password_2: 'weakpass' }, PASSWORD_RULE_MESSAGE],
    [{ password_current: DEMO.password, password_1: 'Good!Pass20261', password_2: 'Good!Pass20262' }, 'New password and Confirm password do not match.'],
    [{ password_current: 'Not!MyPass2026', password_1: 'Good!Pass20261', password_2: 'Good!Pass20261' }, 'Your current password is incorrect.'],
  ])('%o -> %s', async (over, message) => {
    await expectRefused('updateProfile', { ...valid, ...over }, message);
  });
});

describe('update_user_details validation (billing form)', () => {
  const valid = {
    first_name: 'Jamie', last_name: 'Taylor', billing_first_name: 'Jamie', billing_last_name: 'Taylor', billing_email: 'j@cgg.test',
    billing_phone: '0161 496 0000', billing_address_1: '12', billing_address_2: 'Market Street', billing_city: 'Manchester',
    billing_postcode: 'M1 1AB', billing_state: '',
  };
  it.each([
    ['billing_first_name', '', 'First Name is required.'],
    ['billing_last_name', '', 'Last Name is required.'],
    ['billing_email', '', 'Email address is required.'],
    ['billing_email', 'nope', 'Email address is invalid.'],
    ['billing_phone', '', 'Phone No. is required.'],
    ['billing_address_1', '', 'House Name/No. is required.'],
    ['billing_address_2', '', 'Street Address is required.'],
    ['billing_city', '', 'Town/City is required.'],
    ['billing_postcode', '', 'Postcode is required.'],
    ['billing_phone', '12', 'Phone No. is invalid.'],
    ['billing_postcode', 'NOT A POSTCODE!!', 'Postcode is invalid.'],
  ])('%s = %j -> %s', async (field, value, message) => {
    await expectRefused('update_user_details', { ...valid, [field]: value }, message);
  });

  it('reports the first failing field in form order', async () => {
    await expectRefused('update_user_details', { ...valid, billing_city: '', billing_phone: '' }, 'Phone No. is required.');
  });

  it('county is optional', async () => {
    expect((await t.post('update_user_details', { token, ...valid })).statusCode).toBe(200);
  });
});

describe('get_bank_details: GET query string (spec) and POST body', () => {
  it('saves from the GET query string and from a POST body', async () => {
    const get = await t.app.inject({ method: 'GET', url: `${call('get_bank_details')}&token=${token}&account_number=87654321&sort_code=401122` });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ success: true, data: { account_number: '87654321', sort_code: '401122' } });
    expect(await savedBank()).toEqual({ account_number: '87654321', sort_code: '401122' });
    const post = await t.post('get_bank_details', { token, account_number: '11112222', sort_code: '123' });
    expect(post.statusCode).toBe(200);
    expect(await savedBank()).toEqual({ account_number: '11112222', sort_code: '123' });
    const bearer = await t.app.inject({ method: 'GET', url: `${call('get_bank_details')}&account_number=33334444&sort_code=123456`, headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
  });

  it.each([
    [{ account_number: '' }, 'Account Number is required.'],
    [{ account_number: '1234-5678' }, 'Account Number must contain only numbers.'],
    [{ sort_code: '' }, 'Sort Code is required.'],
    [{ sort_code: '12' }, 'Sort Code must be 6 digits.'],
    [{ sort_code: '1234567' }, 'Sort Code must be 6 digits.'],
    [{ sort_code: '12-34' }, 'Sort Code must be 6 digits.'],
  ])('%o -> %s (GET and POST)', async (over, message) => {
    const payload = { account_number: '12345678', sort_code: '112233', ...over };
    await expectRefused('get_bank_details', payload, message);
    const before = await customerRow();
    const query = new URLSearchParams({ token, ...payload }).toString();
    const res = await t.app.inject({ method: 'GET', url: `${call('get_bank_details')}&${query}` });
    expect(res.json()).toMatchObject({ success: false, error: message });
    expect(await customerRow()).toEqual(before);
  });

  it('never logs the token or bank details of the query string', async () => {
    logs.length = 0;
    await t.app.inject({ method: 'GET', url: `${call('get_bank_details')}&token=${token}&account_number=55556666&sort_code=778899` });
    await t.app.inject({ method: 'GET', url: `${call('get_bank_details')}&token=${token}&account_number=bad&sort_code=778899` });
    const text = logs.join('\n');
    expect(text).toContain('get_bank_details'); // the capture works: the request was logged
    expect(text).toContain('[redacted]');
    for (const secret of [token, '55556666', '778899']) expect(text).not.toContain(secret);
  });
});
