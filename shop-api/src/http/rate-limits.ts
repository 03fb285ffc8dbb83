import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { WpHttpError } from './wp-error.ts';

/**
 * Every rate limit of the API (issue 18), in one place. The counts live in PostgreSQL
 * (rate-limiter-flexible's store, table `rate_limits` from migration 030), so every API
 * instance on the shared database sees the same counts
 * (docs/decisions.md#shared-state-lives-in-postgresql). Windows are fixed: a key's count
 * starts at its first point and is forgotten `duration` seconds later.
 *
 * `perAddress` limits count a client address (Fastify's `request.ip`, behind the trusted
 * proxies), so they are generous: at launch night many real customers can share one mobile
 * carrier's address. Benchmarks that drive thousands of calls from 127.0.0.1 raise them with
 * RATE_LIMIT_ADDRESS_FACTOR.
 */
export const RATE_LIMITS = {
  // Wrong passwords for one account from one address. Only the pair is locked, so someone
  // typing wrong passwords for a customer from elsewhere never locks the customer out.
  // Five guesses a quarter hour is plenty for a forgetful person, useless for guessing.
  signInPair: { points: 5, duration: 15 * 60, perAddress: false },
  // Wrong passwords from one address across accounts: a spray of common passwords over many
  // accounts. Looser than the pair, since a shared address may hold several forgetful people.
  signInAddress: { points: 30, duration: 15 * 60, perAddress: true },
  // Accounts made from one address: no family or shared wifi makes 50 in 10 minutes; a script does.
  signUpAddress: { points: 50, duration: 10 * 60, perAddress: true },
  // Password reset calls (asking for a link, setting a password with one) from one address:
  // each ask may mail someone, so a script must not turn the shop into a mail cannon.
  passwordResetAddress: { points: 20, duration: 15 * 60, perAddress: true },
  // Reset links mailed to one account: beyond 3 a quarter hour the extra asks mail nothing
  // (silently: the answer to forgot_password never tells whether an account exists).
  passwordResetMailsAccount: { points: 3, duration: 15 * 60, perAddress: false },
  // Contact messages from one address: a person writes one, maybe a correction or two.
  contactAddress: { points: 3, duration: 10 * 60, perAddress: true },
  // Complaints from one address: as the contact form (one, and a correction or two).
  complaintAddress: { points: 3, duration: 10 * 60, perAddress: true },
  // Chat messages per customer: conversation speed, not flooding.
  chatCustomer: { points: 5, duration: 60, perAddress: false },
  // Checkouts per customer (idempotent repeats included): a person pays a few baskets a
  // minute at most; 60 leaves room for a double-clicking tab storm (the race tests fire 20
  // at once) while stopping a script hammering the ticket allocator. There is no per-address
  // checkout limit: a checkout needs a signed-in customer, and launch night may bring
  // hundreds of them from one carrier address.
  checkoutCustomer: { points: 60, duration: 60, perAddress: false },
  // Held-order reads and cancels per customer: each asks the payment provider. A checkout page
  // reads once as it opens and a person cancels once; 30 a minute stops a script making us
  // hammer the provider with the customer's order.
  heldOrderCustomer: { points: 30, duration: 60, perAddress: false },
  // Checkout-returns per customer that ask the payment provider (an order still waiting for its
  // payment; one already settled is answered from our database and not counted). The checkout page
  // asks once a second while the provider confirms: 120 a minute is two tabs of that.
  orderReturnCustomer: { points: 120, duration: 60, perAddress: false },
} as const satisfies Record<string, { points: number; duration: number; perAddress: boolean }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** What each limit answers when it is reached: 429, its code and words, and Retry-After. */
const refusals: Record<Exclude<RateLimitName, 'signInPair' | 'signInAddress' | 'passwordResetMailsAccount'>, { code: string; message: string }> = {
  signUpAddress: { code: 'rest_too_many_registrations', message: 'Too many accounts have been created from your connection. Please try again in a few minutes.' },
  passwordResetAddress: { code: 'rest_too_many_password_resets', message: 'Too many password reset requests from your connection. Please try again in a few minutes.' },
  contactAddress: {
    code: 'rest_contact_rate_limited',
    message: `You have sent ${RATE_LIMITS.contactAddress.points} messages in the last ${RATE_LIMITS.contactAddress.duration / 60} minutes. Please wait a few minutes before sending another.`,
  },
  complaintAddress: {
    code: 'rest_complaint_rate_limited',
    message: `You have sent ${RATE_LIMITS.complaintAddress.points} complaints in the last ${RATE_LIMITS.complaintAddress.duration / 60} minutes, so we have paused the form for a few minutes. Your earlier complaints are safe with us; to add something, reply to the acknowledgement email.`,
  },
  chatCustomer: { code: 'rest_chat_rate_limited', message: 'You are sending messages too quickly. Please wait a minute and try again.' },
  checkoutCustomer: { code: 'rest_too_many_checkouts', message: 'You are checking out too quickly. Please wait a minute and try again.' },
  heldOrderCustomer: { code: 'rest_too_many_order_checks', message: 'You are checking your order too often. Please wait a minute and try again.' },
  orderReturnCustomer: { code: 'rest_too_many_order_checks', message: 'You are checking your order too often. Please wait a minute and try again.' },
};

