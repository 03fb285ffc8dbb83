import type { DeclaredRoute } from '../http/declared-routes.ts';
import type { AccountDeps } from './account-deps.ts';
import { ageAndLimitRoutes } from './age-and-limit-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { ledgerRoutes } from './ledger-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { responsiblePlayRoutes } from './responsible-play-routes.ts';

/** Every account call (spec section 7 plus the calls it leaves out). */
export function accountRoutes(deps: AccountDeps): DeclaredRoute[] {
  return [...authRoutes(deps), ...profileRoutes(deps), ...ledgerRoutes(deps), ...orderRoutes(deps), ...responsiblePlayRoutes(deps), ...ageAndLimitRoutes(deps)];
}
