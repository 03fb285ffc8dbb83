import { z } from 'zod/mini';
import { lazySchema, provideZod } from '@cgg/contracts';
import { zodMembers } from '../zod/zod-members.ts';
import { IDEMPOTENCY_KEY } from './idempotency-key.ts';
import { EMAIL_PATTERN } from '../rules/name-email.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Complaints (UK prize-draw code, clause 1.2): the public procedure and the form that files
 * one. The shop's page, the acknowledgement and answer emails and the back office all read
 * the policy below, so the promise made to a customer is written in one place.
 */

/**
 * Our complaints promise, and the independent body a customer may go to once we have given our
 * final answer. Change the body here (its name, address and contact details) and every page and
 * email follows.
 */
export const complaintPolicy = {
  /** Our own target for a final answer, in calendar days. */
  answerWithinDays: 14,
  /** The longest the code allows before a customer may go to the independent body without our answer. */
  codeLimitWeeks: 8,
  /** How long after our final answer the customer has to take it further. */
  escalateWithinMonths: 6,
  adr: {
    name: 'ProMediate',
    /** Where a customer starts: the body's own complaint form and contact details are there. */
    website: 'https://www.promediate.co.uk',
    /** What the body does, as a customer reads it. */
    about: 'an independent dispute-resolution service approved to handle complaints about prize draws and competitions. It is free for you to use.',
  },
} as const;

/** What a complaint is about; the back office filters and reports by these. */
export const complaintCategories = ['entry', 'draw', 'prize', 'payment', 'account', 'other'] as const;
export const complaintCategorySchema = lazySchema(() => z.enum(complaintCategories));
export type ComplaintCategory = z.infer<typeof complaintCategorySchema>;
export const complaintCategoryLabels: Record<ComplaintCategory, string> = {
  entry: 'An entry or my tickets',
  draw: 'A draw or its result',
  prize: 'A prize or its delivery',
  payment: 'A payment or refund',
  account: 'My account',
  other: 'Something else',
};

/** Limits shared by the complaint form and the API, so both say the same thing. */
export const complaintLimits = { name: 100, email: 254, details: 5000, minDetails: 20 } as const;

/** A complaint's public reference: 'CGG-C-000123'. */
export const complaintReference = (id: number): string => `CGG-C-${String(id).padStart(6, '0')}`;

export const complaintRequestSchema = lazySchema(() => z.strictObject({
  /** A signed-in customer's token: the complaint is tied to their account. */
  token: z.optional(z.string().check(z.maxLength(512))),
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter your name.'), z.maxLength(complaintLimits.name, `Your name must be ${complaintLimits.name} characters or fewer.`)),
  email: z.string().check(z.trim(), z.maxLength(complaintLimits.email, 'Please enter a valid email address, like name@example.co.uk.'), z.regex(EMAIL_PATTERN, 'Please enter a valid email address, like name@example.co.uk.')),
  /** Optional: an order number as the customer writes it ('10016' or '#10016'). */
  order_number: z.optional(z.string().check(z.trim(), z.regex(/^(#?\d{1,9})?$/, 'An order number is made of digits, like 10016. Leave it empty if you do not have one.'))),
  category: complaintCategorySchema,
  details: z.string().check(
    z.trim(),
    z.minLength(complaintLimits.minDetails, `Please tell us what happened in at least ${complaintLimits.minDetails} characters.`),
    z.maxLength(complaintLimits.details, `Your complaint must be ${complaintLimits.details} characters or fewer.`),
  ),
  /** One per complaint the customer sends: sent again after a lost answer, it is the complaint already filed. */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));
export type ComplaintRequest = z.infer<typeof complaintRequestSchema>;
export const complaintResponseSchema = lazySchema(() => z.object({
  success: z.literal(true),
  /** 'CGG-C-000123'. */
  reference: z.string(),
  message: z.string(),
  /** The day our final answer is due at the latest, 'YYYY-MM-DD' (London). */
  answer_due: z.string(),
}));
