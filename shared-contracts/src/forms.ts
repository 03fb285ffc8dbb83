// The `@cgg/contracts/forms` entry: the form rules the customer's screens and the API share
// (names and email, password, billing and delivery details, card and bank details, prize
// claims). Plain functions without schemas, not shared by federation: each app bundles the rules
// it uses (the package has no side effects, so the rest is left out), and no page loads them
// before a form needs them.
export * from './rules/name-email.ts';
export * from './rules/password.ts';
export * from './rules/billing-details.ts';
export * from './rules/delivery-address.ts';
export * from './rules/card-details.ts';
export * from './rules/bank-details.ts';
export * from './rules/prize-claims.ts';
