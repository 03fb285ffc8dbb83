import { checkCompetitionPatch, checkNewCompetition, type FieldProblem } from '@cgg/contracts/staff';
import type pg from 'pg';
import { readCompetitionFields } from '../competitions/competition-fields-reader.ts';
import { ImageRefused, MAX_UPLOAD_BYTES, storeCompetitionImage } from '../competitions/competition-images.ts';
import { duplicateCompetition, publishCompetition, unpublishCompetition } from '../competitions/competition-lifecycle.ts';
import { CompetitionEditedMeanwhile, CompetitionRefused, createCompetitionFromFile, updateCompetitionFromFile, type ChangedBy } from '../competitions/competition-writer.ts';
import type { ImageVariants } from '../http/image-variants.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { inTransaction } from '../accounts/queryable.ts';

/*
 * The back office's competition editor: open, save (create as a draft, or change), publish,
 * take back, duplicate, and upload a prize photo. Every write goes through the same domain
 * functions as the CLI's competition-create/-update, after the same contracts checks.
 */

const invalid = (problems: FieldProblem[]): WpHttpError =>
  new WpHttpError(400, 'cgg_invalid_competition', `The competition was not saved: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, { problems });

/** A refusal from the writer names its field first ("draw: ..."), when it is about one. */
function refusedProblem(err: CompetitionRefused): FieldProblem {
  const m = /^([a-z_.0-9]+): (.*)$/s.exec(err.message);
  return m ? { field: m[1]!, message: m[2]! } : { field: '(competition)', message: err.message };
}

interface Stage {
  stage: 'draft' | 'open' | 'closed' | 'drawn' | 'cancelled';
  tickets_sold: number;
  edit_version: number;
}

async function stageOf(pool: pg.Pool, id: number): Promise<Stage | null> {
  const { rows } = await pool.query<Stage>(
    `SELECT CASE WHEN c.status IN ('draft', 'cancelled') THEN c.status WHEN c.status = 'drawn' OR d.drawn_at IS NOT NULL THEN 'drawn'
                 WHEN c.status <> 'open' OR c.closing_at <= now() THEN 'closed' ELSE 'open' END AS stage, c.tickets_sold, c.edit_version
     FROM competitions c LEFT JOIN competition_draws d ON d.competition_id = c.id WHERE c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** What may no longer change, and why (the writer enforces the same rules). */
function lockedFields(s: Stage): Array<{ field: string; why: string }> {
  if (s.stage === 'drawn') return [{ field: '*', why: 'The competition has been drawn; its record never changes.' }];
  if (s.stage === 'cancelled') return [{ field: '*', why: 'The competition was cancelled and its orders refunded; its record never changes.' }];
  if (s.tickets_sold === 0) return [];
  const why = `${s.tickets_sold} tickets are sold: buyers entered for this.`;
  return ['title', 'prize_value', 'cash_alternative', 'question', 'instant_wins', 'reward_wins'].map((field) => ({ field, why }));
}

export function competitionEditorRoutes(deps: { pool: pg.Pool; now: () => Date; imageVariants: ImageVariants; uploadsDir: string }): DeclaredRoute[] {
  const { pool, now } = deps;
  const by = (staff: { staffId: number; name: string; email: string }, reason?: string): ChangedBy => ({ staffId: staff.staffId, actor: staffActor(staff), reason });
  const noCompetition = (id: number) => new WpHttpError(404, 'cgg_competition_not_found', `There is no competition ${id}.`);

  return [
    declaredRoute(routeTable.staffCompetitionFields, {
      summary: 'Opens a competition in the editor: every field as the CLI\'s competition file writes it, its stage, and the fields fixed by now (with why).',
      description: 'Without `id`: no fields (a new competition). Either way the categories to choose from.',
      handler: async ({ input }) => {
        const categories = (await pool.query<{ slug: string; name: string }>('SELECT slug, name FROM categories ORDER BY position, name')).rows;
        if (input.id === undefined) return { success: true, data: { fields: null, stage: null, tickets_sold: 0, locked: [], categories } };
        // The version first: a save between the two reads then shows as changed when these fields are saved over it.
        const stage = await stageOf(pool, input.id);
        const fields = await readCompetitionFields(pool, input.id);
        if (!fields || !stage) throw noCompetition(input.id);
        return { success: true, data: { fields, stage: stage.stage, tickets_sold: stage.tickets_sold, locked: lockedFields(stage), categories, edit_version: stage.edit_version } };
      },
    }),

    declaredRoute(routeTable.staffCompetitionSave, {
      summary: 'Saves a competition from the editor: a new one as a draft (not on the shop until published), or the fields that changed.',
      description:
        'The same checks and rules as the CLI\'s competition-create/-update. `edit_version` (from `competition_fields`; the back office sends it) must still be the competition\'s: a save over someone else\'s since is 409 `cgg_competition_changed` and writes nothing; the answer carries the new version. Once tickets are sold the prize (title, value, cash alternative), the question, instant wins and reward milestones are fixed; once tickets are sold the draw never moves later (it may move earlier; before any sale either way); an optional `reason` is kept in the audit log. 400 `cgg_invalid_competition` lists `data.problems` (field, message); nothing is written.',
      handler: async ({ input, staff }) => {
        const at = now();
        try {
          if (input.id === undefined) {
            const checked = checkNewCompetition(input.fields);
            if (!checked.ok) throw invalid(checked.problems);
            const created = await createCompetitionFromFile(pool, checked.value, at, by(staff), { status: 'draft', ...(input.idempotency_key ? { createKey: input.idempotency_key } : {}) });
            return { success: true, data: { id: created.id, created: true, changed: [], commitment: created.commitment } };
          }
          const checked = checkCompetitionPatch(input.fields);
          if (!checked.ok) throw invalid(checked.problems);
          const saved = await updateCompetitionFromFile(pool, input.id, checked.value, at, by(staff, input.reason), { editVersion: input.edit_version });
          return { success: true, data: { id: input.id, created: false, changed: saved.changed, commitment: null, edit_version: saved.editVersion } };
        } catch (err) {
          if (err instanceof CompetitionEditedMeanwhile) throw new WpHttpError(409, 'cgg_competition_changed', err.message);
          if (err instanceof CompetitionRefused) {
            if (err.message.startsWith('No competition')) throw noCompetition(input.id ?? 0);
            throw invalid([refusedProblem(err)]);
          }
          throw err;
        }
      },
    }),

    declaredRoute(routeTable.staffCompetitionSchedule, {
      summary: 'Moves a competition on its schedule: publish a draft (on sale until closing), take an open one with no sales back to draft, or duplicate any as a new draft.',
      description: '409 `cgg_schedule_refused` says why a move is not possible now (not a draft, closing time passed, tickets sold). Each move is in the audit log.',
      handler: async ({ input, staff }) => {
        const at = now();
        try {
          if (input.action === 'duplicate') {
            const copy = await duplicateCompetition(pool, input.id, at, by(staff), input.idempotency_key);
            return { success: true, data: { id: copy.id, message: `Competition #${copy.id} is a draft copy of #${input.id}.` } };
          }
          if (input.action === 'publish') await publishCompetition(pool, input.id, at, by(staff));
          else await unpublishCompetition(pool, input.id, at, by(staff));
          return { success: true, data: { id: input.id, message: input.action === 'publish' ? 'Published: the competition is on the shop.' : 'Back to draft: the shop no longer shows it.' } };
        } catch (err) {
          if (err instanceof CompetitionRefused) {
            if (err.message.startsWith('No competition')) throw noCompetition(input.id);
            throw new WpHttpError(409, 'cgg_schedule_refused', err.message);
          }
          throw err;
        }
      },
    }),

    declaredRoute(routeTable.staffImageUpload, {
      summary: 'Uploads a prize photo (JPEG, PNG, WebP or AVIF, at most 5 MB, at least 640 px wide): stored upright without its metadata, at most 1600 px wide, with its responsive WebP and AVIF variants made.',
      description: 'Checked by its content, not its name. 400 `cgg_invalid_image` says what is wrong. The answer\'s `url` goes in the competition\'s `image` (or an instant-win prize\'s).',
      bodyLimit: Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024,
      handler: async ({ input, staff }) => {
        const data = Buffer.from(input.data_base64, 'base64');
        try {
          const stored = await storeCompetitionImage(data, deps.uploadsDir, deps.imageVariants);
          await inTransaction(pool, (client) =>
            recordStaffAction(client, { staffId: staff.staffId, actor: staffActor(staff), action: 'image.upload', subject: stored.url, after: { file_name: input.file_name, ...stored }, at: now() }),
          );
          return { success: true, data: stored };
        } catch (err) {
          if (err instanceof ImageRefused) throw new WpHttpError(400, 'cgg_invalid_image', err.message);
          throw err;
        }
      },
    }),
  ];
}
