import type { ExposedModule, RemoteName } from '../federation/exposed-modules.ts';

/** Pages the shell renders itself (docs/decisions.md#layout-who-owns-what). */
export type ShellPage = 'faq' | 'how-it-works' | 'legal-terms' | 'contact' | 'complaints' | 'free-postal-route' | 'community-chat' | 'responsible-play' | 'not-found';

type RemoteRoute = { [R in RemoteName]: { path: string; owner: R; module: ExposedModule<R>; layout?: 'staff' } }[RemoteName];
export type ShellRoute = { path: string; owner: 'shell'; page: ShellPage };
export type RouteEntry = RemoteRoute | ShellRoute;

/**
 * Every route of the spec's route table (section 2) with the team that owns it and
 * the module that renders it. The shell loads remote pages through the federation
 * runtime; it never imports a remote's code.
 */
export const routeTable: readonly RouteEntry[] = [
  { path: '/', owner: 'catalogue', module: './HomePage' },
  // Static segments rank above :category in React Router, so these two win.
  { path: '/competitions/instant_win_comps', owner: 'catalogue', module: './CompetitionListPage' },
  { path: '/competitions/instant/wins', owner: 'catalogue', module: './CompetitionListPage' },
  { path: '/competitions/:category', owner: 'catalogue', module: './CompetitionListPage' },
  { path: '/competition/details/:slugId', owner: 'catalogue', module: './CompetitionDetailsPage' },
  { path: '/competition/info/:id', owner: 'catalogue', module: './CompetitionDetailsPage' },
  { path: '/draw/results', owner: 'catalogue', module: './DrawResultsPage' },
  { path: '/results', owner: 'catalogue', module: './DrawResultsPage' },
  { path: '/winners_list', owner: 'catalogue', module: './WinnersListPage' },

  { path: '/cart', owner: 'cartCheckout', module: './CartPage' },
  { path: '/checkout', owner: 'cartCheckout', module: './CheckoutPage' },
  { path: '/confirmation', owner: 'cartCheckout', module: './ConfirmationPage' },
  { path: '/claim/prize', owner: 'cartCheckout', module: './ClaimPrizePage' },

  { path: '/auth/login', owner: 'account', module: './LoginPage' },
  // Sign-up: the spec's route table has no sign-up screen; issue 3 asks for one.
  { path: '/auth/register', owner: 'account', module: './SignUpPage' },
  { path: '/auth/forgot/password', owner: 'account', module: './ForgotPasswordPage' },
  { path: '/auth/reset/password', owner: 'account', module: './ResetPasswordPage' },
  { path: '/login-as-user', owner: 'account', module: './LoginAsUserPage' },
  // The account remote renders /account and its children with its own nested <Routes>.
  { path: '/account/*', owner: 'account', module: './AccountPage' },

  // The back office, for staff: its own plain layout (no shop header, basket, pop-up or banner);
  // its remote is fetched only when this route renders.
  { path: '/admin/*', owner: 'backoffice', module: './BackOffice', layout: 'staff' },

  { path: '/faq', owner: 'shell', page: 'faq' },
  { path: '/how-it-works', owner: 'shell', page: 'how-it-works' },
  { path: '/legal-terms', owner: 'shell', page: 'legal-terms' },
  { path: '/contact', owner: 'shell', page: 'contact' },
  // The complaints procedure and form (UK prize-draw code, clause 1.2).
  { path: '/complaints', owner: 'shell', page: 'complaints' },
  { path: '/free-postal-route', owner: 'shell', page: 'free-postal-route' },
  { path: '/community-chat', owner: 'shell', page: 'community-chat' },
  { path: '/responsible-play', owner: 'shell', page: 'responsible-play' },
  { path: '*', owner: 'shell', page: 'not-found' },
];
