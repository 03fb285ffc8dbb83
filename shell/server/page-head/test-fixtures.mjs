// A competition and the shop data behind heads, for the shell server's tests.
import { competitionSchema } from '@cgg/contracts';

export function competition(overrides = {}) {
  return competitionSchema.parse({
    id: 42, competition_product_id: 5042, title: 'Audi RS3 Sportback', description: '<p>A <strong>400 bhp</strong> hot hatch &amp; £5,000 cash.</p>',
    category: 'cars', image: '/wp-content/uploads/competitions/audi.jpg', gallery_images: ['/wp-content/uploads/competitions/audi-2.jpg'],
    price_per_ticket: '2.49', sale_price: null, sale_start_date: null, sale_start_time: null, sale_end_date: null, sale_end_time: null,
    quantity: 600, total_sell_tickets: 1000, total_ticket_sold: 400, max_ticket_per_user: 50,
    draw_date: '2030-01-10', draw_time: '20:00', closing_date: '2030-01-10', closing_time: '19:00', status: 'open', created_at: '2029-12-01T10:00:00Z',
    enable_instant_wins: false, instant_wins: [], instant_wins_tickets: [], enable_reward_wins: false, reward_wins: [],
    comp_question: false, question: null, question_options: [], hide_ticket_count: false, hide_timer: false, disable_tickets: false,
    live_draw: false, live_draw_info: null, prize_value: '45000.00', cash_alternative: null, winning_ticket_number: null,
    ...overrides,
  });
}

/** The API as the shell's server reads it (whole answers); undefined is "did not answer", null "does not exist". */
export function fakeShopData({ competitions = [competition()], seo = {}, featured, settings, down = false } = {}) {
  const answer = (value) => Promise.resolve(down ? undefined : value);
  return {
    seo: (page) => answer({ success: true, data: seo[page] ? [seo[page]] : [] }),
    settings: () => answer({ success: true, data: settings ?? { main_competition: null } }),
    featured: () => answer({ success: true, data: featured ?? { featured: competitions, competitions } }),
    competition: (id) => {
      const found = competitions.find((c) => c.id === id);
      return answer(found ? { success: true, data: found } : null);
    },
    listedCompetitions: () => answer(competitions),
  };
}
