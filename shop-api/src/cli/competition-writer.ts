import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { commitSeed } from '../draws/commitments.ts';
import { fromLondon, toPence, type CompetitionFields } from './competition-input.ts';

export class CompetitionRefused extends Error {}

async function categoryId(client: pg.PoolClient, slug: string): Promise<number> {
  const { rows } = await client.query<{ id: number; slug: string }>('SELECT id, slug FROM categories ORDER BY position');
  const found = rows.find((r) => r.slug === slug);
  if (!found) throw new CompetitionRefused(`category: "${slug}" is not a category (one of: ${rows.map((r) => r.slug).join(', ')})`);
  return found.id;
}

/** Column values of the competitions row from the file's fields. */
function columns(c: Partial<CompetitionFields>, category?: number): Record<string, unknown> {
  const col: Record<string, unknown> = {};
  const set = (name: string, value: unknown): void => {
    if (value !== undefined) col[name] = value;
  };
  set('category_id', category);
  set('title', c.title);
  set('description', c.description);
  set('image', c.image);
  set('price_pence', c.price_per_ticket && toPence(c.price_per_ticket));
  if (c.sale !== undefined) {
    set('sale_price_pence', c.sale ? toPence(c.sale.price) : null);
    set('sale_start_at', c.sale ? fromLondon(c.sale.start) : null);
    set('sale_end_at', c.sale ? fromLondon(c.sale.end) : null);
  }
  set('total_tickets', c.total_tickets);
  set('max_tickets_per_user', c.max_ticket_per_user);
  set('closing_at', c.closing && fromLondon(c.closing));
  set('draw_at', c.draw && fromLondon(c.draw));
  set('prize_value_pence', c.prize_value && toPence(c.prize_value));
  if (c.cash_alternative !== undefined) set('cash_alternative_pence', c.cash_alternative === null ? null : toPence(c.cash_alternative));
  for (const flag of ['featured', 'hide_ticket_count', 'hide_timer', 'disable_tickets', 'live_draw', 'live_draw_info'] as const) set(flag, c[flag]);
  if (c.question !== undefined) {
    set('comp_question', c.question !== null);
    set('question', c.question?.text ?? null);
  }
  return col;
}

async function writeParts(client: pg.PoolClient, id: number, c: Partial<CompetitionFields>): Promise<void> {
  if (c.question !== undefined) {
    await client.query('DELETE FROM competition_question_options WHERE competition_id = $1', [id]);
    for (const [position, text] of (c.question?.options ?? []).entries()) {
      await client.query('INSERT INTO competition_question_options (competition_id, text, is_correct, position) VALUES ($1, $2, $3, $4)', [
        id, text, position === c.question!.correct, position,
      ]);
    }
  }
  if (c.gallery_images !== undefined) {
    await client.query('DELETE FROM competition_gallery_images WHERE competition_id = $1', [id]);
    for (const [position, url] of c.gallery_images.entries()) {
      await client.query('INSERT INTO competition_gallery_images (competition_id, url, position) VALUES ($1, $2, $3)', [id, url, position]);
    }
  }
}

/** Creates the competition, its question and gallery, and its draw commitment, in one transaction. */
export async function createCompetitionFromFile(pool: pg.Pool, c: CompetitionFields, now: Date): Promise<{ id: number; commitment: string }> {
  return inTransaction(pool, async (client) => {
    const col = { ...columns(c, await categoryId(client, c.category)), created_at: now, updated_at: now };
    const names = Object.keys(col);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO competitions (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(col),
    );
    const id = rows[0]!.id;
    await writeParts(client, id, c);
    await commitSeed(client, id, now);
    const commitment = (await client.query<{ commitment: string }>('SELECT commitment FROM competition_draws WHERE competition_id = $1', [id])).rows[0]!.commitment;
    return { id, commitment };
  });
}

/**
 * Updates the fields given. Refused once drawn; tickets cannot drop below those sold,
 * and the question cannot change once tickets are sold (entries answered the old one).
 */
export async function updateCompetitionFromFile(pool: pg.Pool, id: number, c: Partial<CompetitionFields>, now: Date): Promise<string[]> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ status: string; tickets_sold: number; drawn: boolean }>(
      `SELECT c.status, c.tickets_sold, EXISTS (SELECT 1 FROM competition_draws d WHERE d.competition_id = c.id AND d.drawn_at IS NOT NULL) AS drawn
       FROM competitions c WHERE c.id = $1 FOR UPDATE`,
      [id],
    );
    const current = rows[0];
    if (!current) throw new CompetitionRefused(`No competition with id ${id}.`);
    if (current.drawn || current.status === 'drawn') throw new CompetitionRefused(`Competition ${id} has been drawn; its record cannot change.`);
    if (c.total_tickets !== undefined && c.total_tickets < current.tickets_sold) throw new CompetitionRefused(`total_tickets: ${current.tickets_sold} tickets are already sold`);
    if (c.question !== undefined && current.tickets_sold > 0) throw new CompetitionRefused('question: tickets are already sold against the current question');
    const col = columns(c, c.category === undefined ? undefined : await categoryId(client, c.category));
    const names = Object.keys(col);
    if (names.length > 0) {
      try {
        await client.query(
          `UPDATE competitions SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = $${names.length + 2} WHERE id = $1`,
          [id, ...Object.values(col), now],
        );
      } catch (err) {
        // A rule across stored and new values (e.g. closing after the stored draw time).
        if ((err as { code?: string }).code === '23514') throw new CompetitionRefused(`The change breaks a rule of the competition (${(err as { constraint?: string }).constraint}): check closing/draw order, sale dates and ticket counts.`);
        throw err;
      }
    }
    await writeParts(client, id, c);
    return [...names, ...(c.question !== undefined ? ['question options'] : []), ...(c.gallery_images !== undefined ? ['gallery'] : [])];
  });
}
