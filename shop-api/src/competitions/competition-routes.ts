import {
  calls,
  competitionListRequestSchema,
  getCompetitionRequestSchema,
  otherCompsRequestSchema,
  tokenOnlyRequestSchema,
} from '@cgg/contracts';
import type pg from 'pg';
import { restRoute, type RestRoute } from '../http/rest-router.ts';
import { WpHttpError } from '../http/wp-error.ts';
import {
  categoriesWithOpenCounts,
  findCompetition,
  listCompetitions,
  listFinishedOrSoldOut,
  listOpen,
} from './competition-repository.ts';

export const DEFAULT_PAGE_SIZE = 12;
export const DEFAULT_OTHER_COMPS = 4;

/**
 * Competition calls. They are public for now: the token a visitor or customer
 * sends in the body is accepted and not required (purchases will need it).
 */
export function competitionRoutes(pool: pg.Pool): RestRoute[] {
  return [
    restRoute({
      method: 'POST',
      route: calls.competition.route,
      request: competitionListRequestSchema,
      handler: async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? DEFAULT_PAGE_SIZE;
        // 'all' as a category is what the "all competitions" tab sends.
        const category = input.category && input.category !== 'all' ? input.category : undefined;
        const [list, categories] = await Promise.all([
          listCompetitions(pool, { category, status: input.status ?? 'open', instantWin: input.instant_win, page, limit }),
          categoriesWithOpenCounts(pool),
        ]);
        return {
          success: true,
          data: list.competitions,
          page,
          total: list.total,
          total_pages: Math.ceil(list.total / limit),
          categories,
        };
      },
    }),
    restRoute({
      method: 'POST',
      route: calls.featuredCompetition.route,
      request: tokenOnlyRequestSchema,
      handler: async () => {
        const { competitions, featured } = await listOpen(pool);
        return { success: true, data: { featured: competitions.filter((_, i) => featured[i]), competitions } };
      },
    }),
    restRoute({
      method: 'POST',
      route: calls.drawnNextCompetition.route,
      request: tokenOnlyRequestSchema,
      handler: async () => ({ success: true, data: (await listOpen(pool)).competitions }),
    }),
    restRoute({
      method: 'POST',
      route: calls.finishedSoldoutCompetition.route,
      request: tokenOnlyRequestSchema,
      handler: async () => ({ success: true, data: await listFinishedOrSoldOut(pool) }),
    }),
    restRoute({
      method: 'POST',
      route: calls.getcompetition.route,
      request: getCompetitionRequestSchema,
      handler: async ({ input }) => {
        const competition = await findCompetition(pool, input.id);
        if (!competition) throw new WpHttpError(404, 'rest_competition_invalid_id', 'Invalid competition ID.');
        return { success: true, data: competition };
      },
    }),
    restRoute({
      method: 'POST',
      route: calls.getOtherComps.route,
      request: otherCompsRequestSchema,
      handler: async ({ input }) => {
        const { competitions } = await listOpen(pool, { excludeId: input.id, limit: input.limit ?? DEFAULT_OTHER_COMPS });
        return { success: true, data: competitions };
      },
    }),
  ];
}
