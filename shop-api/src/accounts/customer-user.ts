import type { User } from '@cgg/contracts/account';
import { penceToPounds } from '../lib/money.ts';
import { maskedBankDetails } from './bank-details-at-rest.ts';
import type { Queryable } from './queryable.ts';
import { hasOpenFlag } from '../harm/review-queue.ts';
import { currentSpendingPence, effectiveLimit, isLocked, PLAY_COLUMNS, type PlayRow } from './responsible-play.ts';

export interface CustomerRow extends PlayRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  display_name: string;
  nickname: string;
  description: string;
  billing_first_name: string;
  billing_last_name: string;
  billing_company: string;
  billing_address_1: string;
  billing_address_2: string;
  billing_city: string;
  billing_state: string;
  billing_postcode: string;
  billing_country: string;
  billing_email: string;
  billing_phone: string;
  /** Encrypted at rest (bank-details-at-rest.ts); '' when none are saved. */
  account_number: string;
  sort_code: string;
}

const CUSTOMER_COLUMNS = `id, email, password_hash, first_name, last_name, display_name, nickname, description,
  billing_first_name, billing_last_name, billing_company, billing_address_1, billing_address_2, billing_city,
  billing_state, billing_postcode, billing_country, billing_email, billing_phone, account_number, sort_code, ${PLAY_COLUMNS}`;

export async function customerById(db: Queryable, id: number, forUpdate = false): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function customerByEmail(db: Queryable, email: string): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE lower(email) = lower($1)`, [email.trim()]);
  return rows[0] ?? null;
}

/**
 * The spec's user/profile payload. Responsible-play fields: `limit_duration`
 * ('day'|'week'|'month'), `limit_value` (pounds) in force; `current_spending` (pounds)
 * over the limit's current period (this month without a limit); `lock_account` true
 * while locked; `locking_period` the chosen lock ('24h'...'permanent') while locked;
 * `lockout_period` the ISO time the lock ends (null when permanent or unlocked).
 * `show_support_links` while staff have a review of the customer's play open (UK code 1.8).
 */
export async function toUser(db: Queryable, c: CustomerRow, token: string, now: Date): Promise<User> {
  const limit = effectiveLimit(c, now);
  const locked = isLocked(c, now);
  return {
    id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    name: c.display_name,
    nickname: c.nickname,
    token,
    description: c.description,
    billing_first_name: c.billing_first_name,
    billing_last_name: c.billing_last_name,
    billing_company: c.billing_company,
    billing_address_1: c.billing_address_1,
    billing_address_2: c.billing_address_2,
    billing_city: c.billing_city,
    billing_state: c.billing_state,
    billing_postcode: c.billing_postcode,
    billing_country: c.billing_country,
    billing_email: c.billing_email,
    billing_phone: c.billing_phone,
    limit_duration: limit?.duration ?? null,
    limit_value: limit ? penceToPounds(limit.valuePence) : null,
    lockout_period: locked && !c.lock_permanent ? c.locked_until!.toISOString() : null,
    current_spending: penceToPounds(await currentSpendingPence(db, c.id, limit, now)),
    lock_account: locked,
    locking_period: locked ? c.locking_period : null,
    // Masked: sign-in, check-auth and get_user_details never carry the whole numbers (bank_details does).
    ...maskedBankDetails(c),
    show_support_links: await hasOpenFlag(db, c.id),
  };
}
