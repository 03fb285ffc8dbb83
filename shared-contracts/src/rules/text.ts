function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/** Odds as a reduced fraction: (2, 100) -> '1/50'. */
export function reducedFraction(numerator: number, denominator: number): string {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0 || numerator < 0) return '';
  if (numerator === 0) return `0/${denominator}`;
  const d = gcd(numerator, denominator);
  return `${numerator / d}/${denominator / d}`;
}

/** Cuts text to at most `max` characters, ending with '...' when cut (spec section 9). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 3) return '...'.slice(0, Math.max(0, max));
  return `${text.slice(0, max - 3).trimEnd()}...`;
}
