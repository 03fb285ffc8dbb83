/* Payloads built to the @cgg/contracts schemas (and parsed by them, so a drifted contract fails here first). */
import { bankDetailsResponseSchema, checkAuthResponseSchema, couponsResponseSchema, orderDetailResponseSchema, ordersResponseSchema, pointsResponseSchema, responsiblePlayResponseSchema, saveResponseSchema, sessionResponseSchema, userSchema, type ResponsiblePlay, type User } from '@cgg/contracts/account';
import {
  type Competition,
} from '@cgg/contracts';
import { competitionFixture } from '@cgg/contracts/testing';

export function makeUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: 7,
    first_name: 'Priya',
    last_name: 'Shah',
    email: 'priya@example.co.uk',
    name: 'Priya Shah',
    nickname: 'priya',
    token: 'tok-new-123',
    description: '',
    billing_first_name: 'Priya',
    billing_last_name: 'Shah',
    billing_company: '',
    billing_address_1: '12',
    billing_address_2: 'High Street',
    billing_city: 'Leeds',
    billing_state: 'West Yorkshire',
    billing_postcode: 'LS1 1AA',
    billing_country: 'GB',
    billing_email: 'priya@example.co.uk',
    billing_phone: '07700900123',
    limit_duration: null,
    limit_value: null,
    lockout_period: null,
    current_spending: '0.00',
    lock_account: false,
    locking_period: null,
    account_number: '12345678',
    sort_code: '112233',
    ...overrides,
  });
}

type Log = { description: string; date_display_human: string; type: string; points: number | string };

export const responses = {
  session: (user: User = makeUser()) => sessionResponseSchema.parse({ success: true, data: user }),
  checkAuth: (user: User = makeUser()) => checkAuthResponseSchema.parse({ success: true, data: user }),
  saved: (data?: unknown) => saveResponseSchema.parse({ success: true, data }),
  bankDetails: (data = { account_number: '12345678', sort_code: '112233' }) => bankDetailsResponseSchema.parse({ success: true, data }),
  refused: (error?: string) => saveResponseSchema.parse({ success: false, error }),
  points: (points: number | string, logs: Log[], totalLogs = logs.length) => pointsResponseSchema.parse({ success: true, points, logs, totalLogs }),
  coupons: (data: { description: string; code: string; amount: string }[]) => couponsResponseSchema.parse({ success: true, data }),
  orders: (data: { order_id_: number; order_status: string; order_date: string | null; order_total: string; item_count: number }[], total_pages = 1) =>
    ordersResponseSchema.parse({ success: true, data, total_pages }),
  orderDetail: (overrides: Record<string, unknown> = {}) =>
    orderDetailResponseSchema.parse({
      data: {
        id: 501,
        status: 'completed',
        date_created: { date: '2026-11-21 14:03:00.000000' },
        total: '7.98',
        payment_method_title: 'Card',
        products: [
          { title: 'Win a Tesla', quantity: 2, tickets: [14, 15], draw_date: '2026-12-01', draw_time: '20:00', price: '3.98' },
          { title: 'Win £500', quantity: 1, tickets: [9], draw_date: '2026-12-05', draw_time: '09:30', price: '4.00' },
        ],
        billing: { first_name: 'Priya', last_name: 'Shah', address_1: '12', address_2: 'High Street', city: 'Leeds', state: 'West Yorkshire', postcode: 'LS1 1AA', phone: '07700900123', email: 'priya@example.co.uk' },
        shipping: { first_name: 'Priya', last_name: 'Shah', address_1: '12', address_2: 'High Street', city: 'Leeds', state: 'West Yorkshire', postcode: 'LS1 1AA' },
        ...overrides,
      },
    }),
  responsiblePlay: (overrides: Partial<ResponsiblePlay> = {}) =>
    responsiblePlayResponseSchema.parse({
      success: true,
      data: {
        limit_duration: 'week',
        limit_value: '50.00',
        pending_limit_duration: null,
        pending_limit_value: null,
        pending_limit_from: null,
        current_spending: '12.50',
        lock_account: false,
        locked_until: null,
        ...overrides,
      },
    }),
};

export function pointsLog(n: number, type = 'order'): Log {
  return { description: `Order #${1000 + n}`, date_display_human: `${n} days ago`, type, points: n * 10 };
}

/** A competition payload (content API shape); drawn ones carry their winning ticket. */
export function makeCompetition(overrides: Partial<Competition> = {}): Competition {
  return competitionFixture({ draw_date: '2026-12-01', closing_date: '2026-12-01', created_at: '2026-11-01T10:00:00.000Z', ...overrides });
}
