import { describe, expect, it } from 'vitest';
import type { Competition } from '../api/competition.ts';
import { orderFeatured } from './featured-order.ts';

const c = (id: number) => ({ id }) as Competition;

describe('the home carousel order', () => {
  it("leads with the settings' main competition, featured or not, then the featured ones in order", () => {
    expect(orderFeatured([c(1), c(2), c(3)], [], 2).map((x) => x.id)).toEqual([2, 1, 3]);
    expect(orderFeatured([c(1), c(2)], [c(1), c(2), c(9)], 9).map((x) => x.id)).toEqual([9, 1, 2]);
  });
  it('keeps the featured order without a main competition or when it is gone', () => {
    expect(orderFeatured([c(1), c(2)], [c(1), c(2)], null).map((x) => x.id)).toEqual([1, 2]);
    expect(orderFeatured([c(1), c(2)], [c(1), c(2)], 77).map((x) => x.id)).toEqual([1, 2]);
  });
});
