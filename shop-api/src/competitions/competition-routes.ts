import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
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
export function competitionRoutes(pool: pg.Pool): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.competition, {
      summary: 'One page of competitions, filtered by category, status (open by default) and instant wins, with the categories and their open counts.',
      description: 'All fields optional; unknown fields refused. `category`: a category slug, `all` for none (an unknown slug gives an empty list). `status`: open (default), closed, drawn, finished (closed or drawn) or all. `limit` 1-100, default 12. Order: soonest draw first for open, newest draw first otherwise. `total` counts the matches, `total_pages = ceil(total / limit)`; `categories` lists every category with its count of open competitions, whatever the filters. A page past the end has `data: []` and the real totals.',
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
    declaredRoute(routeTable.featuredCompetition, {
      summary: 'The open competitions and, among them, the featured ones (the home carousel).',
      description: '`featured`: the open competitions an operator flagged; `competitions`: every open competition, soonest draw first, at most 100.',
      handler: async () => {
        const { competitions, featured } = await listOpen(pool);
        return { success: true, data: { featured: competitions.filter((_, i) => featured[i]), competitions } };
      },
    }),
    declaredRoute(routeTable.drawnNextCompetition, {
      summary: 'The open competitions, soonest draw first.',
      description: 'At most 100; sold-out competitions are included (they are still to be drawn).',
      handler: async () => ({ success: true, data: (await listOpen(pool)).competitions }),
    }),
    declaredRoute(routeTable.finishedSoldoutCompetition, {
      summary: 'The competitions that have closed or sold out.',
      description: 'Drawn or closed competitions, plus open ones that are sold out, newest draw first, at most 100.',
      handler: async () => ({ success: true, data: await listFinishedOrSoldOut(pool) }),
    }),
    declaredRoute(routeTable.getcompetition, {
      summary: 'One competition by id, with its question, instant-win prizes and reward milestones (404 for an unknown id).',
      description: 'Any status. Unknown id: 404 `rest_competition_invalid_id` \'Invalid competition ID.\'',
      handler: async ({ input }) => {
        const competition = await findCompetition(pool, input.id);
        if (!competition) throw new WpHttpError(404, 'rest_competition_invalid_id', 'Invalid competition ID.');
        return { success: true, data: competition };
      },
    }),
    declaredRoute(routeTable.getOtherComps, {
      summary: 'Other open competitions to show beside one (its id excluded).',
      description: '`id` (optional) is the competition being viewed, left out of the answer; `limit` 1-20, default 4. Soonest draw first.',
      handler: async ({ input }) => {
        const { competitions } = await listOpen(pool, { excludeId: input.id, limit: input.limit ?? DEFAULT_OTHER_COMPS });
        return { success: true, data: competitions };
      },
    }),
  ];
}
