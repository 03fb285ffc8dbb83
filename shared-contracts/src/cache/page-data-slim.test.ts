import { describe, expect, it } from 'vitest';
import { competitionArrayResponseSchema, featuredResponseSchema, getCompetitionResponseSchema } from '../api/content.ts';
import { competitionFixture } from '../testing/competition-fixture.ts';
import { slimPageDataEntry } from './page-data-slim.ts';

const full = competitionFixture({
  id: 7,
  description: 'A long description only the details page shows. '.repeat(20),
  gallery_images: ['/wp-content/uploads/a.jpg'],
  question: 'What is 2 + 2?',
  question_options: [{ id: 1, text: '4' }],
  live_draw_info: 'Live on Facebook at 8pm',
  enable_instant_wins: true,
  instant_wins: [{ id: 1, title: '£50', prize_value: '50.00', image: '/i.jpg', quantity: 1 }],
  instant_wins_tickets: [{ ticket_number: 3, instant_win_id: 1, won: false, won_by: null }],
});
const cardView = {
  ...full,
  description: '',
  gallery_images: [],
  question: null,
  question_options: [],
  live_draw_info: null,
  instant_wins: [],
  instant_wins_tickets: [],
  reward_wins: [],
};

describe('page data slimmed to what cards show', () => {
  it("empties the home calls' competitions of what no card shows, still valid answers", () => {
    const featured = slimPageDataEntry({ call: 'featuredCompetition', payload: {}, response: { success: true, data: { featured: [full], competitions: [full, full] } } });
    expect(featured.response).toEqual({ success: true, data: { featured: [cardView], competitions: [cardView, cardView] } });
    expect(featuredResponseSchema.safeParse(featured.response).success).toBe(true);
    for (const call of ['drawnNextCompetition', 'finishedSoldoutCompetition'] as const) {
      const slim = slimPageDataEntry({ call, payload: {}, response: { success: true, data: [full] } });
      expect(slim.response).toEqual({ success: true, data: [cardView] });
      expect(competitionArrayResponseSchema.safeParse(slim.response).success).toBe(true);
    }
    // What a card does show stays: the flag behind the "Instant wins" badge, title, image, prices, stock.
    expect(cardView).toMatchObject({ enable_instant_wins: true, title: full.title, image: full.image, price_per_ticket: full.price_per_ticket, total_ticket_sold: full.total_ticket_sold });
  });

  it('leaves every other call as it is (a details page shows the whole competition)', () => {
    const entry = { call: 'getcompetition' as const, payload: { id: 7 }, response: { success: true, data: full } };
    expect(slimPageDataEntry(entry)).toBe(entry);
    expect(getCompetitionResponseSchema.safeParse(entry.response).success).toBe(true);
  });

  it('leaves an answer of an unexpected shape alone (validation in the browser still decides)', () => {
    const odd = { call: 'featuredCompetition' as const, payload: {}, response: { success: false } };
    expect(slimPageDataEntry(odd)).toBe(odd);
  });
});
