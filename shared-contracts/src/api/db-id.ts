/**
 * The largest id PostgreSQL's `integer` columns hold. A bigger one names nothing, and sent to a
 * query it is an out-of-range error, not an answer: request ids are refused above it
 * (`z.int().check(z.positive(), z.maximum(MAX_DB_ID))`). No zod here: the barrel loads zod on demand.
 */
export const MAX_DB_ID = 2_147_483_647;
