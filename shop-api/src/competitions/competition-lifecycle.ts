import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { readCompetitionFields } from './competition-fields-reader.ts';
import { CompetitionRefused, createCompetitionFromFile, type ChangedBy } from './competition-writer.ts';

/*
 * A competition's schedule as the back office moves it: made as a draft (the shop does not
 * show it), published (on sale until its closing time, then closed, then drawn by the draw
 * code), or taken back to draft while nobody has bought a ticket. Each move is one
 * transaction with its audit entry.
 */

interface Stage {
  status: string;
  closing_at: Date;
  tickets_sold: number;
}

async function lockedStage(client: pg.PoolClient, id: number): Promise<Stage> {
  const row = (await client.query<Stage>('SELECT status, closing_at, tickets_sold FROM competitions WHERE id = $1 FOR UPDATE', [id])).rows[0];
  if (!row) throw new CompetitionRefused(`No competition with id ${id}.`);
  return row;
}

/** Puts a draft on sale. Its closing time must still be ahead: a competition nobody could enter is not published. */
export async function publishCompetition(pool: pg.Pool, id: number, now: Date, by: ChangedBy): Promise<void> {
  await inTransaction(pool, async (client) => {
    const stage = await lockedStage(client, id);
    if (stage.status !== 'draft') throw new CompetitionRefused(`Competition ${id} is ${stage.status}, not a draft; only a draft is published.`);
    if (stage.closing_at <= now) throw new CompetitionRefused('closing: the closing time has passed; set a later one before publishing');
    await client.query(`UPDATE competitions SET status = 'open', updated_at = $2 WHERE id = $1`, [id, now]);
    await recordStaffAction(client, { staffId: by.staffId, actor: by.actor, action: 'competition.publish', subject: `competition #${id}`, before: { status: 'draft' }, after: { status: 'open' }, at: now });
  });
}

/** Takes an open competition off the shop again, only while no ticket (paid or postal) is held. */
export async function unpublishCompetition(pool: pg.Pool, id: number, now: Date, by: ChangedBy): Promise<void> {
  await inTransaction(pool, async (client) => {
    const stage = await lockedStage(client, id);
    if (stage.status !== 'open') throw new CompetitionRefused(`Competition ${id} is ${stage.status}; only an open competition goes back to draft.`);
    if (stage.tickets_sold > 0) throw new CompetitionRefused(`Competition ${id} has ${stage.tickets_sold} tickets sold; it stays on the shop (cancel and refund it instead).`);
    await client.query(`UPDATE competitions SET status = 'draft', updated_at = $2 WHERE id = $1`, [id, now]);
    await recordStaffAction(client, { staffId: by.staffId, actor: by.actor, action: 'competition.unpublish', subject: `competition #${id}`, before: { status: 'open' }, after: { status: 'draft' }, at: now });
  });
}

/**
 * A new draft with every field of competition `id` (title marked as a copy). Its instant-win
 * numbers are drawn afresh and it gets its own draw commitment; nothing sold is copied. With
 * `createKey`, asked again it answers the copy it made.
 */
export async function duplicateCompetition(pool: pg.Pool, id: number, now: Date, by: ChangedBy, createKey?: string): Promise<{ id: number }> {
  const fields = await readCompetitionFields(pool, id);
  if (!fields) throw new CompetitionRefused(`No competition with id ${id}.`);
  const title = `${fields.title} (copy)`.slice(0, 200);
  const created = await createCompetitionFromFile(pool, { ...fields, title }, now, by, { status: 'draft', copyOf: id, ...(createKey ? { createKey } : {}) });
  return { id: created.id };
}
