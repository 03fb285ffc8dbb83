/**
 * What an idempotency key may be (a UUID fits): the checkout's Idempotency-Key header, and the
 * `idempotency_key` of every request whose repeat must not be made twice (a claim, a refund, a
 * balance change, postal entries, a complaint's answer). No zod here: the barrel loads zod on demand.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;
