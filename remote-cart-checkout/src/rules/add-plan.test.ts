import { describe, expect, it } from 'vitest';
import { planAdd, type AddFacts } from './add-plan.ts';

const base: AddFacts = { requested: 5, ticketsLeft: 100, maxPerUser: 10, inBasket: 0, purchased: 0, questionRequired: false, answered: false };
const plan = (f: Partial<AddFacts>) => planAdd({ ...base, ...f });

describe('planAdd (spec section 5)', () => {
  it('adds what was asked when nothing caps it', () => {
    expect(plan({})).toEqual({ kind: 'add', quantity: 5, notice: null });
  });

  it('refuses a competition with 0 tickets left', () => {
    expect(plan({ ticketsLeft: 0 })).toEqual({ kind: 'refuse', message: 'Oops! There is not ticket left to purchase for this competition' });
  });

  it('refuses an unanswered required question, and accepts an answered one', () => {
    expect(plan({ questionRequired: true })).toMatchObject({ kind: 'refuse', message: expect.stringContaining('answer the competition question') });
    expect(plan({ questionRequired: true, answered: true })).toMatchObject({ kind: 'add', quantity: 5 });
  });

  it('refuses when purchased tickets alone reach the cap', () => {
    expect(plan({ purchased: 10 })).toEqual({ kind: 'refuse', message: 'You already have the maximum number of tickets for this competition' });
  });

  it('refuses when the basket alone is at the cap', () => {
    expect(plan({ inBasket: 10 })).toEqual({ kind: 'refuse', message: 'You already have the maximum number of tickets for this competition in cart!' });
  });

  it('counts basket plus purchased against the cap', () => {
    expect(plan({ inBasket: 4, purchased: 6 })).toEqual({ kind: 'refuse', message: "Oops! It seems you've already have 4 tickets for this competition in cart." });
  });

  it('refuses when the basket already holds every ticket left', () => {
    expect(plan({ ticketsLeft: 3, inBasket: 3 })).toEqual({ kind: 'refuse', message: "Oops! It seems you've already have 3 tickets for this competition in cart." });
  });

  it('caps by tickets left (stock) with the "are available ," toast', () => {
    expect(plan({ requested: 8, ticketsLeft: 5, inBasket: 2 })).toEqual({
      kind: 'add',
      quantity: 3,
      notice: 'Only 3 tickets are available , 3 tickets have been added to your basket.',
    });
  });

  it('caps by the per-user allowance (basket + purchased) with the "available," toast', () => {
    expect(plan({ requested: 8, inBasket: 2, purchased: 3 })).toEqual({
      kind: 'add',
      quantity: 5,
      notice: 'Only 5 tickets available, 5 tickets have been added to your basket.',
    });
  });

  it('takes the smaller cap when both apply', () => {
    expect(plan({ requested: 20, ticketsLeft: 4, maxPerUser: 6 })).toMatchObject({ quantity: 4, notice: expect.stringContaining('are available ,') });
    expect(plan({ requested: 20, ticketsLeft: 9, maxPerUser: 6 })).toMatchObject({ quantity: 6, notice: expect.stringContaining('Only 6 tickets available,') });
  });
});
