import { describe, expect, it } from 'vitest';
import { claimOptionsFor, prizeNature } from './prize-claims.ts';

describe('prize claim options', () => {
  it('reads what a prize is from its title (and a draw\'s category)', () => {
    expect(prizeNature('£10 Site Credit')).toBe('credit');
    expect(prizeNature('£250 Cash')).toBe('cash');
    expect(prizeNature('£25,000 Tax-Free Cash')).toBe('cash');
    expect(prizeNature('£500 Midweek Cash Drop')).toBe('cash');
    expect(prizeNature('Weekend Winnings', 'cash')).toBe('cash');
    expect(prizeNature('Audi RS3 Sportback', 'cars')).toBe('item');
    expect(prizeNature('Dubai Luxury Break + £1,000 Spending Money', 'holidays')).toBe('item');
    expect(prizeNature('Cashmere scarf')).toBe('item');
  });
  it('offers site credit only for money prizes', () => {
    expect(claimOptionsFor({ nature: 'credit', prizeValuePence: 1000, cashAlternativePence: null })).toEqual([{ choice: 'credit', amountPence: 1000, needs: 'none' }]);
    expect(claimOptionsFor({ nature: 'cash', prizeValuePence: 5000, cashAlternativePence: 9 })).toEqual([
      { choice: 'cash', amountPence: 5000, needs: 'bank' },
      { choice: 'credit', amountPence: 5000, needs: 'none' },
    ]);
  });
  it('offers an item prize, and its cash alternative only when there is one', () => {
    expect(claimOptionsFor({ nature: 'item', prizeValuePence: 4_500_000, cashAlternativePence: null })).toEqual([{ choice: 'prize', amountPence: 4_500_000, needs: 'address' }]);
    expect(claimOptionsFor({ nature: 'item', prizeValuePence: 4_500_000, cashAlternativePence: 4_000_000 }).map((o) => o.choice)).toEqual(['prize', 'cash']);
    expect(claimOptionsFor({ nature: 'item', prizeValuePence: 100, cashAlternativePence: 0 }).map((o) => o.choice)).toEqual(['prize']);
  });
});
