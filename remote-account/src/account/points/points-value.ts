/** Spec section 3: an order-redeem log shows its raw value, every other type is prefixed +. */
export function pointsValue(type: string, points: number | string): string {
  return type === 'order-redeem' ? String(points) : `+${points}`;
}
