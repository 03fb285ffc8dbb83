import { z } from 'zod/mini';
import { MAX_DB_ID } from './db-id.ts';
import { IDEMPOTENCY_KEY } from './idempotency-key.ts';
import { lazySchema } from './lazy-schema.ts';
import { londonWallTimeToInstant } from '../rules/dates.ts';
import { editBase } from './edit-base.ts';
import type { ApiCall, CallAccess } from './calls.ts';
import { claimStateSchema } from './claims.ts';
import { howItWorksResponseSchema, settingsSchema } from './content.ts';
import { legalTermsResponseSchema, postalRouteResponseSchema } from './site.ts';
import {
  staffFaqListResponseSchema, staffFaqRemoveRequestSchema, staffFaqReorderRequestSchema, staffFaqSaveRequestSchema, staffHowItWorksUpdateRequestSchema,
  staffLegalTermRemoveRequestSchema, staffLegalTermSaveRequestSchema, staffPostalRouteUpdateRequestSchema,
} from './staff-content.ts';
import {
  staffPostalWinsRequestSchema, staffPostalWinsResponseSchema, staffSettlePostalWinRequestSchema, staffSettlePostalWinResponseSchema,
  staffWinQueueRequestSchema, staffWinQueueResponseSchema, staffWinReminderRequestSchema, staffWinReminderResponseSchema,
} from './fulfilment.ts';
import {
  staffComplaintAnswerRequestSchema, staffComplaintCloseRequestSchema, staffComplaintRequestSchema, staffComplaintResponseSchema,
  staffComplaintsRequestSchema, staffComplaintsResponseSchema,
} from './staff-complaints.ts';
import {
  harmRuleSchema, staffCustomerBreakRequestSchema, staffHarmSettingsResponseSchema, staffHarmSettingsUpdateRequestSchema, staffReviewCloseRequestSchema,
  staffReviewsRequestSchema, staffReviewsResponseSchema,
} from './harm-markers.ts';
import { staffCouponCreateRequestSchema, staffCouponCreateResponseSchema, staffCouponsRequestSchema, staffCouponsResponseSchema } from './coupons.ts';
import { staffChatMessagesRequestSchema, staffChatMessagesResponseSchema, staffChatRemoveRequestSchema, staffChatRemoveResponseSchema } from './chat-moderation.ts';
import { staffDeadJobsRequestSchema, staffDeadJobsResponseSchema, staffRetryDeadJobRequestSchema, staffRetryDeadJobResponseSchema } from './background-jobs.ts';
import { staffPaymentProblemsRequestSchema, staffPaymentProblemsResponseSchema, staffResolvePaymentProblemRequestSchema, staffResolvePaymentProblemResponseSchema } from './payment-problems.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

// The back office's parts, each in its own file, all behind this one entry.
export * from './staff-content.ts';
export * from './competition-fields.ts';
export * from './fulfilment.ts';
export * from './staff-complaints.ts';
export * from './harm-markers.ts';
export * from './background-jobs.ts';
export * from './payment-problems.ts';
export * from './chat-moderation.ts';
export * from './coupons.ts';
export * from './edit-base.ts';

/*
 * The back office's own calls (issue "The operator's back office"): staff sign-in with a
 * second factor, and the audit log. A separate entry (`@cgg/contracts/staff`), so the
 * customer site's bundles never carry them.
 */

export const staffRoleSchema = lazySchema(() => z.enum(['admin', 'operator', 'support']));
export type StaffRole = z.infer<typeof staffRoleSchema>;

const email = z.string().check(z.minLength(3, 'Enter a valid email address.'), z.maxLength(254, 'An email address has at most 254 characters.'));
const password = z.string().check(z.minLength(1), z.maxLength(200));
const token = z.string().check(z.minLength(1), z.maxLength(512));
const totpCode = z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));
const recoveryCode = z.string().check(z.regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/, 'A recovery code looks like abcde-12345.'));

export const staffMemberSchema = lazySchema(() => z.object({ id: z.int(), email: z.string(), name: z.string(), role: staffRoleSchema }));
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffLoginRequestSchema = lazySchema(() => z.strictObject({ email, password }));
/** Step two follows with `token`: enter a code, or first enrol the authenticator app (`otpauth_uri`, `secret`). */
export const staffLoginResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({
    step: z.enum(['totp', 'enrol-totp']),
    token: z.string(),
    otpauth_uri: z.optional(z.string()),
    secret: z.optional(z.string()),
  }),
}));

export const staffSecondFactorRequestSchema = lazySchema(() => z.strictObject({ token, code: z.optional(totpCode), recovery_code: z.optional(recoveryCode) }));
export const staffSessionResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({
    token: z.string(),
    staff: staffMemberSchema,
    /** True when the password was set by someone else: the member chooses their own (staff/change_password) before anything else. */
    password_change_due: z.optional(z.boolean()),
    /** Only once, right after enrolment: each works once instead of a code. */
    recovery_codes: z.optional(z.array(z.string())),
  }),
}));

export const staffTokenRequestSchema = lazySchema(() => z.strictObject({}));
export const staffMeResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.extend(staffMemberSchema, { password_change_due: z.optional(z.boolean()) }),
}));

/** A member's own new password: the current one, then one of 12 or more characters that differs from it. */
export const staffChangePasswordRequestSchema = lazySchema(() => z.strictObject({
  current_password: z.string().check(z.minLength(1, 'Enter your current password.'), z.maxLength(200)),
  new_password: z.string().check(z.minLength(12, 'A staff password has at least 12 characters.'), z.maxLength(200, 'At most 200 characters.')),
}));
export const staffChangePasswordResponseSchema = lazySchema(() => z.object({ success: z.literal(true), message: z.string() }));
export const staffLogoutResponseSchema = lazySchema(() => z.object({ success: z.literal(true), message: z.string() }));

