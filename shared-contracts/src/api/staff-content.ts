import { z } from 'zod/mini';
import { MAX_DB_ID } from './db-id.ts';
import { IDEMPOTENCY_KEY } from './idempotency-key.ts';
import { lazySchema } from './lazy-schema.ts';
import { editBase } from './edit-base.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * The site copy admins edit in the back office (issue 16): FAQs, legal terms, how it works and the
 * free postal route. The site renders all of it as plain text (site.ts: blank lines split
 * paragraphs, `## ` starts a heading; React escapes it), never as HTML, so there is nothing to
 * sanitise: markup is refused instead, because a shopper would see the tags as typed.
 * The back office checks a form with these same schemas, so it says what the API would.
 */

/** Looks like an HTML tag or comment: `<p>`, `</a>`, `<br/>`, `<!--`. A lone `<` (odds < 1 in 10) is fine. */
const MARKUP = /<\/?[a-z][^>]*>|<!--/i;
export const PLAIN_TEXT_MESSAGE = 'Plain text only: the site shows HTML tags as typed. Leave a blank line between paragraphs; start a heading line with "## ".';

/** One plain-text field: Windows line ends made \n, trimmed, required, at most `max` characters. */
function plainText(required: string, max: number) {
  return z.string().check(
    z.overwrite((v) => v.replace(/\r\n?/g, '\n')),
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, `At most ${max.toLocaleString('en-GB')} characters.`),
    z.refine((v) => !MARKUP.test(v), PLAIN_TEXT_MESSAGE),
  );
}

/** A list the site shows one item per line (the postal address, what to write, closing rules). */
function lines(what: string, most: number, lineMax: number) {
  return z.array(plainText(`A ${what} cannot be empty.`, lineMax)).check(
    z.minLength(1, `Give at least one ${what}.`),
    z.maxLength(most, `At most ${most} ${what}s.`),
    // The page keys each item by its text: a repeated line would also read as a mistake.
    z.refine((items) => new Set(items).size === items.length, `Each ${what} once: two are the same.`),
  );
}

const positiveId = z.int().check(z.positive(), z.maximum(MAX_DB_ID));

/** An FAQ as admins see it: the public list leaves out unpublished ones. */
export const staffFaqSchema = lazySchema(() => z.object({ id: z.int(), category: z.string(), question: z.string(), answer: z.string(), position: z.int(), published: z.boolean() }));
export type StaffFaq = z.infer<typeof staffFaqSchema>;
export const staffFaqListResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffFaqSchema) }));

/** Without `id`: a new FAQ, last in the list. */
export const staffFaqSaveRequestSchema = lazySchema(() => z.strictObject({
  id: z.optional(positiveId),
  category: plainText('A category is required (questions are grouped by it).', 60),
  question: plainText('A question is required.', 200),
  answer: plainText('An answer is required.', 5000),
  /** false: kept, but not on the site. */
  published: z.boolean(),
  /** A new FAQ (no `id`): one per FAQ asked for (a UUID); sent again, it answers the FAQ it added. */
  idempotency_key: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))),
  /** An FAQ changed (`id`): its fields as the editor loaded them (edit-base.ts). */
  base: editBase(),
}));
export type StaffFaqSave = z.infer<typeof staffFaqSaveRequestSchema>;
/** Every FAQ's id, once each, in the new order. */
export const staffFaqReorderRequestSchema = lazySchema(() => z.strictObject({
  ids: z.array(positiveId).check(z.minLength(1, 'List the FAQs in their new order.'), z.maxLength(500)),
}));
export const staffFaqRemoveRequestSchema = lazySchema(() => z.strictObject({
  id: positiveId,
  /** The FAQ as the admin saw it when choosing to remove it (edit-base.ts): a change made since is not removed unseen. */
  base: editBase(),
}));

/**
 * Without `tab`: a new document, the next tab after the last (its `slug` required). With `tab`:
 * that document's title and body (and slug, if sent).
 */
export const staffLegalTermSaveRequestSchema = lazySchema(() => z.strictObject({
  tab: z.optional(positiveId),
  slug: z.optional(z.string().check(z.trim(), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and single hyphens, e.g. refund-policy.'), z.maxLength(60, 'At most 60 characters.'))),
  title: plainText('A title is required.', 80),
  body: plainText('The document cannot be empty.', 50000),
  /** A document changed (`tab`): its fields as the editor loaded them (edit-base.ts). */
  base: editBase(),
}));
export type StaffLegalTermSave = z.infer<typeof staffLegalTermSaveRequestSchema>;
export const staffLegalTermRemoveRequestSchema = lazySchema(() => z.strictObject({
  tab: positiveId,
  /** The document as the admin saw it when choosing to remove it (edit-base.ts). */
  base: editBase(),
}));
/** The documents the site names and links (the footer and cookie banner link tab 3): edited, never removed. */
export const FIXED_LEGAL_TABS: readonly number[] = [1, 2, 3, 4, 5];

export const staffHowItWorksStepSchema = lazySchema(() => z.strictObject({
  title: plainText('A step needs a title.', 120),
  body: plainText('A step needs its text.', 1000),
}));
/** The whole section at once: steps in the order sent. */
export const staffHowItWorksUpdateRequestSchema = lazySchema(() => z.strictObject({
  title: plainText('A title is required.', 120),
  intro: plainText('An introduction is required.', 1000),
  steps: z.array(staffHowItWorksStepSchema).check(z.minLength(1, 'Give at least one step.'), z.maxLength(10, 'At most 10 steps.')),
  /** The section as the editor loaded it (edit-base.ts). */
  base: editBase(),
}));
export type StaffHowItWorksUpdate = z.infer<typeof staffHowItWorksUpdateRequestSchema>;

/** The whole free postal route page at once. */
export const staffPostalRouteUpdateRequestSchema = lazySchema(() => z.strictObject({
  title: plainText('A title is required.', 120),
  intro: plainText('An introduction is required.', 2000),
  address_lines: lines('address line', 8, 100),
  what_to_write: lines('item', 15, 300),
  fairness: plainText('Say how postal entries are treated.', 2000),
  closing_rules: lines('rule', 15, 500),
  /** The page as the editor loaded it (edit-base.ts). */
  base: editBase(),
}));
export type StaffPostalRouteUpdate = z.infer<typeof staffPostalRouteUpdateRequestSchema>;
