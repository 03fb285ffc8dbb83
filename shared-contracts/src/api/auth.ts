import { z } from 'zod/mini';
import { lazySchema, provideZod } from '@cgg/contracts';
import { zodMembers } from '../zod/zod-members.ts';
import { userSchema } from './account.ts';
import { LIMIT_AMOUNT_MESSAGE, LIMIT_AMOUNT_PATTERN } from '../rules/age-and-limit.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Account calls the spec leaves out (issue "Customer accounts"), in the same style as
 * the spec's own: POST JSON to /api/v1/<name>, `{success, data}` answers, WordPress
 * errors. shop-api/README.md documents them.
 */
const email = z.string().check(z.minLength(3), z.maxLength(254));
const password = z.string().check(z.minLength(1), z.maxLength(200));
const token = z.string().check(z.minLength(1), z.maxLength(512));
/** Checked by the API with the shared rule (rules/age-and-limit.ts), whose messages name the field. */
const dateOfBirth = z.string().check(z.maxLength(40));
const monthlyLimit = z.nullable(z.string().check(z.regex(LIMIT_AMOUNT_PATTERN, LIMIT_AMOUNT_MESSAGE)));

/** A signed-in customer: the user with a fresh session token (base64-stored by the front end). */
export const sessionResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: userSchema }));

export const registerRequestSchema = lazySchema(() => z.strictObject({
  first_name: z.string().check(z.minLength(1), z.maxLength(100)),
  last_name: z.string().check(z.minLength(1), z.maxLength(100)),
  email,
  password,
  /** The customer confirms they are 18 or over (UK prize-draw rules). */
  over_18: z.literal(true),
  /**
   * UK prize-draw code 1.1: 'YYYY-MM-DD'; under 18 on the London date is refused (400
   * `cgg_under_18`) and nothing is kept. Optional in the schema only so older clients get
   * the API's own message naming the field; the API requires it.
   */
  date_of_birth: z.optional(dateOfBirth),
  /** UK prize-draw code 1.4: a monthly spending limit in pounds ('0' allowed), or null for "no limit". Required by the API, like date_of_birth. */
  monthly_limit: z.optional(monthlyLimit),
}));

export const loginRequestSchema = lazySchema(() => z.strictObject({ email, password }));
export const logoutRequestSchema = lazySchema(() => z.strictObject({ token }));

export const forgotPasswordRequestSchema = lazySchema(() => z.strictObject({ email }));
/** Always the same answer, so it never tells whether an account exists. */
export const messageResponseSchema = lazySchema(() => z.object({ success: z.literal(true), message: z.string() }));

export const resetPasswordRequestSchema = lazySchema(() => z.strictObject({
  /** The single-use key from the emailed link (`/auth/reset/password?key=...&login=...`). */
  key: z.string().check(z.minLength(1), z.maxLength(200)),
  login: email,
  password,
}));

/** Whether a reset link still works, asked as its page opens (nothing is used up). */
export const checkResetKeyRequestSchema = lazySchema(() => z.strictObject({
  key: z.string().check(z.minLength(1), z.maxLength(200)),
  login: email,
}));
export const checkResetKeyResponseSchema = lazySchema(() => z.object({ success: z.literal(true), valid: z.boolean() }));

/** A single-use code issued by the admin CLI, valid 5 minutes. */
export const loginAsUserRequestSchema = lazySchema(() => z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const limitDurationSchema = lazySchema(() => z.enum(['day', 'week', 'month']));
export const lockPeriodSchema = lazySchema(() => z.enum(['24h', '7d', '30d', '6m', 'permanent']));

export const responsiblePlaySchema = lazySchema(() => z.object({
  /** Spending limit in force: null = none. Amounts are pounds strings ("50.00"). */
  limit_duration: z.nullable(limitDurationSchema),
  limit_value: z.nullable(z.string()),
  /** A raised limit waits 24 hours; until then it shows here with when it applies (ISO time). */
  pending_limit_duration: z.nullable(limitDurationSchema),
  pending_limit_value: z.nullable(z.string()),
  pending_limit_from: z.nullable(z.string()),
  /** Spent in the current limit period, pounds. */
  current_spending: z.string(),
  lock_account: z.boolean(),
  /** ISO time the lock ends; null with lock_account true = permanent. */
  locked_until: z.nullable(z.string()),
  /**
   * UK prize-draw code 1.4: the monthly limit the customer chose when asked (at sign-up, or
   * at a first purchase) and when (ISO time); `monthly_limit` null = they chose no limit.
   * Null when they have not been asked yet. (Optional: older servers do not send it.)
   */
  limit_choice: z.optional(z.nullable(z.object({ monthly_limit: z.nullable(z.string()), chosen_at: z.string() }))),
}));
export type ResponsiblePlay = z.infer<typeof responsiblePlaySchema>;
export const responsiblePlayResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: responsiblePlaySchema }));

export const updateResponsiblePlayRequestSchema = lazySchema(() => z.strictObject({
  token,
  /** Set or change the limit (limit_value "0.00" allowed); both null removes it (a removal is a raise: 24 h). */
  limit_duration: z.optional(z.nullable(limitDurationSchema)),
  limit_value: z.optional(z.nullable(z.string().check(z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter an amount in pounds, e.g. 50 or 50.00')))),
  /** Lock the account for this period (cannot be undone before it ends). */
  lock_period: z.optional(lockPeriodSchema),
}));

/**
 * UK prize-draw code 1.1 and 1.4 for accounts from before sign-up asked: the checkout
 * refuses (403 `cgg_date_of_birth_required` / `cgg_limit_choice_required`, `data.needs`)
 * until the customer gives what is missing here. Each field only while it is missing.
 */
export const saveAgeAndLimitRequestSchema = lazySchema(() => z.strictObject({
  token,
  date_of_birth: z.optional(dateOfBirth),
  monthly_limit: z.optional(monthlyLimit),
}));
export const purchaseCheckSchema = lazySchema(() => z.enum(['date_of_birth', 'monthly_limit']));
export const saveAgeAndLimitResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  /** What the checkout still needs (empty: the customer may buy). */
  data: z.object({ needs: z.array(purchaseCheckSchema) }),
}));
