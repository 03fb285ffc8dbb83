import { type Faq, type LegalTerm, type PostalRoute } from '@cgg/contracts';
import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';

/** FAQs, legal terms and the free postal route: public, operator-edited rows (migration 003). */
export function siteContentRoutes(pool: pg.Pool): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.getFaqs, {
      summary: 'The FAQs.',
      description: 'Published rows by position. Bodies are plain text (blank lines split paragraphs, `## ` starts a heading), never HTML.',
      handler: async () => {
        const { rows } = await pool.query<Faq>(
          'SELECT id, category, question, answer FROM faqs WHERE published ORDER BY position, id',
        );
        return { success: true, data: rows };
      },
    }),
    declaredRoute(routeTable.getLegalTerms, {
      summary: 'The legal terms pages.',
      description: 'Tabs: 1 Terms & Conditions, 2 Competition Rules, 3 Privacy Policy (the cookie banner links `/legal-terms?tab=3`), 4 Acceptable Use, 5 Cookies. `updated_on` is the London date of the last edit.',
      handler: async () => {
        const { rows } = await pool.query<LegalTerm>(
          `SELECT tab, slug, title, body, to_char(updated_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS updated_on
           FROM legal_terms ORDER BY tab`,
        );
        return { success: true, data: rows };
      },
    }),
    declaredRoute(routeTable.getFreePostalRoute, {
      summary: 'How to enter by the free postal route.',
      description: '404 `rest_postal_route_missing` if an operator deleted the row.',
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
