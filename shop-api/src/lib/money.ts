/** Integer pence to the payload's pound string: 99 -> "0.99", 150000 -> "1500.00". */
export function penceToPounds(pence: number): string {
  if (!Number.isInteger(pence) || pence < 0) throw new RangeError(`invalid pence amount: ${pence}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}
