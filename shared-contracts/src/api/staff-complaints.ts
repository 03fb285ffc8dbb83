import { z } from 'zod/mini';
import { IDEMPOTENCY_KEY } from './idempotency-key.ts';
import { lazySchema } from './lazy-schema.ts';
import { complaintCategorySchema } from './complaints.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * The back office's complaints queue (UK prize-draw code, clause 1.2). Re-exported by
 * `@cgg/contracts/staff`; kept in its own file so the staff call table only names them.
 */

/** open: nobody has answered; answered: our answer is sent; closed: resolved. */
export const complaintStates = ['open', 'answered', 'closed'] as const;
export const complaintStateSchema = lazySchema(() => z.enum(complaintStates));
export type ComplaintState = z.infer<typeof complaintStateSchema>;
export const complaintStateLabels: Record<ComplaintState, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };

const positiveId = z.int().check(z.positive());
const pageNumber = z.optional(z.int().check(z.minimum(1), z.maximum(10000)));

/** A complaint as the queue lists it. */
export const staffComplaintRowSchema = lazySchema(() => z.object({
  id: z.int(),
  reference: z.string(),
  state: complaintStateSchema,
  category: complaintCategorySchema,
  name: z.string(),
  email: z.string(),
  customer_id: z.nullable(z.int()),
  order_number: z.nullable(z.int()),
  created_at: z.string(),
  /** Whole hours from filing until it was closed, or until now. */
  open_hours: z.int(),
  /** When our final answer is due at the latest (the policy's target). */
  answer_due_at: z.string(),
}));
export type StaffComplaintRow = z.infer<typeof staffComplaintRowSchema>;

/** One complaint, whole: the customer's text, whether they were acknowledged, each answer, and its closing. */
export const staffComplaintSchema = lazySchema(() => z.object({
  ...staffComplaintRowSchema.shape,
  details: z.string(),
  /** When the acknowledgement email went; null: it could not be sent. */
  acknowledged_at: z.nullable(z.string()),
  answers: z.array(z.object({ id: z.int(), author: z.string(), text: z.string(), sent_to: z.string(), created_at: z.string() })),
  closed_at: z.nullable(z.string()),
  closed_by: z.nullable(z.string()),
  close_note: z.nullable(z.string()),
}));
export type StaffComplaint = z.infer<typeof staffComplaintSchema>;

export const staffComplaintsRequestSchema = lazySchema(() => z.strictObject({ state: z.optional(complaintStateSchema), page: pageNumber }));
export const staffComplaintsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffComplaintRowSchema), page: z.int(), total: z.int(), total_pages: z.int() }));

export const staffComplaintRequestSchema = lazySchema(() => z.strictObject({ id: positiveId }));
export const staffComplaintResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: staffComplaintSchema }));

export const staffComplaintAnswerRequestSchema = lazySchema(() => z.strictObject({
  id: positiveId,
  text: z.string().check(z.trim(), z.minLength(1, 'Write the answer: the customer receives it by email.'), z.maxLength(5000, 'An answer has at most 5,000 characters.')),
  /**
   * One per answer asked for (a UUID): sent again after a lost answer, it is recorded and mailed
   * once. The back office always sends one; optional so one built before it keeps working.
   */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));
export const staffComplaintCloseRequestSchema = lazySchema(() => z.strictObject({
  id: positiveId,
  /** How it was resolved, for the next member of staff (the customer has had the answer). */
  note: z.optional(z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters.'))),
}));
