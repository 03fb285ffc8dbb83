/**
 * Spec section 3: an order-redeem log shows its raw value, every other type is prefixed +. A staff
 * deduction (admin-adjust, admin-credit below zero) already carries its sign: shown as it is, not
 * as "+-50".
 */
export function pointsValue(type: string, points: number | string): string {
  return type === 'order-redeem' || String(points).startsWith('-') ? String(points) : `+${points}`;
}