/**
 * A new member. Without `password` (the back office) they are mailed a link to choose their own, so
 * the admin never knows it; a first password given (an older back office) they replace at their
 * first sign-in.
 */
export const staffCreateRequestSchema = lazySchema(() => z.strictObject({
  email,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  role: staffRoleSchema,
  password: z.optional(z.string().check(z.minLength(12, 'A staff password has at least 12 characters.'), z.maxLength(200))),
}));
export const staffCreateResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffMemberSchema }));

/**
 * A member's sign-in reset by an admin (a lost authenticator app): the app and every session gone,
 * and a link mailed to choose a new password (without `password`), or a first password given (an
 * older back office).
 */
export const staffResetSignInRequestSchema = lazySchema(() => z.strictObject({
  id: positiveId,
  password: z.optional(z.string().check(z.minLength(12, 'A staff password has at least 12 characters.'), z.maxLength(200))),
}));

/** How long a link mailed to a staff member to choose their password works. */
export const STAFF_PASSWORD_LINK_DAYS = 3;
/** A member's own password, set with the key of the link mailed to them (a new member, or a reset sign-in). */
export const staffSetPasswordRequestSchema = lazySchema(() => z.strictObject({
  key: z.string().check(z.minLength(1, 'This link is not complete: open it again from the email.'), z.maxLength(100)),
  password: z.string().check(z.minLength(12, 'A staff password has at least 12 characters.'), z.maxLength(200, 'At most 200 characters.')),
}));
export const staffSetPasswordResponseSchema = lazySchema(() => z.object({ success: z.literal(true), message: z.string() }));
export const staffResetSignInResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffAccountSchema }));

/** What the audit log records, as dotted names: the back office filters by them. */
export const auditActions = [
  'order.refund', 'staff.create', 'staff.update', 'staff.sign-in', 'staff.enrol-second-factor', 'staff.sign-out',
  'entries.export', 'draw.run', 'claim.state', 'customer.note', 'points.adjust', 'credit.adjust',
  'postal.entry', 'settings.update', 'seo.update', 'competition.create', 'competition.update',
  'coupon.create', 'chat.remove', 'login-as-user.issue', 'postal-win.settle',
  'competition.publish', 'competition.unpublish', 'competition.duplicate', 'image.upload',
  'faq.create', 'faq.update', 'faq.reorder', 'faq.remove', 'legal.create', 'legal.update', 'legal.remove', 'how-it-works.update', 'postal-route.update',
  'competition.cancel',
  'win.remind',
  'complaint.answer', 'complaint.close',
  'customer.break', 'review.close', 'harm-settings.update',
  'payment-problem.resolve',
  'claim.payee-view',
  'job.retry',
  'staff.reset-sign-in', 'staff.password-change',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = lazySchema(() => z.object({
  id: z.int(),
  at: z.string(),
  staff_id: z.nullable(z.int()),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
}));
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** A row id of an `integer`-keyed table (a staff account, a competition, an order). */
/**
 * The most rows some back-office lists answer at once (they have no pager). A screen showing
 * exactly this many says there may be more, so nobody takes a full page for the whole list.
 */
export const STAFF_LIST_CAPS = { customerMatches: 25, openFlags: 200, paymentProblems: 100, deadJobs: 100, coupons: 200 } as const;

const positiveId = z.int().check(z.positive(), z.maximum(MAX_DB_ID));
export const auditLogRequestSchema = lazySchema(() => z.strictObject({
  page: z.optional(z.int().check(z.minimum(1), z.maximum(10000))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  action: z.optional(z.string().check(z.maxLength(64))),
  staff_id: z.optional(positiveId),
}));
export const auditLogResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(auditEntrySchema), page: z.int(), total: z.int(), total_pages: z.int() }));

const pounds = z.string().check(z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter an amount in pounds, e.g. 50 or 12.50'));

/** A staff member as admins manage them. */
export const staffAccountSchema = lazySchema(() => z.object({
  ...staffMemberSchema.shape,
  /** Support's refund limit per refund, pounds; null: none set (support cannot refund). */
  refund_limit: z.nullable(z.string()),
  second_factor: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
}));
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffListResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffAccountSchema) }));

export const staffUpdateRequestSchema = lazySchema(() => z.strictObject({
  id: positiveId,
  role: z.optional(staffRoleSchema),
  /** Pounds, or null to remove the limit. */
  refund_limit: z.optional(z.nullable(pounds)),
  disabled: z.optional(z.boolean()),
}));
export const staffUpdateResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffAccountSchema }));

export const refundDestinationSchema = lazySchema(() => z.enum(['card', 'site_credit']));
export type RefundDestination = z.infer<typeof refundDestinationSchema>;

