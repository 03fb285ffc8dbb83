/*
 * Payloads built to the @cgg/contracts schemas (and checked against them), with dates
 * relative to now so "on sale", "new" and "upcoming" stay true whenever tests run.
 */
import {
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
import { competitionFixture } from '@cgg/contracts/testing';

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

let nextId = 100;

/** The contracts' test competition with a fresh id each time (cards in one list need distinct keys). */
export function makeCompetition(overrides: Partial<Competition> = {}): Competition {
  return competitionFixture({ id: overrides.id ?? nextId++, ...overrides });
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
