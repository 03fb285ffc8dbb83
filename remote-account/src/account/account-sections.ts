/** The account area's children (spec section 2, "Account area"), in menu order. */
export const accountSections = [
  { path: 'details', label: 'Account details' },
  { path: 'billing', label: 'Billing details' },
  { path: 'financial-details', label: 'Financial details' },
  { path: 'recent/orders', label: 'Orders' },
  { path: 'points', label: 'Points' },
  { path: 'cred', label: 'Site credit' },
  { path: 'coupons', label: 'Coupons' },
  { path: 'responsible/gaming', label: 'Responsible gaming' },
] as const;