export type RefusingLimit = keyof typeof refusals;
export type SignInKind = 'customer' | 'staff';

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** The customers' sign-in answer when a limit is reached; the front ends show it as it is. */
function tooManySignIns(msBeforeNext: number): WpHttpError {
  const retryAfter = seconds(msBeforeNext);
  const minutes = Math.ceil(retryAfter / 60);
  return new WpHttpError(
    429,
    'too_many_attempts',
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
    { retry_after: retryAfter },
  );
}

/** Emails in either case are one account; encoded so no account's key is a prefix of another's. */
const accountPart = (account: string): string => encodeURIComponent(account.trim().toLowerCase());

export interface SignInAttempt {
  succeeded(): Promise<void>;
  notFailed(): Promise<void>;
}

export interface RateLimits {
  /** Takes one point of a limit; past it, throws its 429 with Retry-After. */
  take(name: RefusingLimit, key: string | number): Promise<void>;
  /**
   * Gives back a point `take` took, when the request then failed on our side (a 503): the
   * visitor did nothing the limit counts, and retrying must not lock them out.
   */
  giveBack(name: RefusingLimit, key: string | number): Promise<void>;
  /** Takes one point; false (and nothing thrown) past the limit, for limits that must answer the same either way. */
  tryTake(name: 'passwordResetMailsAccount', key: string | number): Promise<boolean>;
  /**
   * Counts a sign-in attempt before the password is checked (so attempts fired at once cannot
   * all slip under the limit): one point of its (account, address) pair and of its address.
   * Throws 429 `too_many_attempts` when either is spent. `succeeded()` forgets the pair's
   * failures and gives the address its point back; `notFailed()` (a first step passed, the
   * sign-in not done yet) gives both their point back; a failure keeps both.
   */
  signInAttempt(kind: SignInKind, account: string, address: string): Promise<SignInAttempt>;
  /** Forgets every pair of an account (its password was reset): the owner is let in from anywhere. */
  forgetSignInFailures(kind: SignInKind, account: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Multiplies every per-address limit (RATE_LIMIT_ADDRESS_FACTOR; benchmarks on 127.0.0.1). Default 1. */
  addressFactor?: number;
}

const TABLE = 'rate_limits';

/** The limiters on the app's pool. Cheap: nothing is queried until a limit is used. */
export function createRateLimits(pool: pg.Pool, options: RateLimitOptions = {}): RateLimits {
  const factor = options.addressFactor ?? 1;
  const limiters = {} as Record<RateLimitName | 'staffSignInPair', RateLimiterPostgres>;
  const names = [...(Object.keys(RATE_LIMITS) as RateLimitName[]), 'staffSignInPair' as const];
  for (const name of names) {
    const limit = RATE_LIMITS[name === 'staffSignInPair' ? 'signInPair' : name];
    limiters[name] = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: TABLE,
      // Made by migration 030: the API needs no DDL rights at start.
      tableCreated: true,
      keyPrefix: name,
      points: limit.perAddress ? limit.points * factor : limit.points,
      duration: limit.duration,
      // One limiter clears the shared table's long-expired rows (every 5 minutes, an unref'd timer).
      clearExpiredByTimeout: name === 'signInPair',
    });
  }

  /** A consume refused by its limit rejects with a RateLimiterRes; anything else (the database) is an error. */
  async function consume(limiter: RateLimiterPostgres, key: string): Promise<RateLimiterRes | { refused: RateLimiterRes }> {
    try {
      return await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) return { refused: err };
      throw err;
    }
  }

  const pairKey = (account: string, address: string) => `${accountPart(account)}|${address}`;
  const pairLimiter = (kind: SignInKind) => limiters[kind === 'staff' ? 'staffSignInPair' : 'signInPair'];

  return {
    async take(name, key) {
      const taken = await consume(limiters[name], String(key));
      if ('refused' in taken) {
        const refusal = refusals[name];
        throw new WpHttpError(429, refusal.code, refusal.message, { retry_after: seconds(taken.refused.msBeforeNext) });
      }
    },
    async giveBack(name, key) {
      await limiters[name].reward(String(key), 1);
    },
    async tryTake(name, key) {
      return !('refused' in (await consume(limiters[name], String(key))));
    },
    async signInAttempt(kind, account, address) {
      const pair = pairKey(account, address);
      const [byPair, byAddress] = await Promise.all([consume(pairLimiter(kind), pair), consume(limiters.signInAddress, address)]);
      const refused = [byPair, byAddress].flatMap((r) => ('refused' in r ? [r.refused.msBeforeNext] : []));
      if (refused.length) throw tooManySignIns(Math.max(...refused));
      return {
        succeeded: async () => {
          await Promise.all([pairLimiter(kind).delete(pair), limiters.signInAddress.reward(address, 1)]);
        },
        notFailed: async () => {
          await Promise.all([pairLimiter(kind).reward(pair, 1), limiters.signInAddress.reward(address, 1)]);
        },
      };
    },
    async forgetSignInFailures(kind, account) {
      const prefix = kind === 'staff' ? 'staffSignInPair' : 'signInPair';
      await pool.query(`DELETE FROM ${TABLE} WHERE starts_with(key, $1)`, [`${prefix}:${accountPart(account)}|`]);
    },
  };
}
