import { z } from 'zod/mini';
import type { ApiCall, CallAccess } from './calls.ts';

/*
 * The back office's own calls (issue "The operator's back office"): staff sign-in with a
 * second factor, and the audit log. A separate entry (`@cgg/contracts/staff`), so the
 * customer site's bundles never carry them.
 */

export const staffRoleSchema = z.enum(['admin', 'operator', 'support']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

const email = z.string().check(z.minLength(3), z.maxLength(254));
const password = z.string().check(z.minLength(1), z.maxLength(200));
const token = z.string().check(z.minLength(1), z.maxLength(512));
const totpCode = z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));
const recoveryCode = z.string().check(z.regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/, 'A recovery code looks like abcde-12345.'));

export const staffMemberSchema = z.object({ id: z.int(), email: z.string(), name: z.string(), role: staffRoleSchema });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffLoginRequestSchema = z.strictObject({ email, password });
/** Step two follows with `token`: enter a code, or first enrol the authenticator app (`otpauth_uri`, `secret`). */
export const staffLoginResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    step: z.enum(['totp', 'enrol-totp']),
    token: z.string(),
    otpauth_uri: z.optional(z.string()),
    secret: z.optional(z.string()),
  }),
});

export const staffSecondFactorRequestSchema = z.strictObject({ token, code: z.optional(totpCode), recovery_code: z.optional(recoveryCode) });
export const staffSessionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    token: z.string(),
    staff: staffMemberSchema,
    /** Only once, right after enrolment: each works once instead of a code. */
    recovery_codes: z.optional(z.array(z.string())),
  }),
});

export const staffTokenRequestSchema = z.strictObject({});
export const staffMeResponseSchema = z.object({ success: z.literal(true), data: staffMemberSchema });
export const staffLogoutResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const staffCreateRequestSchema = z.strictObject({
  email,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  role: staffRoleSchema,
  password: z.string().check(z.minLength(12, 'A staff password has at least 12 characters.'), z.maxLength(200)),
});
export const staffCreateResponseSchema = z.object({ success: z.literal(true), data: staffMemberSchema });

/** What the audit log records, as dotted names: the back office filters by them. */
export const auditActions = ['order.refund', 'staff.create', 'staff.update', 'staff.sign-in', 'staff.enrol-second-factor', 'staff.sign-out'] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  staff_id: z.nullable(z.int()),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogRequestSchema = z.strictObject({
  page: z.optional(z.int().check(z.minimum(1), z.maximum(10000))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  action: z.optional(z.string().check(z.maxLength(64))),
  staff_id: z.optional(z.int().check(z.positive())),
});
export const auditLogResponseSchema = z.object({ success: z.literal(true), data: z.array(auditEntrySchema), page: z.int(), total: z.int(), total_pages: z.int() });

const pounds = z.string().check(z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter an amount in pounds, e.g. 50 or 12.50'));

/** A staff member as admins manage them. */
export const staffAccountSchema = z.object({
  ...staffMemberSchema.shape,
  /** Support's refund limit per refund, pounds; null: none set (support cannot refund). */
  refund_limit: z.nullable(z.string()),
  second_factor: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffListResponseSchema = z.object({ success: z.literal(true), data: z.array(staffAccountSchema) });

export const staffUpdateRequestSchema = z.strictObject({
  id: z.int().check(z.positive()),
  role: z.optional(staffRoleSchema),
  /** Pounds, or null to remove the limit. */
  refund_limit: z.optional(z.nullable(pounds)),
  disabled: z.optional(z.boolean()),
});
export const staffUpdateResponseSchema = z.object({ success: z.literal(true), data: staffAccountSchema });

export const staffRefundRequestSchema = z.strictObject({
  order_id: z.int().check(z.positive()),
  /** Pounds; left out: all that is left of the card payment. */
  amount: z.optional(pounds),
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the order is refunded.'), z.maxLength(200)),
  /** One per refund asked for (a UUID): a retry with the same key is the same refund. */
  idempotency_key: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/)),
});
export const staffRefundResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ order_id: z.int(), amount: z.string(), left: z.string(), order_status: z.string(), reference: z.string(), repeated: z.boolean() }),
});

/** A back-office call: `staff` access, and which roles may make it (the server checks both). */
export interface StaffCall<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, A extends CallAccess = CallAccess> extends ApiCall<Req, Res, A> {
  readonly staffRoles?: readonly StaffRole[];
}

function staffCall<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, const A extends CallAccess>(c: StaffCall<Req, Res, A>): StaffCall<Req, Res, A> {
  return c;
}

const everyRole = ['admin', 'operator', 'support'] as const;

export const staffCalls = {
  staffLogin: staffCall({ access: 'anyone', route: '/api/v1/staff/login', method: 'POST', auth: 'site', request: staffLoginRequestSchema, response: staffLoginResponseSchema }),
  staffSecondFactor: staffCall({ access: 'anyone', route: '/api/v1/staff/second_factor', method: 'POST', auth: 'site', request: staffSecondFactorRequestSchema, response: staffSessionResponseSchema }),
  staffMe: staffCall({ access: 'staff', staffRoles: everyRole, route: '/api/v1/staff/me', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffMeResponseSchema }),
  staffLogout: staffCall({ access: 'staff', staffRoles: everyRole, route: '/api/v1/staff/logout', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffLogoutResponseSchema }),
  staffCreate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/create', method: 'POST', auth: 'site', request: staffCreateRequestSchema, response: staffCreateResponseSchema }),
  staffList: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/list', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffListResponseSchema }),
  staffUpdate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/update', method: 'POST', auth: 'site', request: staffUpdateRequestSchema, response: staffUpdateResponseSchema }),
  staffRefundOrder: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/refund_order', method: 'POST', auth: 'site', request: staffRefundRequestSchema, response: staffRefundResponseSchema }),
  staffAuditLog: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/audit_log', method: 'POST', auth: 'site', request: auditLogRequestSchema, response: auditLogResponseSchema }),
} as const;
