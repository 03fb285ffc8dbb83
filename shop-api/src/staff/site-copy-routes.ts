import type { HowItWorks, LegalTerm, PostalRoute } from '@cgg/contracts';
import { CHANGED_BEFORE_REMOVAL, FIXED_LEGAL_TABS, type StaffFaq } from '@cgg/contracts/staff';
import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { refuseIfChangedMeanwhile } from './changed-meanwhile.ts';

/*
 * The site copy admins edit (issue 16): FAQs, legal terms, how it works, the free postal route.
 * Each change is one transaction with its audit entry (before and after). The public calls
 * (get_faqs, get_legal_terms, gethowitworkssettings, get_free_postal_route) read these tables on
 * every request: the API keeps no copy, answers them without Cache-Control, and the site keeps
 * none either (its 15-minute caches are the settings, SEO rows and winners summary only), so the
 * next page a shopper opens shows the change.
 */
const PICKED_UP = 'The public page reads the table on every request (no API or browser cache; the spec\'s 15-minute caches cover only settings, SEO and the winners summary), so the next page load shows the change.';

/** A 400 naming one field, in the shape validation failures have (validate.ts). */
const badParam = (field: string, message: string) => new WpHttpError(400, 'rest_invalid_param', `Invalid parameter(s): ${field}`, { params: { [field]: message } });

type Db = pg.PoolClient | pg.Pool;

const faqList = async (db: Db) =>
  (await db.query<StaffFaq>('SELECT id, category, question, answer, position, published FROM faqs ORDER BY position, id')).rows;

const legalTerms = async (db: Db) =>
  (await db.query<LegalTerm>(
    `SELECT tab, slug, title, body, to_char(updated_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS updated_on FROM legal_terms ORDER BY tab`,
  )).rows;

const faqFields = (f: StaffFaq) => ({ category: f.category, question: f.question, answer: f.answer, published: f.published });

