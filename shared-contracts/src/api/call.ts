import type { z } from 'zod/mini';

/**
 * How a call authenticates (spec section 6): settings-type calls carry the fixed
 * built-in site credential; competition and account calls carry the token that
 * travels in their own body (the site credential when a visitor has none).
 */
export type CallAuth = 'site' | 'body-token';

/**
 * Who may call it; the API enforces this before any handler runs (shop-api
 * `src/http/declared-routes.ts`). `anyone`: visitors included. `customer`: a signed-in
 * customer's token (payload `token` or `Authorization: Bearer`), and the call acts on
 * that customer's own data only. `staff`: a signed-in staff member's bearer, in one of the
 * call's roles (the back office's calls, `@cgg/contracts/staff`).
 */
export type CallAccess = 'anyone' | 'customer' | 'staff';

export interface ApiCall<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, A extends CallAccess = CallAccess> {
  readonly route: string;
  readonly method: 'GET' | 'POST';
  readonly auth: CallAuth;
  readonly access: A;
  readonly request: Req;
  readonly response: Res;
}

/**
 * Declares one call, keeping its literal access for the API's checks. A file of its own so
 * `@cgg/contracts/account` declares its calls without bundling the public table (calls.ts).
 */
export function call<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, const A extends CallAccess>(c: ApiCall<Req, Res, A>): ApiCall<Req, Res, A> {
  return c;
}
