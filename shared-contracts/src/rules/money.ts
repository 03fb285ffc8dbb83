/** Money is integer pence inside the shop; the content API sends pounds as "0.99". */
export function poundsToPence(pounds: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(pounds.trim());
  if (!match) throw new Error(`not a pounds amount: ${pounds}`);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

/** Pence as pounds with 2 decimals and no symbol, as WordPress writes prices: 199 -> "1.99". */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Display price in pounds with 2 decimals (spec section 9): 1999 -> "£19.99". */
export function formatPounds(pence: number): string {
  const pounds = penceToPounds(pence);
  const [whole = '0', frac] = pounds.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${pence < 0 ? '-' : ''}£${grouped}.${frac}`;
}
