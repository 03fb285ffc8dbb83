import { competitionSchema, type Competition } from '../api/competition.ts';

const DAY = 86_400_000;
const day = (offsetDays: number, now: number) => new Date(now + offsetDays * DAY).toISOString().slice(0, 10);

/**
 * A competition payload for tests, checked against the schema: open, drawn in ten days, 400 of
 * 1,000 tickets sold, no instant wins or question. Every team's tests build on it and override
 * what they need, so a schema change is made once. Test code only: not in the package barrel.
 */
export function competitionFixture(overrides: Partial<Competition> = {}, now: number = Date.now()): Competition {
  const id = overrides.id ?? 11;
  return competitionSchema.parse({
    id,
    competition_product_id: id + 5000,
    title: `Win a Prize Number ${id}`,
    description: '<p>A brilliant prize.</p>',
    category: 'tech',
    image: `/wp-content/uploads/competitions/prize-${id}.svg`,
    gallery_images: [],
    price_per_ticket: '1.99',
    sale_price: null,
    sale_start_date: null,
    sale_start_time: null,
    sale_end_date: null,
    sale_end_time: null,
    quantity: 600,
    total_sell_tickets: 1000,
    total_ticket_sold: 400,
    max_ticket_per_user: 50,
    draw_date: day(10, now),
    draw_time: '20:00',
    closing_date: day(10, now),
    closing_time: '19:00',
    status: 'open',
    created_at: new Date(now - 10 * DAY).toISOString(),
    enable_instant_wins: false,
    instant_wins: [],
    instant_wins_tickets: [],
    enable_reward_wins: false,
    reward_wins: [],
    comp_question: false,
    question: null,
    question_options: [],
    hide_ticket_count: false,
    hide_timer: false,
    disable_tickets: false,
    live_draw: false,
    live_draw_info: null,
    prize_value: '1000.00',
    cash_alternative: null,
    winning_ticket_number: null,
    ...overrides,
  });
}
