import type { z } from 'zod/mini';
import { IDEMPOTENCY_KEY } from './idempotency-key.ts';
import { EMAIL_PATTERN } from '../rules/name-email.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Site-page calls the spec leaves out (issue "Site pages"), in the spec's style: POST/GET
 * /api/v1/<name>, `{success, data}` answers, WordPress errors. Content is operator-edited
 * rows; bodies are plain text (paragraphs split by blank lines, `## ` starts a heading),
 * never HTML. shop-api/README.md documents them.
 */

export const faqSchema = lazySchema((z) => z.object({ id: z.int(), category: z.string(), question: z.string(), answer: z.string() }));
export type Faq = z.infer<typeof faqSchema>;
export const faqsResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: z.array(faqSchema) }));

export const legalTermSchema = lazySchema((z) => z.object({
  /** The `?tab=` number of /legal-terms; 3 is the privacy policy. */
  tab: z.int().check(z.positive()),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  /** 'YYYY-MM-DD' of the last operator edit. */
  updated_on: z.string(),
}));
export type LegalTerm = z.infer<typeof legalTermSchema>;
export const legalTermsResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: z.array(legalTermSchema) }));

export const postalRouteSchema = lazySchema((z) => z.object({
  title: z.string(),
  intro: z.string(),
  address_lines: z.array(z.string()),
  what_to_write: z.array(z.string()),
  fairness: z.string(),
  closing_rules: z.array(z.string()),
}));
export type PostalRoute = z.infer<typeof postalRouteSchema>;
export const postalRouteResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: postalRouteSchema }));

/** Limits shared by the contact form and the API, so both say the same thing. */
export const contactLimits = { name: 100, email: 254, subject: 150, message: 3000, minMessage: 10 } as const;

/** The contact form's messages: the page checks with them before sending, and the API refuses with them. */
export const contactMessages = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name must be ${contactLimits.name} characters or fewer.`,
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like name@example.co.uk.',
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `The subject must be ${contactLimits.subject} characters or fewer.`,
  messageRequired: 'Please enter your message.',
  messageTooShort: `Your message must be at least ${contactLimits.minMessage} characters.`,
  messageTooLong: `Your message must be ${contactLimits.message} characters or fewer.`,
} as const;

export const contactRequestSchema = lazySchema((z) => z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, contactMessages.nameRequired), z.maxLength(contactLimits.name, contactMessages.nameTooLong)),
  // The forms' email rule (EMAIL_PATTERN), then zod's stricter one: it becomes the mail's Reply-To,
  // so nothing that reads as two addresses. What only the second refuses, the page shows in these words.
  email: z.string().check(
    z.trim(),
    z.minLength(1, contactMessages.emailRequired),
    z.maxLength(contactLimits.email, contactMessages.emailInvalid),
    z.regex(EMAIL_PATTERN, contactMessages.emailInvalid),
    z.email(contactMessages.emailInvalid),
  ),
  subject: z.string().check(z.trim(), z.minLength(1, contactMessages.subjectRequired), z.maxLength(contactLimits.subject, contactMessages.subjectTooLong)),
  message: z.string().check(
    z.trim(),
    z.minLength(1, contactMessages.messageRequired),
    z.minLength(contactLimits.minMessage, contactMessages.messageTooShort),
    z.maxLength(contactLimits.message, contactMessages.messageTooLong),
  ),
  /** One per message the visitor sends: sent again after a lost answer, it is the message already stored. */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
}));
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export const contactResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), message: z.string(), reference: z.string() }));

/** Chat messages: at most 500 characters of plain text. */
export const CHAT_MESSAGE_MAX = 500;

export const chatMessageSchema = lazySchema((z) => z.object({
  id: z.int(),
  author: z.string(),
  message: z.string(),
  /** ISO 8601 UTC. */
  created_at: z.string(),
}));
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatListRequestSchema = lazySchema((z) => z.strictObject({
  /** Messages older than this id (paging back). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
}));
export const chatListResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: z.array(chatMessageSchema) }));

export const chatPostRequestSchema = lazySchema((z) => z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(512)),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(CHAT_MESSAGE_MAX)),
}));
export const chatPostResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: chatMessageSchema }));

/** Server-Sent Events of GET /api/v1/chat_stream: `event: message` (data ChatMessage) and `event: removed` (data {id}). */
export const chatRemovedEventSchema = lazySchema((z) => z.object({ id: z.int() }));
