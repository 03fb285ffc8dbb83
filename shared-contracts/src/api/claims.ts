import { z } from 'zod/mini';
import { lazySchema, provideZod } from '@cgg/contracts';
import { IDEMPOTENCY_KEY } from './idempotency-key.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * Prize claims (issue 5, "/claim/prize"): the signed-in winner's wins, claiming one,
 * and the claim history the account shows. shop-api/README.md "Prize claims" documents
 * the rules (rules/prize-claims.ts says which choices a win offers).
 */

const token = z.string().check(z.minLength(1), z.maxLength(512));
const poundsString = z.string().check(z.regex(/^\d+\.\d{2}$/));
const text = (max: number) => z.string().check(z.maxLength(max));

export const winKindSchema = lazySchema(() => z.enum(['draw', 'instant', 'reward']));
export type WinKind = z.infer<typeof winKindSchema>;
export const claimChoiceSchema = lazySchema(() => z.enum(['prize', 'cash', 'credit']));
export const claimNeedsSchema = lazySchema(() => z.enum(['address', 'bank', 'none']));
export const prizeNatureSchema = lazySchema(() => z.enum(['item', 'cash', 'credit']));
/** received: waiting for the operator; processing: being sent or paid; fulfilled: done (site credit is fulfilled at once). */
export const claimStateSchema = lazySchema(() => z.enum(['received', 'processing', 'fulfilled']));
export type ClaimState = z.infer<typeof claimStateSchema>;

export const claimOptionSchema = lazySchema(() => z.object({ choice: claimChoiceSchema, amount: poundsString, needs: claimNeedsSchema }));
export type ClaimOption = z.infer<typeof claimOptionSchema>;

export const prizeWinSchema = lazySchema(() => z.object({
  win_kind: winKindSchema,
  win_id: z.int(),
  competition_id: z.int(),
  competition_title: z.string(),
  image: z.string(),
  prize_title: z.string(),
  prize_value: poundsString,
  nature: prizeNatureSchema,
  ticket_number: z.int(),
  /** ISO 8601 UTC. */
  won_at: z.string(),
  options: z.array(claimOptionSchema),
  claimed: z.boolean(),
  /** The claim's state once claimed. */
  claim_state: z.nullable(claimStateSchema),
}));
export type PrizeWin = z.infer<typeof prizeWinSchema>;

export const unclaimedPrizesRequestSchema = lazySchema(() => z.strictObject({ token }));
/** Every win of the customer (draw, instant, reward), unclaimed first, newest first within each. */
export const unclaimedPrizesResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(prizeWinSchema) }));

/** Billing-like delivery address (spec billing form, without email; county optional; UK only). */
export const deliveryAddressSchema = lazySchema(() => z.strictObject({
  first_name: text(100),
  last_name: text(100),
  phone: text(40),
  address_1: text(200),
  address_2: text(200),
  city: text(100),
  postcode: text(20),
  state: z.optional(text(100)),
}));
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const claimBankDetailsSchema = lazySchema(() => z.strictObject({ account_number: text(64), sort_code: text(64) }));

export const claimPrizeRequestSchema = lazySchema(() => z.strictObject({
  token,
  win_kind: winKindSchema,
  win_id: z.int().check(z.positive()),
  choice: claimChoiceSchema,
  /** Required when the choice ships a prize. */
  delivery_address: z.optional(deliveryAddressSchema),
  /** Required when the choice pays cash. */
  bank_details: z.optional(claimBankDetailsSchema),
  /** One per attempt (a UUID): a repeat with the same key answers the same claim. */
  idempotency_key: z.string().check(z.regex(IDEMPOTENCY_KEY)),
  /** The county the winners list names (advertising code 8.28.5); empty: the billing county, if any. */
  county: z.optional(text(100)),
  /** Consent to the winners list showing the full surname; without it, only its initial. */
  publish_full_surname: z.optional(z.boolean()),
}));
export type ClaimPrizeRequest = z.infer<typeof claimPrizeRequestSchema>;

export const prizeClaimSchema = lazySchema(() => z.object({
  id: z.int(),
  win_kind: winKindSchema,
  win_id: z.int(),
  competition_id: z.int(),
  competition_title: z.string(),
  prize_title: z.string(),
  choice: claimChoiceSchema,
  /** What the choice is worth: prize value, cash sum or credit, pounds. */
  amount: poundsString,
  state: claimStateSchema,
  /** ISO 8601 UTC. */
  created_at: z.string(),
  updated_at: z.string(),
  delivery_address: z.nullable(z.object({
    first_name: z.string(), last_name: z.string(), phone: z.string(), address_1: z.string(), address_2: z.string(),
    city: z.string(), postcode: z.string(), state: z.string(),
  })),
  /** Masked: only the last digits ever leave the server. */
  bank_details: z.nullable(z.object({ account_number: z.string(), sort_code: z.string() })),
  /** A prize sent with tracking: the carrier's reference. */
  tracking_reference: z.optional(z.nullable(z.string())),
  /** The county given at claim ('' when none was). */
  county: z.optional(z.string()),
  /** When the winner consented to their full surname on the winners list; null: initial only. */
  full_surname_consent_at: z.optional(z.nullable(z.string())),
}));
export type PrizeClaim = z.infer<typeof prizeClaimSchema>;

export const claimPrizeResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: prizeClaimSchema }));
export const claimsRequestSchema = lazySchema(() => z.strictObject({ token }));
export const claimsResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(prizeClaimSchema) }));

/** Error codes of claim_prize besides the field messages (400 rest_invalid_param). */
export const CLAIM_ERRORS = {
  notFound: { status: 404, code: 'cgg_win_not_found', message: 'We could not find that prize.' },
  alreadyClaimed: { status: 409, code: 'cgg_prize_already_claimed', message: 'This prize has already been claimed.' },
  optionUnavailable: { status: 400, code: 'cgg_claim_option_unavailable', message: 'That option is not available for this prize.' },
} as const;