export const staffRefundRequestSchema = lazySchema(() => z.strictObject({
  order_id: positiveId,
  /** Pounds; left out: all that is left of the card payment. */
  amount: z.optional(pounds),
  /** Where the money goes: back to the card (the default) or into the customer's site credit. */
  to: z.optional(refundDestinationSchema),
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the order is refunded.'), z.maxLength(200)),
  /** One per refund asked for (a UUID): a retry with the same key is the same refund. */
  idempotency_key: z.string().check(z.regex(IDEMPOTENCY_KEY)),
}));
export const staffRefundResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({
    order_id: z.int(), amount: z.string(), left: z.string(), order_status: z.string(), reference: z.string(), repeated: z.boolean(),
    to: z.optional(refundDestinationSchema),
    /** Site credit and points the order spent, given back with a whole order. */
    credit_returned: z.optional(z.string()),
    points_returned: z.optional(z.int()),
    tickets_released: z.optional(z.int()),
    /** Codes of the single-use coupons a whole refund gave back. */
    coupons_returned: z.optional(z.array(z.string())),
  }),
}));
/** A refund as the back office reports it. */
export type StaffRefundDone = z.infer<typeof staffRefundResponseSchema>['data'];

/** Cancel a competition and start refunding every paid order of it in the background (after the job has stopped, again refunds only what is left). */
export const staffCancelCompetitionRequestSchema = lazySchema(() => z.strictObject({
  competition_id: positiveId,
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why the competition is cancelled.'), z.maxLength(200, 'At most 200 characters.')),
  to: refundDestinationSchema,
}));
/**
 * Where a cancelled competition's refunds stand (the answer to a cancel, and to
 * `staffCompetitionRefunds`): the refunds run in the background, each order refunded once.
 */
export const staffCompetitionRefundsSchema = lazySchema(() => z.object({
  competition_id: z.int(),
  title: z.string(),
  /** Paid orders of the competition: those refunded and those still to refund. */
  orders: z.int(),
  refunded: z.int(),
  /** Pounds given back so far (to the card, or as site credit, and the site credit spent on the orders). */
  total: z.string(),
  /** Loyalty points spent on the orders and given back so far. */
  points_returned: z.int(),
  /** refunding: at work or about to start; retrying: some failed, tried again at next_try_at; stopped: nothing will try again until staff start it; done. */
  state: z.enum(['refunding', 'retrying', 'stopped', 'done']),
  /** Which orders the last try could not refund, and why. */
  last_error: z.nullable(z.string()),
  next_try_at: z.nullable(z.string()),
}));
export type StaffCompetitionRefunds = z.infer<typeof staffCompetitionRefundsSchema>;
export const staffCancelCompetitionResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffCompetitionRefundsSchema }));
export const staffCompetitionRefundsRequestSchema = lazySchema(() => z.strictObject({ competition_id: positiveId }));

const pageNumber = z.optional(z.int().check(z.minimum(1), z.maximum(10000)));
const paged = { page: z.int(), total: z.int(), total_pages: z.int() };

/** A competition as the operators' screens list it. */
export const staffCompetitionSchema = lazySchema(() => z.object({
  id: z.int(),
  title: z.string(),
  /** 'draft' (not on the shop yet), 'open' (on sale), 'closed' (entries closed, not drawn), 'drawn', 'cancelled' (everyone refunded, never drawn). */
  stage: z.enum(['draft', 'open', 'closed', 'drawn', 'cancelled']),
  closing_at: z.string(),
  draw_at: z.string(),
  total_tickets: z.int(),
  paid_entries: z.int(),
  postal_entries: z.int(),
  /** The seed's published commitment (SHA-256), made before entries close. */
  commitment: z.nullable(z.string()),
  winning_ticket: z.nullable(z.int()),
}));
export type StaffCompetition = z.infer<typeof staffCompetitionSchema>;
export const staffCompetitionsRequestSchema = lazySchema(() => z.strictObject({
  /** One competition only. */
  id: z.optional(positiveId),
  stage: z.optional(z.enum(['draft', 'open', 'closed', 'drawn', 'cancelled'])),
  search: z.optional(z.string().check(z.maxLength(100))),
  page: pageNumber,
}));
export const staffCompetitionsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffCompetitionSchema), ...paged }));

/** One entry of a competition: a paid ticket of an order that counts, or a postal entry. */
export const staffEntrySchema = lazySchema(() => z.object({
  ticket_number: z.int(),
  entry_type: z.enum(['paid', 'postal']),
  name: z.string(),
  email: z.string(),
  /** 'order #10016' or 'postal #3'. */
  reference: z.string(),
  created_at: z.string(),
  /** When a postal entry arrived (null for a paid ticket, or a postal entry recorded before arrivals were); optional for an API released before it. */
  received_at: z.optional(z.nullable(z.string())),
}));
export type StaffEntry = z.infer<typeof staffEntrySchema>;
export const staffEntriesRequestSchema = lazySchema(() => z.strictObject({
  competition_id: positiveId,
  /** A ticket number, or part of a name, email or reference. */
  search: z.optional(z.string().check(z.maxLength(100))),
  page: pageNumber,
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(200))),
}));
export const staffEntriesResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffEntrySchema), ...paged }));
/** A GET answered with the whole list as a CSV download, streamed from the database (not JSON, so not a staff call). */
export const STAFF_ENTRIES_CSV_ROUTE = '/api/v1/staff/entries_csv';
export const staffEntriesCsvPath = (competitionId: number): string => `/?rest_route=${STAFF_ENTRIES_CSV_ROUTE}&competition_id=${competitionId}`;
export const staffEntriesCsvRequestSchema = lazySchema(() => z.strictObject({ competition_id: z.string().check(z.regex(/^[1-9]\d{0,8}$/)) }));

export const staffRunDrawRequestSchema = lazySchema(() => z.strictObject({ competition_id: positiveId }));
export const staffRunDrawResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({
    competition_id: z.int(),
    entry_count: z.int(),
    /** null: no entries, closed without a winner. */
    winning_ticket: z.nullable(z.int()),
    commitment: z.string(),
    seed: z.string(),
    entry_list_sha256: z.string(),
    /** Where anyone checks it: the public results page of the draw. */
    verify_url: z.string(),
    entry_list_url: z.string(),
  }),
}));

