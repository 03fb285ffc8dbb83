import type { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { competitionCategorySchema, competitionSchema } from './competition.ts';

const poundsString = lazySchema((z) => z.string().check(z.regex(/^\d+\.\d{2}$/)));
/** Competition calls carry the visitor's or customer's token in the body (spec section 6). */
const tokenField = lazySchema((z) => z.optional(z.string().check(z.maxLength(512))));

export const settingsSchema = lazySchema((z) => z.object({
  suggested_tickets: z.array(z.int().check(z.positive())),
  announcement: z.string(),
  live_draw_info: z.string(),
  /** Id of the competition the home carousel leads with. */
  main_competition: z.nullable(z.int()),
  slider_height_desktop: z.int().check(z.positive()),
  slider_height_tablet: z.int().check(z.positive()),
  slider_height_mobile: z.int().check(z.positive()),
  /** 1: the skill question opens before adding to the basket (spec section 5). */
  show_question: z.union([z.literal(0), z.literal(1)]),
  /** Carousel autoplay interval in milliseconds. */
  slider_speed: z.int().check(z.positive()),
  reward_prize_info: z.string(),
  frontend_scripts: z.string(),
}));
export type Settings = z.infer<typeof settingsSchema>;
export const settingsResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: settingsSchema }));

export const seoSettingsRequestSchema = lazySchema((z) => z.object({ page: z.string().check(z.minLength(1), z.maxLength(64)) }));
export const seoSettingsSchema = lazySchema((z) => z.object({
  page_title: z.string(),
  meta_description: z.string(),
  meta_title: z.string(),
}));
export type SeoSettings = z.infer<typeof seoSettingsSchema>;
export const seoSettingsResponseSchema = lazySchema((z) => z.object({ success: z.boolean(), data: z.array(seoSettingsSchema) }));

export const winnersSummaryResponseSchema = lazySchema((z) => z.object({
  success: z.boolean(),
  totalPrizeValue: poundsString,
  totalWinner: z.int().check(z.nonnegative()),
}));
export type WinnersSummary = z.infer<typeof winnersSummaryResponseSchema>;

export const howItWorksSchema = lazySchema((z) => z.object({
  title: z.string(),
  intro: z.string(),
  steps: z.array(z.object({ title: z.string(), body: z.string() })),
}));
export type HowItWorks = z.infer<typeof howItWorksSchema>;
export const howItWorksResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: howItWorksSchema }));

export const competitionListRequestSchema = lazySchema((z) => z.strictObject({
    token: tokenField,
    category: z.optional(z.string().check(z.maxLength(64))),
    status: z.optional(z.enum(['open', 'closed', 'drawn', 'finished', 'all'])),
    instant_win: z.optional(z.boolean()),
    page: z.optional(z.int().check(z.minimum(1), z.maximum(10_000))),
    limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
}));
export type CompetitionListRequest = z.infer<typeof competitionListRequestSchema>;
export const competitionListResponseSchema = lazySchema((z) => z.object({
  success: z.literal(true),
  data: z.array(competitionSchema),
  page: z.int(),
  total: z.int(),
  total_pages: z.int(),
  categories: z.array(competitionCategorySchema),
}));
export type CompetitionListResponse = z.infer<typeof competitionListResponseSchema>;

export const tokenOnlyRequestSchema = lazySchema((z) => z.strictObject({ token: tokenField }));
export const competitionArrayResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: z.array(competitionSchema) }));

export const featuredResponseSchema = lazySchema((z) => z.object({
  success: z.literal(true),
  data: z.object({ featured: z.array(competitionSchema), competitions: z.array(competitionSchema) }),
}));

export const getCompetitionRequestSchema = lazySchema((z) => z.strictObject({ token: tokenField, id: z.int().check(z.positive()) }));
export const getCompetitionResponseSchema = lazySchema((z) => z.object({ success: z.literal(true), data: competitionSchema }));

export const otherCompsRequestSchema = lazySchema((z) => z.strictObject({
  token: tokenField,
  id: z.optional(z.int().check(z.positive())),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(20))),
}));
