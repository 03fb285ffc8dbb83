import { randomUUID } from 'node:crypto';
import { SITE_BEARER } from '@cgg/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { inTransaction } from '../accounts/queryable.ts';
import { createSession } from '../accounts/sessions.ts';
import { createStaff } from '../staff/staff-accounts.ts';
import { createStaffSession } from '../staff/staff-sessions.ts';
import { hashSecret } from '../accounts/tokens.ts';
import { instantWinner, type Winner } from '../claims/claims-test-kit.ts';
import { newBuyer, type Buyer } from '../store/race-harness.ts';
import { billing, cardPayment, createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { API_PREFIX } from './rest-addressing.ts';
import { routeTable, type RouteDeclaration, type RouteName } from './route-table.ts';

/*
 * Every declared route, called by a visitor, by a customer, and by another customer,
 * with the first customer's own resources in the payload (their order, their win).
 * What each may do comes from the declaration alone: a visitor gets 401 on every
 * `customer` route and is served on every `anyone` route; a customer is served
 * everywhere; another customer is served, but never with the first one's data.
 */

type CallerName = 'visitor' | 'customer' | 'other customer' | 'staff admin' | 'staff operator' | 'staff support';

interface Fixtures {
  admin: { id: number; email: string; recoveryCodes: string[] };
  operator: { id: number };
  support: { id: number };
  owner: Winner;
  other: Buyer;
  openProductId: number;
  openCompetitionId: number;
  drawnCompetitionId: number;
  complaintId: number;
}

interface Sample {
  /** JSON body (POST, DELETE) or query string (GET); the caller's credential is added by the test. */
  payload?: (f: Fixtures, caller: CallerName) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Text of the first customer's own data: in their answer, never in the other customer's. */
  ownData?: (f: Fixtures) => string;
  /** The payload names the first customer's resource: the other customer is refused (403 or 404). */
  othersRefused?: true;
  /** The basket needs a line first (checkout). */
  withBasketLine?: boolean;
}

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
let f: Fixtures;

/** One line per request under the caller's name, so each single-use secret is fresh. */
async function oneTimeCode(table: 'login_as_user_codes' | 'password_reset_keys', customerId: number): Promise<string> {
  const code = randomUUID();
  if (table === 'login_as_user_codes') {
    await pool.query(`INSERT INTO login_as_user_codes (customer_id, code_hash, issued_by, issued_at, expires_at) VALUES ($1, $2, 'route-access test', now(), now() + interval '5 minutes')`, [customerId, hashSecret(code)]);
  } else {
    await pool.query(`INSERT INTO password_reset_keys (customer_id, key_hash, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`, [customerId, hashSecret(code)]);
  }
  return code;
}

async function emailOf(customerId: number): Promise<string> {
  return (await pool.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customerId])).rows[0]!.email;
}

const PASSWORD = 'Route!Access2026';
const details = {
  first_name: 'Jamie', last_name: 'Taylor', billing_first_name: 'Jamie', billing_last_name: 'Taylor', billing_email: 'jamie@cgg.test',
  billing_phone: '07700900123', billing_address_1: '12 Market Street', billing_address_2: 'Flat 2', billing_city: 'Manchester', billing_postcode: 'M1 1AB', billing_state: '',
};