/** A claim's states, in order: the customer's account shows the same ones. */
export const claimStates = claimStateSchema.options;
export const staffClaimSchema = lazySchema(() => z.object({
  id: z.int(),
  state: claimStateSchema,
  /** prize, cash or credit. */
  choice: z.string(),
  amount: z.string(),
  prize_title: z.string(),
  win_kind: z.string(),
  customer_email: z.string(),
  /** Where a prize goes; null for cash and credit. */
  deliver_to: z.nullable(z.string()),
  /** Cash: the account's last 4 digits only. */
  pay_to: z.nullable(z.string()),
  /** A sent prize's tracking reference. */
  tracking_reference: z.nullable(z.string()),
  created_at: z.string(),
}));
export type StaffClaim = z.infer<typeof staffClaimSchema>;
export const staffClaimsRequestSchema = lazySchema(() => z.strictObject({ state: z.optional(claimStateSchema), page: pageNumber }));
export const staffClaimsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffClaimSchema), ...paged }));
export const staffClaimStateRequestSchema = lazySchema(() => z.strictObject({
  id: positiveId,
  state: z.enum(['processing', 'fulfilled']),
  /** With `fulfilled` for a prize sent by post or courier. */
  tracking_reference: z.optional(z.string().check(z.trim(), z.minLength(1, 'Enter the tracking reference, or leave it out.'), z.maxLength(100, 'At most 100 characters.'))),
}));
export const staffClaimStateResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffClaimSchema }));

/** A customer as a search lists them. */
/** What a search matched a customer on: a number may be a customer's and an order's both. */
export const customerMatchReasons = ['customer_number', 'order_number', 'ticket', 'name_or_email'] as const;
export type CustomerMatchReason = (typeof customerMatchReasons)[number];
export const staffCustomerMatchSchema = lazySchema(() => z.object({
  id: z.int(), name: z.string(), email: z.string(), created_at: z.string(),
  /** Why this customer is in the results (every reason that holds); absent from an older API. */
  matched: z.optional(z.array(z.enum(customerMatchReasons))),
}));
export const staffCustomerSearchRequestSchema = lazySchema(() => z.strictObject({
  /** Part of a name or email; or a customer number, order number (10016 or #10016) or ticket ("12:345", competition and ticket). */
  query: z.string().check(
    z.trim(),
    z.maxLength(100),
    // A number may be one digit (customer 4); a name or email needs 2 characters to mean anything.
    z.refine((q) => /^#?\d+$/.test(q) || q.length >= 2, 'Enter at least 2 characters: a name, email, order number or competition:ticket.'),
  ),
}));
export const staffCustomerSearchResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffCustomerMatchSchema) }));

/** One customer, whole, for support: what they bought and won, their balances, limits and breaks, and staff notes. */
export const staffCustomerSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  town: z.string(),
  created_at: z.string(),
  points: z.int(),
  credit: z.string(),
  /** The spend limit in force ('£50.00 a month'), a pending change, and a break (lock). */
  limit: z.nullable(z.string()),
  pending_limit: z.nullable(z.string()),
  locked_until: z.nullable(z.string()),
  lock_permanent: z.boolean(),
  /** When the break in force (or the permanent closure) started; null without one. */
  lock_started_at: z.nullable(z.string()),
  orders: z.array(z.object({
    id: z.int(), created_at: z.string(), status: z.string(), total: z.string(), tickets: z.int(),
    /** Pounds given back so far by refunds that went through (to the card or as site credit, with the credit it spent); 7.9.0. */
    refunded: z.optional(z.string()),
  })),
  wins: z.array(z.object({ kind: z.string(), competition_id: z.int(), ticket_number: z.int(), prize_title: z.string(), won_at: z.string() })),
  claims: z.array(z.object({ id: z.int(), prize_title: z.string(), choice: z.string(), state: claimStateSchema, created_at: z.string() })),
  notes: z.array(z.object({ id: z.int(), author: z.string(), text: z.string(), created_at: z.string() })),
}));
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;
export const staffCustomerRequestSchema = lazySchema(() => z.strictObject({ id: positiveId }));
export const staffCustomerResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffCustomerSchema }));

