import { calls, type Faq, type LegalTerm, type PostalRoute } from '@cgg/contracts';
import type pg from 'pg';
import { restRoute, type RestRoute } from '../http/rest-router.ts';
import { WpHttpError } from '../http/wp-error.ts';

/** FAQs, legal terms and the free postal route: public, operator-edited rows (migration 003). */
export function siteContentRoutes(pool: pg.Pool): RestRoute[] {
  return [
    restRoute({
      method: 'GET',
      route: calls.getFaqs.route,
      request: null,
      handler: async () => {
        const { rows } = await pool.query<Faq>(
          'SELECT id, category, question, answer FROM faqs WHERE published ORDER BY position, id',
        );
        return { success: true, data: rows };
      },
    }),
    restRoute({
      method: 'GET',
      route: calls.getLegalTerms.route,
      request: null,
      handler: async () => {
        const { rows } = await pool.query<LegalTerm>(
          `SELECT tab, slug, title, body, to_char(updated_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS updated_on
           FROM legal_terms ORDER BY tab`,
        );
        return { success: true, data: rows };
      },
    }),
    restRoute({
      method: 'GET',
      route: calls.getFreePostalRoute.route,
      request: null,
      handler: async () => {
        const { rows } = await pool.query<PostalRoute>(
          'SELECT title, intro, address_lines, what_to_write, fairness, closing_rules FROM postal_route WHERE id',
        );
        const route = rows[0];
        if (!route) throw new WpHttpError(404, 'rest_postal_route_missing', 'The free postal route has not been written yet.');
        return { success: true, data: route };
      },
    }),
  ];
}
