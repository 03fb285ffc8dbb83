import type { z } from 'zod/mini';
import { MAX_DB_ID } from './db-id.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Draws (issue 5): results with their proof, one competition's proof, the public
 * entry list (CSV, not JSON: see DRAW_ENTRIES_ROUTE) and the winners list.
 * shop-api/README.md "Provably fair draws" documents the function.
 */

const poundsString = lazySchema((z) => z.string().check(z.regex(/^\d+\.\d{2}$/)));
const hex64 = lazySchema((z) => z.string().check(z.regex(/^[0-9a-f]{64}$/)));
const tokenField = lazySchema((z) => z.optional(z.string().check(z.maxLength(512))));
const pageField = lazySchema((z) => z.optional(z.int().check(z.minimum(1), z.maximum(10000))));
const limitField = lazySchema((z) => z.optional(z.int().check(z.minimum(1), z.maximum(100))));

/** Not a JSON call: `GET ?rest_route=/api/v1/draw_entries&id=<competition id>` answers text/csv. */
export const DRAW_ENTRIES_ROUTE = '/api/v1/draw_entries';
/** Site-relative link to a drawn competition's published entry list. */
export const drawEntriesPath = (competitionId: number): string => `/?rest_route=${DRAW_ENTRIES_ROUTE}&id=${competitionId}`;
/** Its query string: the competition id, as digits. */
export const drawEntriesRequestSchema = lazySchema((z) => z.strictObject({ id: z.string().check(z.regex(/^[1-9]\d{0,8}$/)) }));

export const drawStateSchema = lazySchema((z) => z.enum(['pending', 'drawn', 'no_entries']));

/** Everything needed to recompute a draw; the seed stays null until the draw. */
export const drawProofSchema = lazySchema((z) => z.object({
  competition_id: z.int(),
  state: drawStateSchema,
  commitment: hex64,
  /** ISO 8601: when the commitment was made (before sales, unless the competition predates draws). */
  committed_at: z.string(),
  seed: z.nullable(hex64),
  drawn_at: z.nullable(z.string()),
  entry_count: z.nullable(z.int().check(z.nonnegative())),
  entry_list_sha256: z.nullable(hex64),
  /** Site-relative CSV link (drawEntriesPath). */
  entry_list_url: z.nullable(z.string()),
  winning_index: z.nullable(z.int().check(z.nonnegative())),
  winning_ticket_number: z.nullable(z.int().check(z.positive())),
  /** HMAC rounds used (rejection sampling); 1 almost always. */
  rounds: z.nullable(z.int().check(z.positive())),
  /** The function, in words. */
  algorithm: z.string(),
}));
export type DrawProof = z.infer<typeof drawProofSchema>;

/**
 * How a winner is named in public (advertising code 8.28.5): first name, the surname's
 * initial ("J.") or the whole surname when the winner consented at claim, and county.
 * Empty strings where the entry did not give one.
 */
export const publicWinnerNameSchema = lazySchema((z) => z.object({ first_name: z.string(), surname: z.string(), county: z.string() }));
export type PublicWinnerName = z.infer<typeof publicWinnerNameSchema>;

export const drawResultSchema = lazySchema((z) => z.object({
  competition_id: z.int(),
  title: z.string(),
  image: z.string(),
  /** The main prize's value, pounds. */
  prize_value: poundsString,
  /** London wall time of the scheduled draw: 'YYYY-MM-DD', 'HH:MM'. */
  draw_date: z.string(),
  draw_time: z.string(),
  live_draw: z.boolean(),
  winning_ticket_number: z.nullable(z.int().check(z.positive())),
  /** null when the competition closed with no entries (names as in winnerNameSchema). */
  winner: z.nullable(publicWinnerNameSchema),
  proof: drawProofSchema,
}));
export type DrawResult = z.infer<typeof drawResultSchema>;

export const drawResultsRequestSchema = lazySchema((z) => z.strictObject({ token: tokenField, page: pageField, limit: limitField }));
export const drawResultsResponseSchema = lazySchema((z) => z.object({
  success: z.literal(true),
  data: z.array(drawResultSchema),
  page: z.int(),
  total: z.int(),
  total_pages: z.int(),
}));
export type DrawResultsResponse = z.infer<typeof drawResultsResponseSchema>;

export const drawProofRequestSchema = lazySchema((z) => z.strictObject({ token: tokenField, id: z.int().check(z.positive(), z.maximum(MAX_DB_ID)) }));
export const drawProofResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: drawProofSchema }));

export const winnerKindSchema = lazySchema((z) => z.enum(['draw', 'instant']));
export const winnerEntrySchema = lazySchema((z) => z.object({
  kind: winnerKindSchema,
  competition_id: z.int(),
  competition_title: z.string(),
  image: z.string(),
  prize_title: z.string(),
  prize_value: poundsString,
  ticket_number: z.int(),
  ...publicWinnerNameSchema.shape,
  /** ISO 8601. */
  won_at: z.string(),
}));
export type WinnerEntry = z.infer<typeof winnerEntrySchema>;

export const winnersListRequestSchema = lazySchema((z) => z.strictObject({ token: tokenField, page: pageField, limit: limitField }));
export const winnersListResponseSchema = lazySchema((z) => z.object({
  success: z.literal(true),
  data: z.array(winnerEntrySchema),
  page: z.int(),
  total: z.int(),
  total_pages: z.int(),
}));
export type WinnersListResponse = z.infer<typeof winnersListResponseSchema>;