export const staffCustomerNoteRequestSchema = lazySchema(() => z.strictObject({
  customer_id: positiveId,
  text: z.string().check(z.trim(), z.minLength(1, 'Write the note.'), z.maxLength(2000, 'A note has at most 2,000 characters.')),
  /** One per note written (a UUID): sent again, it answers the note it added. Optional, as `staffAdjustBalance`'s. */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));
export const staffAdjustBalanceRequestSchema = lazySchema(() => z.strictObject({
  customer_id: positiveId,
  kind: z.enum(['points', 'credit']),
  /** Points: a signed whole number (50, -50). Credit: signed pounds (10, -4.50). Never 0. */
  amount: z.string().check(z.trim(), z.regex(/^[+-]?(?!0+(\.0+)?$)\d{1,7}(\.\d{1,2})?$/, 'Enter a change like 50 or -50 (credit in pounds, e.g. 4.50).')),
  reason: z.string().check(z.trim(), z.minLength(1, 'Say why: the customer sees it.'), z.maxLength(200)),
  /**
   * One per change asked for (a UUID): a retry with the same key is the same change, made once. The
   * back office always sends one; optional so a back office built before it keeps working while the
   * API is released first.
   */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));

const DATE_OF_BIRTH_REQUIRED_ON_ENTRY = 'The entrant\'s date of birth is required: the postal route asks for it.';
/** One free postal entry as written on the card. */
export const postalEntryLineSchema = lazySchema(() => z.strictObject({
  full_name: z.string().check(z.trim(), z.minLength(1, 'The entrant\'s name is required.'), z.maxLength(200)),
  email: z.string().check(z.trim(), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'A valid email address is required, to tell the entrant if they win.')),
  town: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** The answer written on the entry: an option's text (or id). */
  answer: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** The date of birth written on the entry, 'YYYY-MM-DD': the API refuses an entrant under 18 on the day it arrived. */
  date_of_birth: z.string({ error: DATE_OF_BIRTH_REQUIRED_ON_ENTRY }).check(
    z.trim(),
    z.minLength(1, DATE_OF_BIRTH_REQUIRED_ON_ENTRY),
    z.regex(/^$|^\d{4}-\d{2}-\d{2}$/, 'The date of birth must be written as YYYY-MM-DD (for example 1990-04-23).'),
  ),
}));
export type PostalEntryLine = z.infer<typeof postalEntryLineSchema>;
export const staffPostalEntriesRequestSchema = lazySchema(() => z.strictObject({
  competition_id: positiveId,
  /** One entry, or a batch (a CSV read in the browser): each recorded on its own, in order. */
  entries: z.array(postalEntryLineSchema).check(z.minLength(1), z.maxLength(500, 'At most 500 entries at a time.')),
  /**
   * When these entries arrived, London 'YYYY-MM-DD HH:MM' (a day's post is one batch); left out,
   * now. An entry counts only if it arrived before the competition closed, and is then recorded
   * after the close too, until the draw.
   */
  received: z.optional(z.string().check(z.refine((v) => !Number.isNaN(londonWallTimeToInstant(v)), 'When the entries arrived must be London time "YYYY-MM-DD HH:MM".'))),
  /**
   * One per batch asked for (a UUID; each line keyed by it and its number): the batch sent again
   * records only the lines not yet recorded. The back office always sends one; optional so a back
   * office built before it keeps working while the API is released first.
   */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));
export const staffPostalEntriesResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.array(z.object({
    line: z.int(),
    recorded: z.boolean(),
    ticket_number: z.nullable(z.int()),
    /** Instant-win prizes this entry won. */
    instant_wins: z.array(z.string()),
    /** Why a line was not recorded. */
    message: z.nullable(z.string()),
  })),
}));

/** Why a customer is on the dashboard's "Customers to look at": one open review flag (shop-api's harm-markers). */
export const flagReasonSchema = lazySchema(() => z.object({ code: harmRuleSchema, text: z.string() }));
/** A customer to look at: `flagged_at` is when the newest open flag was raised. */
export const flaggedCustomerSchema = lazySchema(() => z.object({ customer_id: z.int(), name: z.string(), flagged_at: z.string(), reasons: z.array(flagReasonSchema) }));
export type FlaggedCustomer = z.infer<typeof flaggedCustomerSchema>;

/** Sales figures for a period: orders placed that count (not refunded or cancelled). */
const salesSchema = z.object({ orders: z.int(), revenue: z.string(), paid_tickets: z.int(), postal_entries: z.int() });
export const staffDashboardSchema = lazySchema(() => z.object({
  /** London days and weeks (Monday first). */
  today: salesSchema,
  this_week: salesSchema,
  /** The last 14 London days, oldest first, for the chart. */
  daily: z.array(z.object({ day: z.string(), revenue: z.string(), paid_tickets: z.int(), postal_entries: z.int() })),
  /** This week's revenue per competition, highest first (at most 10). */
  by_competition: z.array(z.object({ competition_id: z.int(), title: z.string(), revenue: z.string(), paid_tickets: z.int() })),
  /** Open competitions closing in the next 3 days, soonest first. */
  closing_soon: z.array(z.object({ competition_id: z.int(), title: z.string(), closing_at: z.string(), sold: z.int(), total: z.int() })),
  /** Prize claims not yet fulfilled. */
  open_claims: z.int(),
  /** Customers whose play needs a human look, newest first (at most 10), each with why. */
  flagged_customers: z.array(flaggedCustomerSchema),
}));
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;
export const staffDashboardResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffDashboardSchema }));

