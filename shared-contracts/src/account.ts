// The `@cgg/contracts/account` entry: the customer's own calls (`accountCalls`) and their schemas
// (account, sign-in, prize claims). Not in the barrel (index.ts), which every page loads whole:
// federation shares this entry apart, by the package's version, so only the apps that call it
// (account, cart-checkout) load it, from the shell's copy (build-kit `contractsSharedEntries`).
export * from './api/account.ts';
export * from './api/auth.ts';
export * from './api/claims.ts';
export * from './api/account-calls.ts';
export * from './rules/age-and-limit.ts';
