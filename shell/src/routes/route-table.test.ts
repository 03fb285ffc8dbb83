import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { exposedModules, type RemoteName } from '../federation/exposed-modules.ts';
import { routeTable, type RouteEntry } from './route-table.ts';

/** Spec section 2's route table, with the owner and module each must reach (docs/decisions.md#layout-who-owns-what). */
const specRoutes: { url: string; owner: RemoteName | 'shell'; target: string }[] = [
  { url: '/', owner: 'catalogue', target: './HomePage' },
  { url: '/competitions/cars', owner: 'catalogue', target: './CompetitionListPage' },
  { url: '/competitions/instant_win_comps', owner: 'catalogue', target: './CompetitionListPage' },
  { url: '/competitions/instant/wins', owner: 'catalogue', target: './CompetitionListPage' },
  { url: '/competition/details/win-a-tesla-model-3-12', owner: 'catalogue', target: './CompetitionDetailsPage' },
  { url: '/competition/info/12', owner: 'catalogue', target: './CompetitionDetailsPage' },
  { url: '/cart', owner: 'cartCheckout', target: './CartPage' },
  { url: '/checkout', owner: 'cartCheckout', target: './CheckoutPage' },
  { url: '/auth/login', owner: 'account', target: './LoginPage' },
  { url: '/login-as-user', owner: 'account', target: './LoginAsUserPage' },
  { url: '/draw/results', owner: 'catalogue', target: './DrawResultsPage' },
  { url: '/results', owner: 'catalogue', target: './DrawResultsPage' },
  { url: '/confirmation', owner: 'cartCheckout', target: './ConfirmationPage' },
  { url: '/claim/prize', owner: 'cartCheckout', target: './ClaimPrizePage' },
  { url: '/auth/forgot/password', owner: 'account', target: './ForgotPasswordPage' },
  { url: '/auth/reset/password', owner: 'account', target: './ResetPasswordPage' },
  { url: '/legal-terms', owner: 'shell', target: 'legal-terms' },
  { url: '/contact', owner: 'shell', target: 'contact' },
  { url: '/complaints', owner: 'shell', target: 'complaints' },
  { url: '/free-postal-route', owner: 'shell', target: 'free-postal-route' },
  { url: '/responsible-play', owner: 'shell', target: 'responsible-play' },
  { url: '/winners_list', owner: 'catalogue', target: './WinnersListPage' },
  { url: '/community-chat', owner: 'shell', target: 'community-chat' },
  { url: '/faq', owner: 'shell', target: 'faq' },
  { url: '/how-it-works', owner: 'shell', target: 'how-it-works' },
  // The account area (spec section 2, "Account area"), rendered by the account remote.
  { url: '/account', owner: 'account', target: './AccountPage' },
  { url: '/account/points', owner: 'account', target: './AccountPage' },
  { url: '/account/recent/orders/order-detail/42', owner: 'account', target: './AccountPage' },
  // The back office (issue 16), under the staff layout.
  { url: '/admin', owner: 'backoffice', target: './BackOffice' },
  { url: '/admin/audit', owner: 'backoffice', target: './BackOffice' },
  { url: '/no/such/page', owner: 'shell', target: 'not-found' },
];

function resolve(url: string): RouteEntry {
  const matches = matchRoutes(routeTable.map((entry) => ({ path: entry.path, entry })), url);
  const entry = matches?.at(-1)?.route.entry;
  if (!entry) throw new Error(`no route for ${url}`);
  return entry;
}

const targetOf = (entry: RouteEntry) => (entry.owner === 'shell' ? entry.page : entry.module);

describe('route table', () => {
  it.each(specRoutes)('$url is owned by $owner ($target)', ({ url, owner, target }) => {
    const entry = resolve(url);
    expect(entry.owner).toBe(owner);
    expect(targetOf(entry)).toBe(target);
  });

  it('points only at modules the owning remote exposes', () => {
    for (const entry of routeTable) {
      if (entry.owner === 'shell') continue;
      expect(exposedModules[entry.owner] as readonly string[]).toContain(entry.module);
    }
  });
});
