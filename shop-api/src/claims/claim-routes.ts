import { refuseWhileAssisted } from '../accounts/assisted-session.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { claimPrize, type ClaimDeps } from './claim-prize.ts';
import { customerClaims, toPrizeClaim } from './claim-view.ts';
import { customerWins, toPrizeWin } from './customer-wins.ts';

/** get_unclaimed_prizes, claim_prize, get_claims: the signed-in customer's own wins and claims only. */
export function claimRoutes(deps: ClaimDeps & { now: () => Date }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.getUnclaimedPrizes, {
      summary: 'The customer\'s wins that wait for a claim, with the choices each offers.',
      description: 'Every win of the customer (draw, instant, reward), unclaimed first, newest first, each with the choices it offers (`prize`, `cash`, `credit`) and what a claim needs (address, bank details, nothing).',
      handler: async ({ customer: me }) => {
        return { success: true, data: (await customerWins(deps.pool, me.customerId)).map(toPrizeWin) };
      },
    }),
    declaredRoute(routeTable.claimPrize, {
      summary: 'Claims one of the customer\'s own wins (once): the prize, its cash alternative or site credit.',
      description: 'Errors: 404 `cgg_win_not_found` \'We could not find that prize.\' (missing or another customer\'s); 409 `cgg_prize_already_claimed`; 400 `cgg_claim_option_unavailable`; 400 `rest_invalid_param` with the spec\'s address and bank texts; 409 `cgg_idempotency_key_reused` (one key, two wins); 403 `cgg_assisted_session` when signed in as the customer by support (login-as-user). The same `idempotency_key` answers the same claim. Bank details are stored encrypted and only ever answered masked.',
      handler: async ({ customer: me, input }) => {
        refuseWhileAssisted(me);
        const at = deps.now();
        return { success: true, data: await claimPrize(deps, me.customerId, input, at) };
      },
    }),
    declaredRoute(routeTable.getClaims, {
      summary: 'The customer\'s claims and their state.',
      description: 'Newest first; bank details masked (\'****5678\').',
      handler: async ({ customer: me }) => {
        return { success: true, data: (await customerClaims(deps.pool, me.customerId)).map(toPrizeClaim) };
      },
    }),
  ];
}