const samples: Record<RouteName, Sample> = {
  getSEOSettings: { payload: () => ({ page: 'home' }) },
  getsettings: {},
  winnersSummary: {},
  howItWorks: {},
  competition: { payload: () => ({ limit: 2 }) },
  featuredCompetition: { payload: () => ({}) },
  drawnNextCompetition: { payload: () => ({}) },
  finishedSoldoutCompetition: { payload: () => ({}) },
  getcompetition: { payload: (fx) => ({ id: fx.openCompetitionId }) },
  getOtherComps: { payload: (fx) => ({ id: fx.openCompetitionId }) },
  checkAuth: { payload: () => ({}), ownData: (fx) => `"id":${fx.owner.buyer.customerId},` },
  updateProfile: {
    payload: async (fx, caller) => {
      const id = caller === 'other customer' ? fx.other.customerId : fx.owner.buyer.customerId;
      return { account_first_name: 'Jamie', account_last_name: 'Taylor', account_display_name: 'Jamie T', account_email: await emailOf(id), password_current: '', password_1: '', password_2: '' };
    },
  },
  getUserDetails: { payload: () => ({}), ownData: (fx) => `"id":${fx.owner.buyer.customerId},` },
  updateUserDetails: { payload: () => details },
  points: { payload: () => ({}) },
  getCoupons: { payload: () => ({}) },
  orders: { payload: () => ({ page: 1, limit: 10 }), ownData: (fx) => `"order_id_":${fx.owner.orderId},` },
  orderDetail: { payload: (fx) => ({ id: fx.owner.orderId }), othersRefused: true },
  getPurchasedCompetition: { payload: () => ({}), ownData: (fx) => `"competition_id":${fx.owner.competitionId},` },
  bankDetails: { payload: () => ({}), ownData: () => '12345678' },
  getBankDetails: { payload: () => ({ account_number: '12345678', sort_code: '112233' }) },
  saveBankDetails: { payload: () => ({ account_number: '12345678', sort_code: '112233' }) },
  register: { payload: () => ({ first_name: 'New', last_name: 'Person', email: `new-${randomUUID()}@cgg.test`, password: PASSWORD, over_18: true, date_of_birth: '1990-04-23', monthly_limit: null }) },
  login: { payload: async (fx) => ({ email: await emailOf(fx.owner.buyer.customerId), password: PASSWORD }) },
  logout: { payload: () => ({}) },
  forgotPassword: { payload: () => ({ email: 'nobody@cgg.test' }) },
  checkResetKey: {
    payload: async (fx) => ({ key: await oneTimeCode('password_reset_keys', fx.owner.buyer.customerId), login: await emailOf(fx.owner.buyer.customerId) }),
  },
  resetPassword: {
    payload: async (fx) => ({ key: await oneTimeCode('password_reset_keys', fx.owner.buyer.customerId), login: await emailOf(fx.owner.buyer.customerId), password: PASSWORD }),
  },
  loginAsUser: { payload: async (fx) => ({ code: await oneTimeCode('login_as_user_codes', fx.owner.buyer.customerId) }) },
  responsiblePlay: { payload: () => ({}) },
  updateResponsiblePlay: { payload: () => ({ limit_duration: 'month', limit_value: '500.00' }) },
  // The customers here have both already: 400 (already given) for them, 401 for a visitor.
  saveAgeAndLimit: { payload: () => ({ date_of_birth: '1990-04-23', monthly_limit: null }) },
  getFaqs: {},
  getLegalTerms: {},
  getFreePostalRoute: {},
  fileComplaint: { payload: () => ({ name: 'Jamie', email: 'jamie@cgg.test', category: 'prize', details: 'My prize has not arrived after three weeks.' }) },
  contactUs: { payload: () => ({ name: 'Jamie', email: 'jamie@cgg.test', subject: 'Hello', message: 'A question about my tickets, please.' }) },
  chatMessages: { payload: () => ({}) },
  chatPost: { payload: () => ({ message: 'Good luck everyone' }) },
  drawResults: { payload: () => ({}) },
  drawProof: { payload: (fx) => ({ id: fx.drawnCompetitionId }) },
  winnersList: { payload: () => ({}) },
  getUnclaimedPrizes: { payload: () => ({}), ownData: (fx) => `"win_id":${fx.owner.instantWinIds[0]},` },
  claimPrize: {
    payload: (fx) => ({ win_kind: 'instant', win_id: fx.owner.instantWinIds[0], choice: 'credit', idempotency_key: randomUUID() }),
    othersRefused: true,
  },
  getClaims: { payload: () => ({}), ownData: (fx) => `"win_id":${fx.owner.instantWinIds[0]},` },
  storeCart: {},
  storeCartItems: {},
  storeAddItem: { payload: (fx) => ({ id: fx.openProductId, quantity: 1 }) },
  storeUpdateItem: { withBasketLine: true, payload: () => ({ key: 'LINE', quantity: 2 }) },
  storeRemoveItem: { withBasketLine: true, payload: () => ({ key: 'LINE' }) },
  storeEmptyCart: {},
  storeApplyCoupon: { payload: () => ({ code: 'NO-SUCH-COUPON' }) },
  storeRemoveCoupon: { payload: () => ({ code: 'NO-SUCH-COUPON' }) },
  storeCheckout: { withBasketLine: true, payload: () => ({ billing_address: billing, payment_method: 'cgg-card', payment_data: cardPayment() }) },
  // No such order for anyone: access is what is checked here (checkout.test.ts pays and returns).
  storeCheckoutReturn: { payload: () => ({ order_id: 2_000_000_000, order_key: 'wc_order_none' }) },
  storePaymentConfig: {},
  storeHeldOrder: {},
  // No such order for anyone: access is what is checked here (held-order.test.ts holds and cancels).
  storeCancelHeldOrder: { payload: () => ({ order_id: 2_000_000_000, order_key: 'wc_order_none' }) },
  chatStream: {},
  drawEntries: { payload: (fx) => ({ id: String(fx.drawnCompetitionId) }) },
  staffLogin: { payload: (fx) => ({ email: fx.admin.email, password: STAFF_PASSWORD }) },
  staffSecondFactor: {
    // A fresh first step each time, finished with one of the admin's recovery codes (each works once).
    payload: async (fx) => {
      const login = await app.inject({ method: 'POST', url: `${API_PREFIX}/api/v1/staff/login`, payload: { email: fx.admin.email, password: STAFF_PASSWORD } });
      return { token: login.json().data.token, recovery_code: fx.admin.recoveryCodes.pop() };
    },
  },
  // No such link: access is what is checked here (staff-auth.test.ts sets one with a mailed link).
  staffSetPassword: { payload: () => ({ key: 'no-such-link-key', password: 'Route-Test-Pass-2026' }) },
  staffMe: { payload: () => ({}) },
  staffLogout: { payload: () => ({}) },
  staffCreate: { payload: () => ({ email: `staff-${randomUUID()}@cgg.test`, name: 'New Operator', role: 'operator', password: STAFF_PASSWORD }) },
  staffList: { payload: () => ({}) },
  // A wrong current password: access is what is checked here, nothing changes (staff-auth.test.ts changes one).
  staffChangePassword: { payload: () => ({ current_password: 'not-their-password', new_password: 'Route-Test-Pass-2026' }) },
  staffUpdate: { payload: (fx) => ({ id: fx.support.id, refund_limit: '5.00' }) },
  // No such member: access is what is checked here (staff-auth.test.ts resets one).
  staffResetSignIn: { payload: () => ({ id: 2_000_000_000, password: 'Route-Test-Pass-2026' }) },
  staffRefundOrder: { payload: (fx) => ({ order_id: fx.owner.orderId, amount: '0.01', reason: 'Route test', idempotency_key: randomUUID() }) },
  staffAuditLog: { payload: () => ({}) },
  staffCompetitions: { payload: () => ({ stage: 'open' }) },
  staffEntries: { payload: (fx) => ({ competition_id: fx.openCompetitionId, search: 'x' }) },
  staffEntriesCsv: { payload: (fx) => ({ competition_id: String(fx.openCompetitionId) }) },
  // Still open: the roles that may draw are refused with 409, the others with 401/403.
  staffRunDraw: { payload: (fx) => ({ competition_id: fx.openCompetitionId }) },
  // Drawn: the roles that may cancel are refused with 409 (nothing changes), the others with 401/403.
  staffCancelCompetition: { payload: (fx) => ({ competition_id: fx.drawnCompetitionId, reason: 'Route test', to: 'card' }) },
  // Not cancelled: the roles that may watch refunds are answered 409, the others 401/403.
  staffCompetitionRefunds: { payload: (fx) => ({ competition_id: fx.openCompetitionId }) },
  staffClaims: { payload: () => ({}) },
  staffDashboard: { payload: () => ({}) },
  staffSettings: { payload: () => ({}) },
  staffSettingsUpdate: { payload: () => ({ announcement: 'Route test announcement' }) },
  staffSeoList: { payload: () => ({}) },
  staffSeoUpdate: { payload: () => ({ page: 'faq', page_title: 'FAQ | CGG Competitions', meta_title: 'FAQ', meta_description: 'Questions and answers.' }) },
  staffFaqList: { payload: () => ({}) },
  staffFaqSave: { payload: () => ({ category: 'Route test', question: 'Is this a route test?', answer: 'Yes.', published: false }) },
  staffFaqReorder: { payload: () => ({ ids: [999_999] }) },
  staffFaqRemove: { payload: () => ({ id: 999_999 }) },
  staffLegalTermSave: { payload: () => ({ tab: 5, title: 'Cookies', body: '## Route test\nCookies we use.' }) },
  staffLegalTermRemove: { payload: () => ({ tab: 999_999 }) },
  staffHowItWorksUpdate: { payload: () => ({ title: 'How it works', intro: 'Three steps.', steps: [{ title: 'Pick', body: 'Choose a competition.' }] }) },
  staffPostalRouteUpdate: {
    payload: () => ({ title: 'Free postal entry', intro: 'Enter by post.', address_lines: ['PO Box 1', 'M1 1AA'], what_to_write: ['Your name'], fairness: 'Same odds.', closing_rules: ['Arrive before closing.'] }),
  },
  staffPostalEntries: { payload: (fx) => ({ competition_id: fx.openCompetitionId, entries: [{ full_name: 'Pat Post', email: `pat-${randomUUID()}@example.co.uk` }] }) },
  staffCustomerSearch: { payload: () => ({ query: 'cgg.test' }) },
  staffCustomer: { payload: (fx) => ({ id: fx.owner.buyer.customerId }) },
  staffCustomerNote: { payload: (fx) => ({ customer_id: fx.owner.buyer.customerId, text: 'Route test note' }) },
  staffAdjustBalance: { payload: (fx) => ({ customer_id: fx.owner.buyer.customerId, kind: 'points', amount: '1', reason: 'Route test' }) },
  staffClaimState: { payload: () => ({ id: 999_999, state: 'processing' }) },
  // No such customer: the roles that may apply a break are answered 404, nobody is locked.
  staffCustomerBreak: { payload: () => ({ customer_id: 999_999, period: '24h', reason: 'Route test' }) },
  staffReviews: { payload: () => ({}) },
  staffReviewClose: { payload: () => ({ flag_id: 999_999, action: 'no_action', note: 'Route test' }) },
  staffHarmSettings: { payload: () => ({}) },
  staffDeadJobs: { payload: () => ({}) },
  staffChatMessages: { payload: () => ({}) },
  staffCoupons: { payload: () => ({}) },
  staffCouponCreate: { payload: () => ({ code: `ROUTE-${randomUUID().slice(0, 8)}`, percent: 5 }) },
  // No such message: access is what is checked here (chat-routes.test.ts removes one).
  staffChatRemove: { payload: () => ({ id: 2_000_000_000 }) },
  // No such job: access is what is checked here (job-queue.test.ts retries one).
  staffRetryDeadJob: { payload: () => ({ id: 2_000_000_000 }) },
  staffPaymentProblems: { payload: () => ({}) },
  // No such problem: access is what is checked here (payment-problems.test.ts resolves them).
  staffResolvePaymentProblem: { payload: () => ({ id: 2_000_000_000, note: 'Checked in the provider dashboard.' }) },
  staffHarmSettingsUpdate: { payload: () => ({ raises_days: 30 }) },
  staffCompetitionFields: { payload: (fx) => ({ id: fx.openCompetitionId }) },
  // An empty competition: the roles that may save are answered 400 with its problems, nothing written.
  staffCompetitionSave: { payload: () => ({ fields: {} }) },
  // A drawn competition is not a draft: 409 for the roles that may publish.
  staffCompetitionSchedule: { payload: (fx) => ({ id: fx.drawnCompetitionId, action: 'publish' }) },
  staffImageUpload: { payload: () => ({ file_name: 'not-a-picture.jpg', data_base64: Buffer.from('hello').toString('base64') }) },
  staffComplaints: { payload: () => ({ state: 'open' }) },
  staffComplaint: { payload: (fx) => ({ id: fx.complaintId }) },
  staffComplaintAnswer: { payload: (fx) => ({ id: fx.complaintId, text: 'We are sorry: your prize was sent today.' }) },
  staffComplaintClose: { payload: (fx) => ({ id: fx.complaintId }) },
  staffWinQueue: { payload: () => ({ status: 'awaiting_claim' }) },
  // The roles that may remind: the first is sent (or refused as claimed), the next refused with 409 (one a day).
  staffWinReminder: { payload: (fx) => ({ win_kind: 'instant', win_id: fx.owner.instantWinIds[0] }) },
  staffPostalWins: { payload: () => ({ open: true }) },
  staffSettlePostalWin: { payload: () => ({ win_kind: 'draw', win_id: 999_999, note: 'Route test' }) },
};

