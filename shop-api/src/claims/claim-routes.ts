import { calls } from '@cgg/contracts';
import { requireCustomer } from '../accounts/require-customer.ts';
import { restRoute, type RestRoute } from '../http/rest-router.ts';
import { claimPrize, type ClaimDeps } from './claim-prize.ts';
import { customerClaims, toPrizeClaim } from './claim-view.ts';
import { customerWins, toPrizeWin } from './customer-wins.ts';

/** get_unclaimed_prizes, claim_prize, get_claims: the signed-in customer's own wins and claims only. */
export function claimRoutes(deps: ClaimDeps & { now: () => Date }): RestRoute[] {
  return [
    restRoute({
      method: 'POST',
      route: calls.getUnclaimedPrizes.route,
      request: calls.getUnclaimedPrizes.request,
      tokenFromBearer: true,
      handler: async ({ input }) => {
        const me = await requireCustomer(deps.pool, input.token, deps.now());
        return { success: true, data: (await customerWins(deps.pool, me.customerId)).map(toPrizeWin) };
      },
    }),
    restRoute({
      method: 'POST',
      route: calls.claimPrize.route,
      request: calls.claimPrize.request,
      tokenFromBearer: true,
      handler: async ({ input }) => {
        const at = deps.now();
        const me = await requireCustomer(deps.pool, input.token, at);
        return { success: true, data: await claimPrize(deps, me.customerId, input, at) };
      },
    }),
    restRoute({
      method: 'POST',
      route: calls.getClaims.route,
      request: calls.getClaims.request,
      tokenFromBearer: true,
      handler: async ({ input }) => {
        const me = await requireCustomer(deps.pool, input.token, deps.now());
        return { success: true, data: (await customerClaims(deps.pool, me.customerId)).map(toPrizeClaim) };
      },
    }),
  ];
}
