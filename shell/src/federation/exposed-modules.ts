/**
 * What each remote exposes (briefing, "Exposed modules"). The route table may only
 * point at these, so a typo in a route is a type error, not a blank page.
 */
export const exposedModules = {
  catalogue: ['./HomePage', './CompetitionListPage', './CompetitionDetailsPage', './DrawResultsPage', './WinnersListPage'],
  cartCheckout: ['./CartPage', './CheckoutPage', './ConfirmationPage', './ClaimPrizePage', './MiniCart'],
  account: ['./LoginPage', './SignUpPage', './ForgotPasswordPage', './ResetPasswordPage', './LoginAsUserPage', './AccountPage', './AccountMenu'],
  // Loaded only under /admin (the staff layout): no customer page references it.
  backoffice: ['./BackOffice'],
} as const;

export type RemoteName = keyof typeof exposedModules;
export type ExposedModule<R extends RemoteName = RemoteName> = (typeof exposedModules)[R][number];

export const remoteNames = Object.keys(exposedModules) as RemoteName[];

/** `catalogue/HomePage`: the id `loadRemote` takes. */
export function remoteModuleId<R extends RemoteName>(remote: R, module: ExposedModule<R>): string {
  return `${remote}/${module.replace(/^\.\//, '')}`;
}
