import { describe, expect, it } from 'vitest';
import { pounds } from './competition-form.ts';
import { parseInstantWinsCsv } from './instant-wins-csv.ts';
import { fieldLabel, problemText } from './problem-labels.ts';

describe('the editor names problems by their labels', () => {
  it('names a field, a row of prizes and an answer as the form does', () => {
    expect(fieldLabel('max_ticket_per_user')).toBe('Most tickets per customer');
    expect(fieldLabel('sale.price')).toBe('Sale price');
    expect(fieldLabel('instant_wins.2.prize_value')).toBe('Instant-win prize 3: value');
    expect(fieldLabel('reward_wins.0.percentage')).toBe('Reward milestone 1: milestone (% sold)');
    expect(fieldLabel('question.options.1')).toBe('Answer 2');
    expect(fieldLabel('(file)')).toBe('(file)');
    expect(problemText({ field: 'closing', message: 'must not be after draw' }, { image: '/x.jpg' })).toBe('Entries close: must not be after draw');
    expect(problemText({ field: 'image', message: 'must be a site-relative path' }, { image: '' })).toBe('Prize photo: choose a photo of the prize');
    expect(problemText({ field: 'image', message: 'must be a site-relative path' }, { image: 'ftp://x' })).toBe('Prize photo: must be a site-relative path');
  });

  it('takes amounts as operators type them, and leaves anything else for the rules to name', () => {
    expect(['1000', '£1,000', ' £ 2.5 ', '0.99', '12,345,678.9'].map(pounds)).toEqual(['1000.00', '1000.00', '2.50', '0.99', '12345678.90']);
    expect(['', 'one pound', '-1', '1.999', '1,00', '1.'].map(pounds)).toEqual(['', 'one pound', '-1', '1.999', '1,00', '1.']);
    // The CSV import takes them the same way, and a spreadsheet's empty cells at a line's end.
    expect(parseInstantWinsCsv('title,prize_value,quantity\n£50 Cash,50,4,,\nBig one,"£1,000",1').map((p) => p.prize?.prize_value ?? p.problem)).toEqual(['50.00', '1000.00']);
  });
});
