import { seoSettingsRequestSchema, type HowItWorks, type SeoSettings, type Settings } from '@cgg/contracts';
import type pg from 'pg';
import { z } from 'zod/mini';
import { WINS_SQL } from '../draws/draw-routes.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';

/** The contract's SEO request, closed to unknown fields; the token a client may add is tolerated. */
const seoRequest = z.strictObject({
  ...seoSettingsRequestSchema.shape,
  token: z.optional(z.string().check(z.maxLength(512))),
});

/** Settings-type calls: public content, the site credential is not checked. */
export function contentRoutes(pool: pg.Pool): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.getsettings, {
      summary: 'The shop settings: suggested ticket counts, announcement, live draw, main competition, slider sizes and speed.',
      description: '`main_competition` is the id of the competition the home carousel leads with (or null). 404 `rest_settings_missing` only on an unseeded database.',
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
    declaredRoute({ ...routeTable.getSEOSettings, request: seoRequest }, {
      summary: 'A page\'s title, meta title and meta description (empty data and success false for a page without SEO rows).',
      description: '`page` is 1-64 characters, matched case-insensitively; an optional `token` is tolerated. Seeded pages: home, competitions, instant-wins, draw-results, winners, how-it-works, faq, free-postal-route, contact, legal-terms, community-chat. A page without an SEO row answers 200 `{success: false, data: []}`: the front end keeps empty titles.',
      handler: async ({ input }) => {
        const { rows } = await pool.query<SeoSettings>(
          'SELECT page_title, meta_description, meta_title FROM seo_settings WHERE page = $1',
          [input.page.toLowerCase()],
        );
        // A page without SEO rows is not an error: the client keeps empty titles.
        return { success: rows.length > 0, data: rows };
      },
    }),
    declaredRoute(routeTable.winnersSummary, {
      summary: 'The total value of prizes won and the number of winners, from the real wins.',
      description: 'Sums main-draw wins (`draw_wins`) and instant wins awarded at checkout or to a free postal entry (`instant_win_awards`): the rows `winners_list` pages through.',
      handler: async () => {
        // Derived from the real wins (draw wins and instant-win awards), as the winners list shows them.
        const { rows } = await pool.query<{ pence: string; winners: number }>(
          `${WINS_SQL} SELECT COALESCE(sum(pence), 0)::bigint AS pence, count(*)::int AS winners FROM wins`,
        );
        const row = rows[0]!;
        return { success: true, totalPrizeValue: penceToPounds(Number(row.pence)), totalWinner: row.winners };
      },
    }),
    declaredRoute(routeTable.howItWorks, {
      summary: 'The "How it works" section: title, intro and steps.',
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
