import { poundsToPence, type Settings } from '@cgg/contracts';
import type { StaffSettings } from '@cgg/contracts/staff';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { refuseIfChangedMeanwhile } from './changed-meanwhile.ts';
import { siteCopyRoutes } from './site-copy-routes.ts';

/** Settings columns by the payload's names; fixed here, never from input. */
const SETTING_COLUMNS = {
  suggested_tickets: 'suggested_tickets', announcement: 'announcement', live_draw_info: 'live_draw_info', main_competition: 'main_competition_id',
  slider_height_desktop: 'slider_height_desktop', slider_height_tablet: 'slider_height_tablet', slider_height_mobile: 'slider_height_mobile',
  show_question: 'show_question', slider_speed: 'slider_speed', reward_prize_info: 'reward_prize_info', frontend_scripts: 'frontend_scripts',
  // Pence in the table, pounds in the payload (converted below).
  credit_card_monthly_cap: 'credit_card_monthly_cap_pence',
} as const satisfies Record<keyof StaffSettings, string>;

const SETTINGS_SELECT = `SELECT ${Object.entries(SETTING_COLUMNS).map(([name, column]) => (name === column ? column : `${column} AS ${name}`)).join(', ')} FROM settings WHERE id`;

type SettingsRow = Settings & { credit_card_monthly_cap: number };
const toStaffSettings = (row: SettingsRow): StaffSettings => ({ ...row, credit_card_monthly_cap: penceToPounds(row.credit_card_monthly_cap) });

async function readSettings(db: Queryable, forUpdate = false): Promise<StaffSettings> {
  const row = (await db.query<SettingsRow>(`${SETTINGS_SELECT}${forUpdate ? ' FOR UPDATE' : ''}`)).rows[0];
  if (!row) throw new WpHttpError(404, 'rest_settings_missing', 'The shop settings have not been set up.');
  return toStaffSettings(row);
}

/**
 * Site content admins edit (issue 16): the shop settings and the pages' SEO rows, each change in
 * the audit log with the values before and after. The site's own 15-minute caches pick it up.
 * The pages' copy (FAQs, legal terms, how it works, postal route) is in site-copy-routes.ts.
 */
export function contentEditingRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.staffSettings, {
      summary: 'Admins: the shop settings, as getsettings answers them, and the rules the shop keeps to itself (the monthly credit-card cap).',
      handler: async () => ({ success: true, data: await readSettings(pool) }),
    }),

    declaredRoute(routeTable.staffSettingsUpdate, {
      summary: 'Admins change shop settings (any of the fields staff/settings_view answers); the answer is the settings now.',
      description: 'Only the fields sent change. `main_competition` must name a competition (404 `cgg_competition_not_found`). `credit_card_monthly_cap` is pounds (UK prize-draw code 1.3: the most one customer may pay by credit card in a London calendar month; checkouts from then on are held to it). Audited with the changed fields before and after. With `base` (the fields sent, as the editor loaded them), 409 `cgg_changed_meanwhile` and nothing written when one of them changed meanwhile. The storefront caches settings for 15 minutes.',
      handler: async ({ input, staff }) => {
        const { base, ...fields } = input;
        const changes = Object.entries(fields).filter(([, v]) => v !== undefined) as Array<[keyof StaffSettings, unknown]>;
        const at = now();
        const settings = await inTransaction(pool, async (client) => {
          const before = await readSettings(client, true);
          refuseIfChangedMeanwhile(before, base);
          if (input.main_competition != null && (await client.query('SELECT 1 FROM competitions WHERE id = $1', [input.main_competition])).rowCount === 0) {
            throw new WpHttpError(404, 'cgg_competition_not_found', `There is no competition ${input.main_competition}.`);
          }
          if (changes.length === 0) return before;
          await client.query(
            `UPDATE settings SET ${changes.map(([name], i) => `${SETTING_COLUMNS[name]} = $${i + 1}`).join(', ')} WHERE id`,
            changes.map(([name, v]) => (name === 'credit_card_monthly_cap' ? poundsToPence(v as string) : v)),
          );
          const after = await readSettings(client);
          await recordStaffAction(client, {
            staffId: staff.staffId, actor: staffActor(staff), action: 'settings.update', subject: 'shop settings',
            before: Object.fromEntries(changes.map(([name]) => [name, before[name]])), after: Object.fromEntries(changes.map(([name]) => [name, after[name]])), at,
          });
          return after;
        });
        return { success: true, data: settings };
      },
    }),

    declaredRoute(routeTable.staffSeoList, {
      summary: 'Admins: every page\'s SEO row (page title, meta title, meta description).',
      handler: async () => {
        const { rows } = await pool.query<{ page: string; page_title: string; meta_title: string; meta_description: string }>(
          'SELECT page, page_title, meta_title, meta_description FROM seo_settings ORDER BY page',
        );
        return { success: true, data: rows };
      },
    }),

    declaredRoute(routeTable.staffSeoUpdate, {
      summary: 'Admins change one page\'s SEO row; audited with the values before and after.',
      description: '404 `cgg_seo_page_not_found` for a page without a row (pages are the ones the site renders). With `base`, 409 `cgg_changed_meanwhile` (nothing written) when the row changed since the editor loaded it.',
      handler: async ({ input, staff }) => {
        const at = now();
        const row = await inTransaction(pool, async (client) => {
          const before = (await client.query<{ page_title: string; meta_title: string; meta_description: string }>(
            'SELECT page_title, meta_title, meta_description FROM seo_settings WHERE page = $1 FOR UPDATE', [input.page.toLowerCase()],
          )).rows[0];
          if (!before) throw new WpHttpError(404, 'cgg_seo_page_not_found', `There is no SEO row for the page "${input.page}".`);
          refuseIfChangedMeanwhile(before, input.base);
          const after = { page_title: input.page_title, meta_title: input.meta_title, meta_description: input.meta_description };
          await client.query('UPDATE seo_settings SET page_title = $2, meta_title = $3, meta_description = $4 WHERE page = $1', [input.page.toLowerCase(), after.page_title, after.meta_title, after.meta_description]);
          await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'seo.update', subject: `seo ${input.page.toLowerCase()}`, before, after, at });
          return { page: input.page.toLowerCase(), ...after };
        });
        return { success: true, data: row };
      },
    }),

    ...siteCopyRoutes(deps),
  ];
}
