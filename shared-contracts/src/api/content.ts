import { z } from 'zod';
import { competitionCategorySchema, competitionSchema } from './competition.ts';

const poundsString = z.string().regex(/^\d+\.\d{2}$/);
/** Competition calls carry the visitor's or customer's token in the body (spec section 6). */
const tokenField = z.string().max(512).optional();

export const settingsSchema = z.object({
  suggested_tickets: z.array(z.number().int().positive()),
  announcement: z.string(),
  live_draw_info: z.string(),
  /** Id of the competition the home carousel leads with. */
  main_competition: z.number().int().nullable(),
  slider_height_desktop: z.number().int().positive(),
  slider_height_tablet: z.number().int().positive(),
  slider_height_mobile: z.number().int().positive(),
  /** 1: the skill question opens before adding to the basket (spec section 5). */
  show_question: z.union([z.literal(0), z.literal(1)]),
  /** Carousel autoplay interval in milliseconds. */
  slider_speed: z.number().int().positive(),
  reward_prize_info: z.string(),
  frontend_scripts: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsResponseSchema = z.object({ success: z.literal(true), data: settingsSchema });

export const seoSettingsRequestSchema = z.object({ page: z.string().min(1).max(64) });
export const seoSettingsSchema = z.object({
  page_title: z.string(),
  meta_description: z.string(),
  meta_title: z.string(),
});
export type SeoSettings = z.infer<typeof seoSettingsSchema>;
export const seoSettingsResponseSchema = z.object({ success: z.boolean(), data: z.array(seoSettingsSchema) });

export const winnersSummaryResponseSchema = z.object({
  success: z.boolean(),
  totalPrizeValue: poundsString,
  totalWinner: z.number().int().nonnegative(),
});
export type WinnersSummary = z.infer<typeof winnersSummaryResponseSchema>;

export const howItWorksSchema = z.object({
  title: z.string(),
  intro: z.string(),
  steps: z.array(z.object({ title: z.string(), body: z.string() })),
});
export type HowItWorks = z.infer<typeof howItWorksSchema>;
export const howItWorksResponseSchema = z.object({ success: z.literal(true), data: howItWorksSchema });

export const competitionListRequestSchema = z
  .object({
    token: tokenField,
    category: z.string().max(64).optional(),
    status: z.enum(['open', 'closed', 'drawn', 'finished', 'all']).optional(),
    instant_win: z.boolean().optional(),
    page: z.number().int().min(1).max(10_000).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  })
  .strict();
export type CompetitionListRequest = z.infer<typeof competitionListRequestSchema>;
export const competitionListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(competitionSchema),
  page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  categories: z.array(competitionCategorySchema),
});
export type CompetitionListResponse = z.infer<typeof competitionListResponseSchema>;

export const tokenOnlyRequestSchema = z.object({ token: tokenField }).strict();
export const competitionArrayResponseSchema = z.object({ success: z.literal(true), data: z.array(competitionSchema) });

export const featuredResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ featured: z.array(competitionSchema), competitions: z.array(competitionSchema) }),
});

export const getCompetitionRequestSchema = z.object({ token: tokenField, id: z.number().int().positive() }).strict();
export const getCompetitionResponseSchema = z.object({ success: z.literal(true), data: competitionSchema });

export const otherCompsRequestSchema = z
  .object({ token: tokenField, id: z.number().int().positive().optional(), limit: z.number().int().min(1).max(20).optional() })
  .strict();
