import { z } from 'zod/mini';
import { userSchema } from './account.ts';

/*
 * Account calls the spec leaves out (issue "Customer accounts"), in the same style as
 * the spec's own: POST JSON to /api/v1/<name>, `{success, data}` answers, WordPress
 * errors. shop-api/README.md documents them.
 */
const email = z.string().check(z.minLength(3), z.maxLength(254));
const password = z.string().check(z.minLength(1), z.maxLength(200));
const token = z.string().check(z.minLength(1), z.maxLength(512));

/** A signed-in customer: the user with a fresh session token (base64-stored by the front end). */
export const sessionResponseSchema = z.object({ success: z.literal(true), data: userSchema });

export const registerRequestSchema = z.strictObject({
  first_name: z.string().check(z.minLength(1), z.maxLength(100)),
  last_name: z.string().check(z.minLength(1), z.maxLength(100)),
  email,
  password,
  /** The customer confirms they are 18 or over (UK prize-draw rules). */
  over_18: z.literal(true),
});

export const loginRequestSchema = z.strictObject({ email, password });
export const logoutRequestSchema = z.strictObject({ token });

export const forgotPasswordRequestSchema = z.strictObject({ email });
/** Always the same answer, so it never tells whether an account exists. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const resetPasswordRequestSchema = z.strictObject({
  /** The single-use key from the emailed link (`/auth/reset/password?key=...&login=...`). */
  key: z.string().check(z.minLength(1), z.maxLength(200)),
  login: email,
  password,
});

/** A single-use code issued by the admin CLI, valid 5 minutes. */
export const loginAsUserRequestSchema = z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(200)) });

export const limitDurationSchema = z.enum(['day', 'week', 'month']);
export const lockPeriodSchema = z.enum(['24h', '7d', '30d', '6m', 'permanent']);

export const responsiblePlaySchema = z.object({
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
});
export type ResponsiblePlay = z.infer<typeof responsiblePlaySchema>;
export const responsiblePlayResponseSchema = z.object({ success: z.literal(true), data: responsiblePlaySchema });

export const updateResponsiblePlayRequestSchema = z.strictObject({
  token,
  /** Set or change the limit (limit_value "0.00" allowed); both null removes it (a removal is a raise: 24 h). */
  limit_duration: z.optional(z.nullable(limitDurationSchema)),
  limit_value: z.optional(z.nullable(z.string().check(z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter an amount in pounds, e.g. 50 or 50.00')))),
  /** Lock the account for this period (cannot be undone before it ends). */
  lock_period: z.optional(lockPeriodSchema),
});
