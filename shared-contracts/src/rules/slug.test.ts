import { describe, expect, it } from 'vitest';
import { competitionPath, parseCompetitionId, titleSlug } from './slug.ts';

describe('slugs', () => {
  it('turns non-word characters into hyphens', () => {
    expect(titleSlug('£10,000 Tax-Free Cash!')).toBe('10-000-tax-free-cash');
    expect(titleSlug('Audi RS3 Sportback')).toBe('audi-rs3-sportback');
  });
  it('builds the details path {title-slug}-{id}', () => {
    expect(competitionPath({ id: 42, title: 'PlayStation 5 Pro' })).toBe('/competition/details/playstation-5-pro-42');
  });
  it('reads the id back from every link form', () => {
    expect(parseCompetitionId('playstation-5-pro-42')).toBe(42);
    expect(parseCompetitionId('PlayStation%205%20Pro--42')).toBe(42);
    expect(parseCompetitionId('PlayStation 5 Pro--42')).toBe(42);
    expect(parseCompetitionId('42')).toBe(42);
    expect(parseCompetitionId('no-id-here')).toBe(null);
    expect(parseCompetitionId('bad%id-7')).toBe(7);
    expect(parseCompetitionId('')).toBe(null);
    expect(parseCompetitionId('x-0')).toBe(null);
  });
});