/** The shop settings an admin edits (any subset); the site's 15-minute caches pick a change up. */
export const staffSettingsUpdateRequestSchema = lazySchema(() => z.strictObject({
  suggested_tickets: z.optional(z.array(z.int().check(z.minimum(1), z.maximum(1000))).check(z.minLength(1, 'Give at least one ticket count.'), z.maxLength(8, 'At most 8 ticket counts.'))),
  announcement: z.optional(z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters.'))),
  live_draw_info: z.optional(z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters.'))),
  main_competition: z.optional(z.nullable(positiveId)),
  slider_height_desktop: z.optional(z.int().check(z.minimum(100, 'Between 100 and 1200 pixels.'), z.maximum(1200, 'Between 100 and 1200 pixels.'))),
  slider_height_tablet: z.optional(z.int().check(z.minimum(100, 'Between 100 and 1200 pixels.'), z.maximum(1200, 'Between 100 and 1200 pixels.'))),
  slider_height_mobile: z.optional(z.int().check(z.minimum(100, 'Between 100 and 1200 pixels.'), z.maximum(1200, 'Between 100 and 1200 pixels.'))),
  show_question: z.optional(z.union([z.literal(0), z.literal(1)])),
  slider_speed: z.optional(z.int().check(z.minimum(1000, 'Between 1,000 and 60,000 milliseconds.'), z.maximum(60000, 'Between 1,000 and 60,000 milliseconds.'))),
  reward_prize_info: z.optional(z.string().check(z.trim(), z.maxLength(2000, 'At most 2,000 characters.'))),
  frontend_scripts: z.optional(z.string().check(z.maxLength(20000, 'At most 20,000 characters.'))),
  /** Pounds: the most one customer may pay by credit card in a London calendar month (UK prize-draw code 1.3). */
  credit_card_monthly_cap: z.optional(pounds),
  /** The fields sent, as the editor loaded them (edit-base.ts). */
  base: editBase(),
}));
export type StaffSettingsUpdate = z.infer<typeof staffSettingsUpdateRequestSchema>;

/**
 * The shop settings as admins see them: what getsettings publishes, and the rules the shop
 * keeps to itself (the credit-card cap is enforced at checkout, not shown to shoppers as a setting).
 */
export const staffSettingsSchema = lazySchema(() => z.object({
  ...settingsSchema.shape,
  /** Pounds ('250.00'): the most one customer may pay by credit card in a London calendar month. */
  credit_card_monthly_cap: z.string().check(z.regex(/^\d+\.\d{2}$/)),
}));
export type StaffSettings = z.infer<typeof staffSettingsSchema>;
export const staffSettingsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffSettingsSchema }));

/** One page's SEO row. */
export const staffSeoRowSchema = lazySchema(() => z.object({ page: z.string(), page_title: z.string(), meta_title: z.string(), meta_description: z.string() }));
export type StaffSeoRow = z.infer<typeof staffSeoRowSchema>;
export const staffSeoListResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffSeoRowSchema) }));
export const staffSeoUpdateRequestSchema = lazySchema(() => z.strictObject({
  page: z.string().check(z.minLength(1), z.maxLength(64)),
  page_title: z.string().check(z.trim(), z.minLength(1, 'A page title is required.'), z.maxLength(120, 'At most 120 characters.')),
  meta_title: z.string().check(z.trim(), z.minLength(1, 'A meta title is required.'), z.maxLength(120, 'At most 120 characters.')),
  meta_description: z.string().check(z.trim(), z.minLength(1, 'A description is required.'), z.maxLength(320, 'At most 320 characters.')),
  /** The row as the editor loaded it (edit-base.ts). */
  base: editBase(),
}));
export const staffSeoUpdateResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffSeoRowSchema }));

/** A back-office call: `staff` access, and which roles may make it (the server checks both). */
export interface StaffCall<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, A extends CallAccess = CallAccess> extends ApiCall<Req, Res, A> {
  readonly staffRoles?: readonly StaffRole[];
  /** May be called before a member whose password someone else set has chosen their own (every other staff call answers 403 `cgg_staff_password_change_due`). */
  readonly whilePasswordChangeDue?: true;
}

function staffCall<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, const A extends CallAccess>(c: StaffCall<Req, Res, A>): StaffCall<Req, Res, A> {
  return c;
}

const everyRole = ['admin', 'operator', 'support'] as const;

/** The editor opens a competition (or, without `id`, a blank one) with its fields and what may still change. */
export const staffCompetitionFieldsRequestSchema = lazySchema(() => z.strictObject({ id: z.optional(positiveId) }));
export const staffCompetitionFieldsResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({
    /** null for a new competition. */
    fields: z.nullable(z.record(z.string(), z.unknown())),
    stage: z.nullable(z.enum(['draft', 'open', 'closed', 'drawn', 'cancelled'])),
    tickets_sold: z.int(),
    /** Fields fixed by now (tickets sold, or drawn), each with why. */
    locked: z.array(z.object({ field: z.string(), why: z.string() })),
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    /** The competition's edit version (absent for a new one): sent back with the save. */
    edit_version: z.optional(z.int()),
  }),
}));

/**
 * Saves a competition: without `id` a new draft from every field; with `id` the fields that
 * changed. `fields` are checked with the contracts' competition-fields rules; a refusal is
 * 400 `cgg_invalid_competition` with `data.problems` (field and message each).
 */
export const staffCompetitionSaveRequestSchema = lazySchema(() => z.strictObject({
  id: z.optional(positiveId),
  fields: z.record(z.string(), z.unknown()),
  /** Why, when given: kept in the audit log with the change. */
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  /**
   * The edit version the form was opened at (competition_fields): a save over someone else's since
   * is refused (409 cgg_competition_changed). Optional: the CLI and a back office built before it
   * save without.
   */
  edit_version: z.optional(z.int().check(z.positive())),
  /** A new competition (no `id`): one per draft asked for (a UUID); saved again, it answers the draft it made. */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));
export const staffCompetitionSaveResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({
    id: z.int(), created: z.boolean(), changed: z.array(z.string()), commitment: z.nullable(z.string()),
    /** The competition's edit version after the save, for the form's next save. */
    edit_version: z.optional(z.int()),
  }),
}));

export const staffCompetitionScheduleRequestSchema = lazySchema(() => z.strictObject({
  id: positiveId,
  action: z.enum(['publish', 'unpublish', 'duplicate']),
  /** `duplicate`: one per copy asked for (a UUID); asked again, it answers the copy it made. */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));
export const staffCompetitionScheduleResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.object({ id: z.int(), message: z.string() }) }));

