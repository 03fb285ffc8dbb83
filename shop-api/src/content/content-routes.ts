import { calls, seoSettingsRequestSchema, type HowItWorks, type SeoSettings, type Settings } from '@cgg/contracts';
import type pg from 'pg';
import { z } from 'zod/mini';
import { WINS_SQL } from '../draws/draw-routes.ts';
import { restRoute, type RestRoute } from '../http/rest-router.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';

/** The contract's SEO request, closed to unknown fields; the token a client may add is tolerated. */
const seoRequest = z.strictObject({
  ...seoSettingsRequestSchema.shape,
  token: z.optional(z.string().check(z.maxLength(512))),
});

/** Settings-type calls: public content, the site credential is not checked. */
export function contentRoutes(pool: pg.Pool): RestRoute[] {
  return [
    restRoute({
      method: 'GET',
      route: calls.getsettings.route,
      request: null,
      handler: async () => {
        const { rows } = await pool.query<Settings & { suggested_tickets: number[] }>(`
          SELECT suggested_tickets, announcement, live_draw_info, main_competition_id AS main_competition,
                 slider_height_desktop, slider_height_tablet, slider_height_mobile, show_question,
                 slider_speed, reward_prize_info, frontend_scripts
          FROM settings WHERE id`);
        const settings = rows[0];
        if (!settings) throw new WpHttpError(404, 'rest_settings_missing', 'The shop settings have not been set up.');
        return { success: true, data: settings };
      },
    }),
    restRoute({
      method: 'POST',
      route: calls.getSEOSettings.route,
      request: seoRequest,
      handler: async ({ input }) => {
        const { rows } = await pool.query<SeoSettings>(
          'SELECT page_title, meta_description, meta_title FROM seo_settings WHERE page = $1',
          [input.page.toLowerCase()],
        );
        // A page without SEO rows is not an error: the client keeps empty titles.
        return { success: rows.length > 0, data: rows };
      },
    }),
    restRoute({
      method: 'GET',
      route: calls.winnersSummary.route,
      request: null,
      handler: async () => {
        // Derived from the real wins (draw wins and instant-win awards), as the winners list shows them.
        const { rows } = await pool.query<{ pence: string; winners: number }>(
          `${WINS_SQL} SELECT COALESCE(sum(pence), 0)::bigint AS pence, count(*)::int AS winners FROM wins`,
        );
        const row = rows[0]!;
        return { success: true, totalPrizeValue: penceToPounds(Number(row.pence)), totalWinner: row.winners };
      },
    }),
    restRoute({
      method: 'GET',
      route: calls.howItWorks.route,
      request: null,
      handler: async () => {
        const { rows } = await pool.query<HowItWorks>(`
          SELECT h.title, h.intro,
                 COALESCE((SELECT json_agg(json_build_object('title', s.title, 'body', s.body) ORDER BY s.position)
                           FROM how_it_works_steps s), '[]'::json) AS steps
          FROM how_it_works h WHERE h.id`);
        const content = rows[0];
        if (!content) throw new WpHttpError(404, 'rest_how_it_works_missing', 'How it works has not been written yet.');
        return { success: true, data: content };
      },
    }),
  ];
}
