/*
 * Payloads built to the @cgg/contracts schemas (and checked against them), with dates
 * relative to now so "on sale", "new" and "upcoming" stay true whenever tests run.
 */
import {
  competitionSchema,
  competitionListResponseSchema,
  featuredResponseSchema,
  settingsResponseSchema,
  seoSettingsResponseSchema,
  winnersSummaryResponseSchema,
  competitionArrayResponseSchema,
  getCompetitionResponseSchema,
  type Competition,
  type Settings,
} from '@cgg/contracts';

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

let nextId = 100;

export function makeCompetition(overrides: Partial<Competition> = {}): Competition {
  const id = overrides.id ?? nextId++;
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
    draw_date: day(10),
    draw_time: '20:00',
    closing_date: day(10),
    closing_time: '19:00',
    status: 'open',
    created_at: new Date(Date.now() - 10 * DAY).toISOString(),
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

/** A sale window around now: yesterday to tomorrow. */
export const saleNow = { sale_price: '0.99', sale_start_date: day(-1), sale_start_time: '00:00', sale_end_date: day(1), sale_end_time: '23:59' };
/** A sale window that ended last week. */
export const salePast = { sale_price: '0.99', sale_start_date: day(-10), sale_start_time: '00:00', sale_end_date: day(-7), sale_end_time: '23:59' };
export const createdJustNow = { created_at: new Date(Date.now() - 3600_000).toISOString() };

export const questionComp = {
  comp_question: true,
  question: 'What is the capital of England?',
  question_options: [
    { id: 1, text: 'Paris' },
    { id: 2, text: 'London' },
    { id: 3, text: 'Madrid' },
  ],
};

export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return settingsResponseSchema.parse({
    success: true,
    data: {
      suggested_tickets: [5, 10, 25, 50],
      announcement: '',
      live_draw_info: 'Live on Facebook at 8pm',
      main_competition: null,
      slider_height_desktop: 520,
      slider_height_tablet: 460,
      slider_height_mobile: 380,
      show_question: 1,
      slider_speed: 5000,
      reward_prize_info: '',
      frontend_scripts: '',
      ...overrides,
    },
  }).data;
}

export const responses = {
  settings: (s: Settings = makeSettings()) => settingsResponseSchema.parse({ success: true, data: s }),
  seo: (page_title = 'CGG Competitions | Win Cars, Tech & Cash', meta_description = 'UK prize competitions with live draws.') =>
    seoSettingsResponseSchema.parse({ success: true, data: [{ page_title, meta_description, meta_title: page_title }] }),
  winners: () => winnersSummaryResponseSchema.parse({ success: true, totalPrizeValue: '125000.00', totalWinner: 342 }),
  featured: (featured: Competition[], competitions: Competition[]) => featuredResponseSchema.parse({ success: true, data: { featured, competitions } }),
  list: (data: Competition[], extra: { page?: number; total?: number; total_pages?: number } = {}) =>
    competitionListResponseSchema.parse({
      success: true,
      data,
      page: extra.page ?? 1,
      total: extra.total ?? data.length,
      total_pages: extra.total_pages ?? 1,
      categories: [
        { slug: 'cars', name: 'Cars', count: 3 },
        { slug: 'tech', name: 'Tech', count: 5 },
        { slug: 'cash', name: 'Cash', count: 2 },
      ],
    }),
  array: (data: Competition[]) => competitionArrayResponseSchema.parse({ success: true, data }),
  one: (c: Competition) => getCompetitionResponseSchema.parse({ success: true, data: c }),
};