const STAFF_PASSWORD = 'Staff!Pass-2026';

/** The caller's bearer: the storefront's site credential for a visitor, a fresh session of their own for a customer. */
async function bearerOf(caller: CallerName): Promise<string> {
  if (caller === 'visitor') return SITE_BEARER;
  if (caller === 'staff admin') return createStaffSession(pool, f.admin.id, 'signed-in', new Date());
  if (caller === 'staff operator') return createStaffSession(pool, f.operator.id, 'signed-in', new Date());
  if (caller === 'staff support') return createStaffSession(pool, f.support.id, 'signed-in', new Date());
  const id = caller === 'customer' ? f.owner.buyer.customerId : f.other.customerId;
  return createSession(pool, id, 'login', new Date());
}

async function store(method: 'GET' | 'POST' | 'DELETE', route: string, headers: Record<string, string>, payload?: object) {
  const res = await app.inject({ method, url: `${API_PREFIX}/wc/store/v1${route}`, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) }, payload });
  return res;
}

/** Calls one declared route as the caller; the Store API's Nonce, Cart-Token and basket line come from a first visit. */
async function callAs(name: RouteName, d: RouteDeclaration, caller: CallerName): Promise<{ status: number; body: string }> {
  const sample = samples[name];
  const headers: Record<string, string> = { authorization: `Bearer ${await bearerOf(caller)}` };
  let payload = (await sample.payload?.(f, caller)) ?? undefined;
  if (d.route.startsWith('/wc/store/')) {
    const visit = await store('GET', '/cart', headers);
    headers.nonce = String(visit.headers.nonce);
    headers['cart-token'] = String(visit.headers['cart-token']);
    if (sample.withBasketLine) {
      const added = await store('POST', '/cart/add-item', headers, { id: f.openProductId, quantity: 1 });
      expect(added.statusCode, `${caller}: add-item before ${name}`).toBe(200);
      headers.nonce = String(added.headers.nonce);
      headers['cart-token'] = String(added.headers['cart-token']);
      const key = (added.json() as { items: Array<{ key: string }> }).items[0]!.key;
      if (payload && payload.key === 'LINE') payload = { ...payload, key };
    }
    if (name === 'storeCheckout') headers['idempotency-key'] = randomUUID();
  }
  if (d.route === routeTable.chatStream.route) {
    // A stream never ends by itself: its status line is the answer.
    const base = await listenOnce();
    const controller = new AbortController();
    const res = await fetch(`${base}${API_PREFIX}${d.route}`, { headers, signal: controller.signal });
    controller.abort();
    return { status: res.status, body: '' };
  }
  const query = d.method === 'GET' && payload ? `?${new URLSearchParams(payload as Record<string, string>).toString()}` : '';
  const res = await app.inject({
    method: d.method,
    url: `${API_PREFIX}${d.route}${query}`,
    headers: { ...headers, ...(d.method !== 'GET' ? { 'content-type': 'application/json' } : {}) },
    ...(d.method !== 'GET' ? { payload: JSON.stringify(payload ?? {}) } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

/** A staff member who has enrolled an authenticator app: its id and recovery codes. */
async function enrolledStaff(role: 'admin' | 'operator' | 'support', refundLimitPence: number | null = null) {
  const email = `${role}-${randomUUID()}@cgg.test`;
  const created = await inTransaction(pool, (client) => createStaff(client, { email, name: `Test ${role}`, role, password: STAFF_PASSWORD, by: { staffId: null, actor: 'test' }, now: new Date() }));
  await pool.query('UPDATE staff SET refund_limit_pence = $2 WHERE id = $1', [created.id, refundLimitPence]);
  const login = (await app.inject({ method: 'POST', url: `${API_PREFIX}/api/v1/staff/login`, payload: { email, password: STAFF_PASSWORD } })).json().data;
  const code = await generate({ secret: login.secret });
  const enrolled = await app.inject({ method: 'POST', url: `${API_PREFIX}/api/v1/staff/second_factor`, payload: { token: login.token, code } });
  expect(enrolled.statusCode).toBe(200);
  return { id: created.id, email, recoveryCodes: enrolled.json().data.recovery_codes as string[] };
}

let listening: Promise<string> | null = null;
let listen: () => Promise<string>;
const listenOnce = (): Promise<string> => (listening ??= listen());

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool } = t);
  listen = t.listen;
  close = t.close;
  const base = await listenOnce();
  const owner = await instantWinner(pool, base);
  // The owner's real password, for the login sample; bank details for bank_details to show.
  const { hashPassword } = await import('../accounts/password.ts');
  await pool.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [owner.buyer.customerId, await hashPassword(PASSWORD)]);
  const open = await createCompetition(pool, { total: 100_000, maxPerUser: 10_000 });
  const drawn = await pool.query<{ competition_id: number }>('SELECT competition_id FROM competition_draws WHERE drawn_at IS NOT NULL ORDER BY competition_id LIMIT 1');
  f = {
    admin: await enrolledStaff('admin'),
    operator: await enrolledStaff('operator'),
    support: await enrolledStaff('support', 500),
    owner, other: await newBuyer(pool, base), openProductId: open.productId, openCompetitionId: open.id, drawnCompetitionId: drawn.rows[0]!.competition_id,
    complaintId: Number((await pool.query<{ id: string }>(
      `INSERT INTO complaints (name, email, category, details, ip_address, created_at) VALUES ('Route Test', 'route@cgg.test', 'other', 'A complaint for the route test.', '192.0.2.1', now()) RETURNING id`,
    )).rows[0]!.id),
  };
  const ownerToken = await createSession(pool, owner.buyer.customerId, 'login', new Date());
  const saved = await app.inject({ method: 'POST', url: `${API_PREFIX}/api/v1/get_bank_details`, headers: { 'content-type': 'application/json' }, payload: { token: ownerToken, account_number: '12345678', sort_code: '112233' } });
  expect(saved.statusCode).toBe(200);
}, 60_000);
afterAll(() => close());

