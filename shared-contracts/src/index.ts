// The package entry: the barrel of @cgg/contracts, the one module federation shares (by version)
// and every page of the customer site loads whole. Only what the first screens (the shell, the
// catalogue) need belongs here; the rest is a separate entry an app bundles when it uses it:
// `@cgg/contracts/account` (account.ts), `/store` (the Store API), `/forms`, `/complaints`,
// `/demo-pay`, `/staff`.
export * from './api/lazy-schema.ts';
export { isZodLoaded, loadZod, provideZod, zodLoaded } from './zod/zod-runtime.ts';
export * from './api/wp-error.ts';
export * from './api/competition.ts';
export * from './api/content.ts';
export * from './api/site.ts';
export * from './api/db-id.ts';
export * from './api/idempotency-key.ts';
export * from './api/draws.ts';
export * from './api/calls.ts';
export * from './api/client.ts';
export * from './events/contracts.ts';
export * from './events/bus.ts';
export * from './rules/money.ts';
export * from './rules/dates.ts';
export * from './rules/competition.ts';
export * from './rules/text.ts';
export * from './rules/slug.ts';
export * from './rules/featured-order.ts';
export * from './rules/image-variants.ts';
export * from './rules/field-error.ts';
export * from './cache/timed-local-cache.ts';
export * from './cache/cache-rules.ts';
export * from './cache/site-content-cache.ts';
export * from './cache/page-data.ts';
export * from './cache/server-render.ts';
export * from './cache/memory-storage.ts';
export * from './session/session-token.ts';