/** A prize photo, base64 in JSON (at most 5 MB of picture). */
export const staffImageUploadRequestSchema = lazySchema(() => z.strictObject({
  file_name: z.string().check(z.minLength(1), z.maxLength(200)),
  data_base64: z.string().check(z.minLength(1), z.maxLength(7_000_000, 'image: must be at most 5 MB'), z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'image: the file was not sent as base64')),
}));
export const staffImageUploadResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), width: z.int(), height: z.int(), bytes: z.int(), variants: z.int() }),
}));

export const staffCalls = {
  staffLogin: staffCall({ access: 'anyone', route: '/api/v1/staff/login', method: 'POST', auth: 'site', request: staffLoginRequestSchema, response: staffLoginResponseSchema }),
  staffSecondFactor: staffCall({ access: 'anyone', route: '/api/v1/staff/second_factor', method: 'POST', auth: 'site', request: staffSecondFactorRequestSchema, response: staffSessionResponseSchema }),
  staffSetPassword: staffCall({ access: 'anyone', route: '/api/v1/staff/set_password', method: 'POST', auth: 'site', request: staffSetPasswordRequestSchema, response: staffSetPasswordResponseSchema }),
  staffMe: staffCall({ access: 'staff', staffRoles: everyRole, whilePasswordChangeDue: true, route: '/api/v1/staff/me', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffMeResponseSchema }),
  staffLogout: staffCall({ access: 'staff', staffRoles: everyRole, whilePasswordChangeDue: true, route: '/api/v1/staff/logout', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffLogoutResponseSchema }),
  staffChangePassword: staffCall({ access: 'staff', staffRoles: everyRole, whilePasswordChangeDue: true, route: '/api/v1/staff/change_password', method: 'POST', auth: 'site', request: staffChangePasswordRequestSchema, response: staffChangePasswordResponseSchema }),
  staffCreate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/create', method: 'POST', auth: 'site', request: staffCreateRequestSchema, response: staffCreateResponseSchema }),
  staffList: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/list', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffListResponseSchema }),
  staffResetSignIn: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/reset_sign_in', method: 'POST', auth: 'site', request: staffResetSignInRequestSchema, response: staffResetSignInResponseSchema }),
  staffUpdate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/update', method: 'POST', auth: 'site', request: staffUpdateRequestSchema, response: staffUpdateResponseSchema }),
  staffRefundOrder: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/refund_order', method: 'POST', auth: 'site', request: staffRefundRequestSchema, response: staffRefundResponseSchema }),
  staffDashboard: staffCall({ access: 'staff', staffRoles: everyRole, route: '/api/v1/staff/dashboard', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffDashboardResponseSchema }),
  staffCompetitions: staffCall({ access: 'staff', staffRoles: everyRole, route: '/api/v1/staff/competitions', method: 'POST', auth: 'site', request: staffCompetitionsRequestSchema, response: staffCompetitionsResponseSchema }),
  staffEntries: staffCall({ access: 'staff', staffRoles: everyRole, route: '/api/v1/staff/entries', method: 'POST', auth: 'site', request: staffEntriesRequestSchema, response: staffEntriesResponseSchema }),
  staffRunDraw: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/run_draw', method: 'POST', auth: 'site', request: staffRunDrawRequestSchema, response: staffRunDrawResponseSchema }),
  staffClaims: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/claims', method: 'POST', auth: 'site', request: staffClaimsRequestSchema, response: staffClaimsResponseSchema }),
  staffClaimState: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/claim_state', method: 'POST', auth: 'site', request: staffClaimStateRequestSchema, response: staffClaimStateResponseSchema }),
  staffPostalEntries: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/postal_entries', method: 'POST', auth: 'site', request: staffPostalEntriesRequestSchema, response: staffPostalEntriesResponseSchema }),
  staffCustomerSearch: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/customer_search', method: 'POST', auth: 'site', request: staffCustomerSearchRequestSchema, response: staffCustomerSearchResponseSchema }),
  staffCustomer: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/customer', method: 'POST', auth: 'site', request: staffCustomerRequestSchema, response: staffCustomerResponseSchema }),
  staffCustomerNote: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/customer_note', method: 'POST', auth: 'site', request: staffCustomerNoteRequestSchema, response: staffCustomerResponseSchema }),
  staffAdjustBalance: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/adjust_balance', method: 'POST', auth: 'site', request: staffAdjustBalanceRequestSchema, response: staffCustomerResponseSchema }),
  staffSettings: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/settings_view', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffSettingsResponseSchema }),
  staffSettingsUpdate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/settings', method: 'POST', auth: 'site', request: staffSettingsUpdateRequestSchema, response: staffSettingsResponseSchema }),
  staffSeoList: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/seo_list', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffSeoListResponseSchema }),
  staffSeoUpdate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/seo_update', method: 'POST', auth: 'site', request: staffSeoUpdateRequestSchema, response: staffSeoUpdateResponseSchema }),
  staffCompetitionFields: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/competition_fields', method: 'POST', auth: 'site', request: staffCompetitionFieldsRequestSchema, response: staffCompetitionFieldsResponseSchema }),
  staffCompetitionSave: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/competition_save', method: 'POST', auth: 'site', request: staffCompetitionSaveRequestSchema, response: staffCompetitionSaveResponseSchema }),
  staffCompetitionSchedule: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/competition_schedule', method: 'POST', auth: 'site', request: staffCompetitionScheduleRequestSchema, response: staffCompetitionScheduleResponseSchema }),
  staffImageUpload: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/image_upload', method: 'POST', auth: 'site', request: staffImageUploadRequestSchema, response: staffImageUploadResponseSchema }),
  staffFaqList: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/faq_list', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffFaqListResponseSchema }),
  staffFaqSave: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/faq_save', method: 'POST', auth: 'site', request: staffFaqSaveRequestSchema, response: staffFaqListResponseSchema }),
  staffFaqReorder: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/faq_reorder', method: 'POST', auth: 'site', request: staffFaqReorderRequestSchema, response: staffFaqListResponseSchema }),
  staffFaqRemove: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/faq_remove', method: 'POST', auth: 'site', request: staffFaqRemoveRequestSchema, response: staffFaqListResponseSchema }),
  staffLegalTermSave: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/legal_term_save', method: 'POST', auth: 'site', request: staffLegalTermSaveRequestSchema, response: legalTermsResponseSchema }),
  staffLegalTermRemove: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/legal_term_remove', method: 'POST', auth: 'site', request: staffLegalTermRemoveRequestSchema, response: legalTermsResponseSchema }),
  staffHowItWorksUpdate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/how_it_works', method: 'POST', auth: 'site', request: staffHowItWorksUpdateRequestSchema, response: howItWorksResponseSchema }),
  staffPostalRouteUpdate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/postal_route', method: 'POST', auth: 'site', request: staffPostalRouteUpdateRequestSchema, response: postalRouteResponseSchema }),
  staffCancelCompetition: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/cancel_competition', method: 'POST', auth: 'site', request: staffCancelCompetitionRequestSchema, response: staffCancelCompetitionResponseSchema }),
  staffCompetitionRefunds: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/competition_refunds', method: 'POST', auth: 'site', request: staffCompetitionRefundsRequestSchema, response: staffCancelCompetitionResponseSchema }),
  staffWinQueue: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/win_queue', method: 'POST', auth: 'site', request: staffWinQueueRequestSchema, response: staffWinQueueResponseSchema }),
  staffWinReminder: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/win_reminder', method: 'POST', auth: 'site', request: staffWinReminderRequestSchema, response: staffWinReminderResponseSchema }),
  staffPostalWins: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/postal_wins', method: 'POST', auth: 'site', request: staffPostalWinsRequestSchema, response: staffPostalWinsResponseSchema }),
  staffSettlePostalWin: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/postal_win_settle', method: 'POST', auth: 'site', request: staffSettlePostalWinRequestSchema, response: staffSettlePostalWinResponseSchema }),
  staffComplaints: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/complaints', method: 'POST', auth: 'site', request: staffComplaintsRequestSchema, response: staffComplaintsResponseSchema }),
  staffComplaint: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/complaint', method: 'POST', auth: 'site', request: staffComplaintRequestSchema, response: staffComplaintResponseSchema }),
  staffComplaintAnswer: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/complaint_answer', method: 'POST', auth: 'site', request: staffComplaintAnswerRequestSchema, response: staffComplaintResponseSchema }),
  staffComplaintClose: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/complaint_close', method: 'POST', auth: 'site', request: staffComplaintCloseRequestSchema, response: staffComplaintResponseSchema }),
  staffCustomerBreak: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/customer_break', method: 'POST', auth: 'site', request: staffCustomerBreakRequestSchema, response: staffCustomerResponseSchema }),
  staffReviews: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/reviews', method: 'POST', auth: 'site', request: staffReviewsRequestSchema, response: staffReviewsResponseSchema }),
  staffReviewClose: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/review_close', method: 'POST', auth: 'site', request: staffReviewCloseRequestSchema, response: staffReviewsResponseSchema }),
  staffHarmSettings: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/harm_settings', method: 'POST', auth: 'site', request: staffTokenRequestSchema, response: staffHarmSettingsResponseSchema }),
  staffHarmSettingsUpdate: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/harm_settings_update', method: 'POST', auth: 'site', request: staffHarmSettingsUpdateRequestSchema, response: staffHarmSettingsResponseSchema }),
  staffCoupons: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/coupons', method: 'POST', auth: 'site', request: staffCouponsRequestSchema, response: staffCouponsResponseSchema }),
  staffCouponCreate: staffCall({ access: 'staff', staffRoles: ['admin', 'operator'], route: '/api/v1/staff/coupon_create', method: 'POST', auth: 'site', request: staffCouponCreateRequestSchema, response: staffCouponCreateResponseSchema }),
  staffChatMessages: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/chat_messages', method: 'POST', auth: 'site', request: staffChatMessagesRequestSchema, response: staffChatMessagesResponseSchema }),
  staffChatRemove: staffCall({ access: 'staff', staffRoles: ['admin', 'support'], route: '/api/v1/staff/chat_remove', method: 'POST', auth: 'site', request: staffChatRemoveRequestSchema, response: staffChatRemoveResponseSchema }),
  staffDeadJobs: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/dead_jobs', method: 'POST', auth: 'site', request: staffDeadJobsRequestSchema, response: staffDeadJobsResponseSchema }),
  staffRetryDeadJob: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/dead_job_retry', method: 'POST', auth: 'site', request: staffRetryDeadJobRequestSchema, response: staffRetryDeadJobResponseSchema }),
  staffPaymentProblems: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/payment_problems', method: 'POST', auth: 'site', request: staffPaymentProblemsRequestSchema, response: staffPaymentProblemsResponseSchema }),
  staffResolvePaymentProblem: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/payment_problem_resolve', method: 'POST', auth: 'site', request: staffResolvePaymentProblemRequestSchema, response: staffResolvePaymentProblemResponseSchema }),
  staffAuditLog: staffCall({ access: 'staff', staffRoles: ['admin'], route: '/api/v1/staff/audit_log', method: 'POST', auth: 'site', request: auditLogRequestSchema, response: auditLogResponseSchema }),
} as const;
