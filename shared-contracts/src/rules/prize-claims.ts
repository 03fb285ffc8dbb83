/*
 * Which ways a win may be claimed (issue 5, "/claim/prize"). The rule, one place for
 * the API (which enforces it) and the pages (which explain it):
 * - a prize titled "... Site Credit" is site credit: it can only go to the cred ledger;
 * - a cash prize (title says "Cash", or a main draw in the cash category) is paid to a
 *   bank account, or taken as site credit of the same value;
 * - any other prize (a car, a holiday...) is delivered to an address; a main draw whose
 *   competition offers `cash_alternative` may take that sum to a bank account instead.
 *   Such prizes never turn into site credit (their value is a retail value, not money).
 */
export type PrizeNature = 'item' | 'cash' | 'credit';
export type ClaimChoice = 'prize' | 'cash' | 'credit';
/** What a choice asks the winner for. */
export type ClaimNeeds = 'address' | 'bank' | 'none';

export interface ClaimOptionRule {
  choice: ClaimChoice;
  amountPence: number;
  needs: ClaimNeeds;
}

export function prizeNature(prizeTitle: string, categorySlug: string | null = null): PrizeNature {
  if (/\bsite credit\b/i.test(prizeTitle)) return 'credit';
  if (/\bcash\b/i.test(prizeTitle) || categorySlug === 'cash') return 'cash';
  return 'item';
}

export function claimOptionsFor(win: { nature: PrizeNature; prizeValuePence: number; cashAlternativePence: number | null }): ClaimOptionRule[] {
  switch (win.nature) {
    case 'credit':
      return [{ choice: 'credit', amountPence: win.prizeValuePence, needs: 'none' }];
    case 'cash':
      return [
        { choice: 'cash', amountPence: win.prizeValuePence, needs: 'bank' },
        { choice: 'credit', amountPence: win.prizeValuePence, needs: 'none' },
      ];
    case 'item': {
      const options: ClaimOptionRule[] = [{ choice: 'prize', amountPence: win.prizeValuePence, needs: 'address' }];
      if (win.cashAlternativePence !== null && win.cashAlternativePence > 0) options.push({ choice: 'cash', amountPence: win.cashAlternativePence, needs: 'bank' });
      return options;
    }
  }
}