export function siteCopyRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.staffFaqList, {
      summary: 'Admins: every FAQ in its order, published or not.',
      handler: async () => ({ success: true, data: await faqList(pool) }),
    }),

    declaredRoute(routeTable.staffFaqSave, {
      summary: 'Admins add an FAQ (no `id`: last in the list) or change one; the answer is every FAQ now.',
      description: `Plain text only (HTML tags are refused, 400 naming the field). 404 \`cgg_faq_not_found\` for an unknown id. A new FAQ's \`idempotency_key\` (the back office sends one per FAQ added) sent again answers the list with the FAQ it added, added once; the key with another question is 409 \`cgg_idempotency_key_reused\`. Audited as faq.create / faq.update with the fields before and after. A change with \`base\` is refused with 409 \`cgg_changed_meanwhile\` (nothing written) when the FAQ changed since the editor loaded it. ${PICKED_UP}`,
      handler: async ({ input, staff }) => {
        const at = now();
        const fields = { category: input.category, question: input.question, answer: input.answer, published: input.published };
        const data = await inTransaction(pool, async (client) => {
          // One writer at a time: positions and the reorder's "every id once" stay true.
          await client.query('LOCK TABLE faqs IN EXCLUSIVE MODE');
          if (input.id === undefined) {
            // Under the table's lock, a repeat of the key finds the FAQ the first request added.
            const made = input.idempotency_key
              ? (await client.query<{ id: number; question: string }>('SELECT id, question FROM faqs WHERE create_key = $1', [input.idempotency_key])).rows[0]
              : undefined;
            if (made) {
              if (made.question !== fields.question) throw new WpHttpError(409, 'cgg_idempotency_key_reused', `That key added FAQ #${made.id} (${made.question}); add this one again as a new FAQ.`);
              return faqList(client);
            }
            const { rows } = await client.query<{ id: number }>(
              'INSERT INTO faqs (category, question, answer, published, position, create_key) SELECT $1, $2, $3, $4, COALESCE(max(position), 0) + 1, $5 FROM faqs RETURNING id',
              [fields.category, fields.question, fields.answer, fields.published, input.idempotency_key ?? null],
            );
            await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'faq.create', subject: `faq #${rows[0]!.id}`, after: fields, at });
          } else {
            const before = (await client.query<StaffFaq>('SELECT id, category, question, answer, position, published FROM faqs WHERE id = $1', [input.id])).rows[0];
            if (!before) throw new WpHttpError(404, 'cgg_faq_not_found', `There is no FAQ ${input.id}.`);
            refuseIfChangedMeanwhile(faqFields(before), input.base);
            await client.query('UPDATE faqs SET category = $2, question = $3, answer = $4, published = $5 WHERE id = $1', [input.id, fields.category, fields.question, fields.answer, fields.published]);
            await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'faq.update', subject: `faq #${input.id}`, before: faqFields(before), after: fields, at });
          }
          return faqList(client);
        });
        return { success: true, data };
      },
    }),

    declaredRoute(routeTable.staffFaqReorder, {
      summary: 'Admins put the FAQs in a new order: every id once, first to last; the answer is every FAQ now.',
      description: `400 naming \`ids\` unless the list holds each FAQ exactly once. Audited as faq.reorder with the order before and after. ${PICKED_UP}`,
      handler: async ({ input, staff }) => {
        const at = now();
        const data = await inTransaction(pool, async (client) => {
          await client.query('LOCK TABLE faqs IN EXCLUSIVE MODE');
          const before = (await faqList(client)).map((f) => f.id);
          const same = input.ids.length === before.length && new Set(input.ids).size === before.length && input.ids.every((id) => before.includes(id));
          if (!same) throw badParam('ids', 'List every FAQ exactly once: the list has changed, reload it.');
          await client.query('UPDATE faqs SET position = o.position FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position) WHERE faqs.id = o.id', [input.ids]);
          await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'faq.reorder', subject: 'faqs', before: { ids: before }, after: { ids: input.ids }, at });
          return faqList(client);
        });
        return { success: true, data };
      },
    }),

    declaredRoute(routeTable.staffFaqRemove, {
      summary: 'Admins remove an FAQ for good (to hide one, save it unpublished); the answer is every FAQ now.',
      description: `404 \`cgg_faq_not_found\` for an unknown id. With \`base\`, 409 \`cgg_changed_meanwhile\` (nothing removed) when the FAQ changed since the admin saw it. Audited as faq.remove with the FAQ as it was. ${PICKED_UP}`,
      handler: async ({ input, staff }) => {
        const at = now();
        const data = await inTransaction(pool, async (client) => {
          await client.query('LOCK TABLE faqs IN EXCLUSIVE MODE');
          const current = (await client.query<StaffFaq>('SELECT id, category, question, answer, position, published FROM faqs WHERE id = $1', [input.id])).rows[0];
          if (!current) throw new WpHttpError(404, 'cgg_faq_not_found', `There is no FAQ ${input.id}.`);
          refuseIfChangedMeanwhile(faqFields(current), input.base, CHANGED_BEFORE_REMOVAL);
          const removed = (await client.query<StaffFaq>('DELETE FROM faqs WHERE id = $1 RETURNING id, category, question, answer, position, published', [input.id])).rows[0]!;
          await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'faq.remove', subject: `faq #${input.id}`, before: { ...faqFields(removed), position: removed.position }, at });
          return faqList(client);
        });
        return { success: true, data };
      },
    }),

    declaredRoute(routeTable.staffLegalTermSave, {
      summary: 'Admins change a legal document (by `tab`) or add one (no `tab`: the next tab, `slug` required); the answer is every document now.',
      description: `The tab number is the page's \`?tab=\` link, so it never changes. Plain text (blank lines split paragraphs, \`## \` starts a heading); HTML tags are refused. 404 \`cgg_legal_term_not_found\` for an unknown tab; 400 naming \`slug\` when a new document has none or another has it. \`updated_on\` becomes today. Audited as legal.create / legal.update with before and after. A change with \`base\` is refused with 409 \`cgg_changed_meanwhile\` (nothing written) when the document changed since the editor loaded it. ${PICKED_UP}`,
      handler: async ({ input, staff }) => {
        const at = now();
        const data = await inTransaction(pool, async (client) => {
          await client.query('LOCK TABLE legal_terms IN EXCLUSIVE MODE');
          if (input.slug !== undefined && (await client.query('SELECT 1 FROM legal_terms WHERE slug = $1 AND tab IS DISTINCT FROM $2', [input.slug, input.tab ?? null])).rowCount) {
            throw badParam('slug', 'Another document has this slug.');
          }
          if (input.tab === undefined) {
            if (input.slug === undefined) throw badParam('slug', 'A new document needs a slug, e.g. refund-policy.');
            const { rows } = await client.query<{ tab: number }>(
              'INSERT INTO legal_terms (tab, slug, title, body, updated_at) SELECT COALESCE(max(tab), 0) + 1, $1, $2, $3, $4 FROM legal_terms RETURNING tab',
              [input.slug, input.title, input.body, at],
            );
            const tab = rows[0]!.tab;
            await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'legal.create', subject: `legal terms tab ${tab}`, after: { slug: input.slug, title: input.title, body: input.body }, at });
          } else {
            const before = (await client.query<{ slug: string; title: string; body: string }>('SELECT slug, title, body FROM legal_terms WHERE tab = $1', [input.tab])).rows[0];
            if (!before) throw new WpHttpError(404, 'cgg_legal_term_not_found', `There is no legal document on tab ${input.tab}.`);
            refuseIfChangedMeanwhile(before, input.base);
            const after = { slug: input.slug ?? before.slug, title: input.title, body: input.body };
            await client.query('UPDATE legal_terms SET slug = $2, title = $3, body = $4, updated_at = $5 WHERE tab = $1', [input.tab, after.slug, after.title, after.body, at]);
            await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'legal.update', subject: `legal terms tab ${input.tab}`, before, after, at });
          }
          return legalTerms(client);
        });
        return { success: true, data };
      },
    }),

    declaredRoute(routeTable.staffLegalTermRemove, {
      summary: 'Admins remove a legal document they added; the answer is every document now.',
      description: `Tabs ${FIXED_LEGAL_TABS.join(', ')} are the ones the site names and links (the footer and cookie banner open tab 3): 409 \`cgg_legal_term_fixed\`, edit them instead. 404 \`cgg_legal_term_not_found\` for an unknown tab. With \`base\`, 409 \`cgg_changed_meanwhile\` (nothing removed) when the document changed since the admin saw it. Audited as legal.remove with the document as it was. ${PICKED_UP}`,
      handler: async ({ input, staff }) => {
        if (FIXED_LEGAL_TABS.includes(input.tab)) {
          throw new WpHttpError(409, 'cgg_legal_term_fixed', `Tab ${input.tab} is linked from the site and cannot be removed; change its text instead.`);
        }
        const at = now();
        const data = await inTransaction(pool, async (client) => {
          const current = (await client.query<{ slug: string; title: string; body: string }>('SELECT slug, title, body FROM legal_terms WHERE tab = $1 FOR UPDATE', [input.tab])).rows[0];
          if (!current) throw new WpHttpError(404, 'cgg_legal_term_not_found', `There is no legal document on tab ${input.tab}.`);
          refuseIfChangedMeanwhile(current, input.base, CHANGED_BEFORE_REMOVAL);
          const removed = (await client.query<{ slug: string; title: string; body: string }>('DELETE FROM legal_terms WHERE tab = $1 RETURNING slug, title, body', [input.tab])).rows[0]!;
          await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'legal.remove', subject: `legal terms tab ${input.tab}`, before: removed, at });
          return legalTerms(client);
        });
        return { success: true, data };
      },
    }),

    declaredRoute(routeTable.staffHowItWorksUpdate, {
      summary: 'Admins replace the "How it works" section: title, intro and the steps in order; the answer is the section as the public call gives it.',
      description: `1 to 10 steps; plain text (HTML tags are refused, 400 naming the field). With \`base\`, 409 \`cgg_changed_meanwhile\` (nothing written) when the section changed since the editor loaded it. Audited as how-it-works.update with the section before and after. ${PICKED_UP}`,
      handler: async ({ input, staff }) => {
        const at = now();
        const data = await inTransaction(pool, async (client) => {
          await client.query('LOCK TABLE how_it_works, how_it_works_steps IN EXCLUSIVE MODE');
          const before = await howItWorks(client);
          refuseIfChangedMeanwhile(before, input.base);
          await client.query('INSERT INTO how_it_works (id, title, intro) VALUES (true, $1, $2) ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, intro = EXCLUDED.intro', [input.title, input.intro]);
          await client.query('DELETE FROM how_it_works_steps');
          await client.query(
            'INSERT INTO how_it_works_steps (position, title, body) SELECT position, title, body FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(title, body, position)',
            [input.steps.map((s) => s.title), input.steps.map((s) => s.body)],
          );
          const after = (await howItWorks(client))!;
          await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'how-it-works.update', subject: 'how it works', before: before ?? null, after, at });
          return after;
        });
        return { success: true, data };
      },
    }),

    declaredRoute(routeTable.staffPostalRouteUpdate, {
      summary: 'Admins replace the free postal route page; the answer is the page as the public call gives it.',
      description: `Lists (address, what to write, closing rules) are one item per line, each line once. Plain text (HTML tags are refused, 400 naming the field). With \`base\`, 409 \`cgg_changed_meanwhile\` (nothing written) when the page changed since the editor loaded it. Audited as postal-route.update with the page before and after. ${PICKED_UP}`,
      handler: async ({ input, staff }) => {
        const at = now();
        const data = await inTransaction(pool, async (client) => {
          const before = (await client.query<PostalRoute>(`${POSTAL_SELECT} FOR UPDATE`)).rows[0];
          refuseIfChangedMeanwhile(before, input.base);
          const { rows } = await client.query<PostalRoute>(
            `INSERT INTO postal_route (id, title, intro, address_lines, what_to_write, fairness, closing_rules) VALUES (true, $1, $2, $3, $4, $5, $6)
             ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, intro = EXCLUDED.intro, address_lines = EXCLUDED.address_lines,
               what_to_write = EXCLUDED.what_to_write, fairness = EXCLUDED.fairness, closing_rules = EXCLUDED.closing_rules
             RETURNING ${POSTAL_COLUMNS}`,
            [input.title, input.intro, input.address_lines, input.what_to_write, input.fairness, input.closing_rules],
          );
          const after = rows[0]!;
          await recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'postal-route.update', subject: 'postal route', before: before ?? null, after, at });
          return after;
        });
        return { success: true, data };
      },
    }),
  ];
}

const POSTAL_COLUMNS = 'title, intro, address_lines, what_to_write, fairness, closing_rules';
const POSTAL_SELECT = `SELECT ${POSTAL_COLUMNS} FROM postal_route WHERE id`;

/** The section as the public call answers it (content-routes.ts), or undefined before it is written. */
async function howItWorks(db: Db): Promise<HowItWorks | undefined> {
  const { rows } = await db.query<HowItWorks>(`
    SELECT h.title, h.intro,
           COALESCE((SELECT json_agg(json_build_object('title', s.title, 'body', s.body) ORDER BY s.position) FROM how_it_works_steps s), '[]'::json) AS steps
    FROM how_it_works h WHERE h.id`);
  return rows[0];
}
