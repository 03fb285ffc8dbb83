// The package entry: the one barrel of @cgg/contracts.
export * from './api/wp-error.ts';
export * from './api/competition.ts';
export * from './api/content.ts';
export * from './api/account.ts';
export * from './api/auth.ts';
export * from './api/cart.ts';
export * from './api/calls.ts';
export * from './api/client.ts';
export * from './events/contracts.ts';
export * from './events/bus.ts';
export * from './rules/money.ts';
export * from './rules/dates.ts';
export * from './rules/competition.ts';
export * from './rules/text.ts';
export * from './rules/slug.ts';