const routes = Object.entries(routeTable) as Array<[RouteName, RouteDeclaration]>;

describe('each route is called as its declaration says', () => {
  it.each(routes)('%s', async (name, d) => {
    const callers: CallerName[] = ['visitor', 'customer', 'other customer', ...(d.access === 'staff' ? (['staff admin', 'staff operator', 'staff support'] as const) : [])];
    for (const caller of callers) {
      const answer = await callAs(name, d, caller);
      const label = `${caller} -> ${d.method} ${d.route}: ${answer.status} ${answer.body.slice(0, 200)}`;
      expect(answer.status, label).toBeLessThan(500);
      if (d.access === 'staff') {
        // The back office: no visitor or customer gets in; a staff member only in the route's roles.
        const role = caller === 'staff admin' ? 'admin' : caller === 'staff operator' ? 'operator' : caller === 'staff support' ? 'support' : null;
        if (role === null) expect(answer.status, label).toBe(401);
        else if (d.staffRoles?.includes(role)) expect([401, 403], label).not.toContain(answer.status);
        else expect(answer.status, label).toBe(403);
        continue;
      }
      if (d.access === 'customer' && caller === 'visitor') {
        expect(answer.status, label).toBe(401);
        continue;
      }
      const { ownData, othersRefused } = samples[name];
      if (caller === 'other customer' && othersRefused) {
        expect([403, 404], label).toContain(answer.status);
        continue;
      }
      if (ownData) expect(answer.body.includes(ownData(f)), label).toBe(caller === 'customer');
      // Served: a 2xx, or a 4xx that is about the payload (an unknown coupon), never a refusal of the caller.
      expect([401, 403], label).not.toContain(answer.status);
    }
  });

  it('a customer or staff route refuses a token that names no session, and a forged one', async () => {
    for (const [, d] of routes.filter(([, r]) => r.access !== 'anyone')) {
      for (const bearer of ['not-a-session-token', SITE_BEARER]) {
        const res = await app.inject({
          method: d.method,
          url: `${API_PREFIX}${d.route}`,
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', nonce: 'x' },
          payload: '{}',
        });
        expect([401, 403], `${d.method} ${d.route} with ${bearer}`).toContain(res.statusCode);
      }
    }
  });
});

describe('the route table and the server agree', () => {
  it('serves an OpenAPI document with every declared route, its access and schemas, and nothing undeclared', async () => {
    const res = await app.inject({ method: 'GET', url: '/?rest_route=/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { 'x-access': string; security: unknown[]; requestBody?: unknown; parameters?: unknown[]; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => m !== 'head').map((m) => `${m.toUpperCase()} ${path}`));
    const declared = routes.map(([, d]) => `${d.method} ${API_PREFIX}${d.route}`);
    expect(documented.sort()).toEqual([...declared].sort());
    for (const [, d] of routes) {
      const op = doc.paths[`${API_PREFIX}${d.route}`]![d.method.toLowerCase()]!;
      expect(op['x-access']).toBe(d.access);
      expect(op.security).toEqual(d.access === 'customer' ? [{ customerToken: [] }] : d.access === 'staff' ? [{ staffToken: [] }] : []);
      if (d.request) expect(d.method === 'GET' ? op.parameters?.length : op.requestBody, `${d.route} documents its payload`).toBeTruthy();
      if (d.response) expect(op.responses['200'], `${d.route} documents its answer`).toBeTruthy();
    }
  });
});
