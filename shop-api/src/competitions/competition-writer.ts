import type pg from 'pg';
import { WpHttpError } from '../http/wp-error.ts';
import { londonWallTimeToInstant } from '@cgg/contracts';
import { instantWinNumberCount, type CompetitionFields } from '@cgg/contracts/staff';
import { inTransaction } from '../accounts/queryable.ts';
import { recordStaffAction } from '../staff/audit-log.ts';
import { readCompetitionFields } from './competition-fields-reader.ts';
import { drawInstantWinNumbers } from './instant-win-numbers.ts';
import { commitSeed } from '../draws/commitments.ts';

/*
 * Writes competitions from the fields an operator sends (checked by the contracts'
 * competition-fields.ts first): the CLI's competition-create/-update and the back office's
 * editor call these, so the rules that protect buyers hold whichever way a change comes.
 */

const toPence = (pounds: string): number => Math.round(Number(pounds) * 100);
const fromLondon = (v: string): Date => new Date(londonWallTimeToInstant(v));

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
  if (c.instant_wins !== undefined) set('enable_instant_wins', c.instant_wins.length > 0);
  if (c.reward_wins !== undefined) set('enable_reward_wins', c.reward_wins.length > 0);
  return col;
}

/**
 * The instant-win prizes and their ticket numbers, drawn now with crypto randomness from
 * 1..total, distinct (UNIQUE (competition_id, ticket_number) backs it). Only ever called
 * while no ticket is sold: once one is, the numbers never change.
 */
async function writeInstantWins(client: pg.PoolClient, id: number, prizes: NonNullable<CompetitionFields['instant_wins']>, total: number): Promise<void> {
  await client.query('DELETE FROM instant_win_prizes WHERE competition_id = $1', [id]);
  const numbers = drawInstantWinNumbers(instantWinNumberCount(prizes), total);
  let next = 0;
  for (const [position, p] of prizes.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO instant_win_prizes (competition_id, title, prize_value_pence, image, quantity, position) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [id, p.title, toPence(p.prize_value), p.image ?? '', p.quantity, position],
    );
    const mine = numbers.slice(next, next + p.quantity);
    next += p.quantity;
    await client.query(
      'INSERT INTO instant_win_tickets (competition_id, instant_win_prize_id, ticket_number) SELECT $1, $2, n FROM unnest($3::int[]) AS n',
      [id, rows[0]!.id, mine],
    );
  }
}

/** The stored prizes (for re-drawing their numbers when total_tickets changes before any sale). */
async function storedInstantWins(client: pg.PoolClient, id: number): Promise<NonNullable<CompetitionFields['instant_wins']>> {
  const { rows } = await client.query<{ title: string; prize_value_pence: number; quantity: number; image: string }>(
    'SELECT title, prize_value_pence, quantity, image FROM instant_win_prizes WHERE competition_id = $1 ORDER BY position, id',
    [id],
  );
  return rows.map((r) => ({ title: r.title, prize_value: (r.prize_value_pence / 100).toFixed(2), quantity: r.quantity, image: r.image || undefined }));
}

async function writeRewardWins(client: pg.PoolClient, id: number, rewards: NonNullable<CompetitionFields['reward_wins']>): Promise<void> {
  await client.query('DELETE FROM reward_wins WHERE competition_id = $1', [id]);
  for (const [position, r] of [...rewards].sort((a, b) => a.percentage - b.percentage).entries()) {
    await client.query('INSERT INTO reward_wins (competition_id, title, prize_value_pence, percentage, position) VALUES ($1, $2, $3, $4, $5)', [
      id, r.title, toPence(r.prize_value), r.percentage, position,
    ]);
  }
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

/** Who made a change, for the audit log (written in the change's transaction). */
export interface ChangedBy {
  staffId: number | null;
  actor: string;
  /** Why, when given: kept in the audit log with the change. */
  reason?: string;
}

/** Someone else saved the competition since the editor opened it (its edit_version moved on). */
export class CompetitionEditedMeanwhile extends Error {}

/**
 * Creates the competition, its question and gallery, and its draw commitment, in one
 * transaction. The CLI creates it on sale ('open'); the back office as a 'draft' the shop
 * does not show until it is published. With `createKey` (the back office's idempotency key) a
 * request sent again answers the competition it made and makes no second one.
 */
export async function createCompetitionFromFile(
  pool: pg.Pool, c: CompetitionFields, now: Date, by: ChangedBy, opts: { status?: 'open' | 'draft'; copyOf?: number; createKey?: string } = {},
): Promise<{ id: number; commitment: string; instantWinNumbers: number }> {
  return inTransaction(pool, async (client) => {
    const status = opts.status ?? 'open';
    const col = { ...columns(c, await categoryId(client, c.category)), status, created_at: now, updated_at: now, create_key: opts.createKey ?? null };
    // Put on sale at once (the CLI), it must still take entries: publishing a draft asks the same
    // (competition-lifecycle.ts); a year mistyped would otherwise make it closed, and drawn empty.
    const closing = (col as Record<string, unknown>).closing_at;
    if (status === 'open' && closing instanceof Date && closing <= now) {
      throw new CompetitionRefused('closing: the closing time has passed; set a later one');
    }
    const names = Object.keys(col);
    // A repeat of the same key waits here for the first to commit, then inserts nothing.
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO competitions (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (create_key) WHERE create_key IS NOT NULL DO NOTHING RETURNING id`,
      Object.values(col),
    );
    if (!rows[0]) {
      const made = (await client.query<{ id: number; title: string; commitment: string }>(
        'SELECT c.id, c.title, d.commitment FROM competitions c JOIN competition_draws d ON d.competition_id = c.id WHERE c.create_key = $1',
        [opts.createKey],
      )).rows[0]!;
      // One key is one competition: the key sent with another (a copy of another, another new one) is a mistake, not a repeat.
      if (made.title !== c.title) throw new WpHttpError(409, 'cgg_idempotency_key_reused', `That key made competition #${made.id} (${made.title}); ask again as a new one.`);
      return { id: made.id, commitment: made.commitment, instantWinNumbers: instantWinNumberCount(c.instant_wins) };
    }
    const id = rows[0].id;
    await writeParts(client, id, c);
    await writeInstantWins(client, id, c.instant_wins, c.total_tickets);
    await writeRewardWins(client, id, c.reward_wins);
    await commitSeed(client, id, now);
    const commitment = (await client.query<{ commitment: string }>('SELECT commitment FROM competition_draws WHERE competition_id = $1', [id])).rows[0]!.commitment;
    await recordStaffAction(client, {
      staffId: by.staffId, actor: by.actor, action: opts.copyOf ? 'competition.duplicate' : 'competition.create', subject: `competition #${id}`,
      after: { ...c, status, ...(opts.copyOf ? { copy_of: opts.copyOf } : {}) }, at: now,
    });
    return { id, commitment, instantWinNumbers: instantWinNumberCount(c.instant_wins) };
  });
}

/** The fields of `c` whose value differs from what is stored (sending a field unchanged changes nothing). */
function changedFields(c: Partial<CompetitionFields>, stored: CompetitionFields): Partial<CompetitionFields> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(c)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(stored[key as keyof CompetitionFields])) changed[key] = value;
  }
  return changed as Partial<CompetitionFields>;
}

/** What a buyer relied on when they bought: fixed once a ticket is sold. */
const RELIED_ON = ['title', 'prize_value', 'cash_alternative'] as const;

/**
 * Updates the fields given (those equal to the stored values are left out). Refused once
 * drawn; tickets cannot drop below those sold, and once tickets are sold neither the prize
 * (title, value, cash alternative) nor the question (entries answered it) changes.
 * Once tickets are sold the draw never moves later, reason or not (buyers entered for that
 * date: UK prize-draw code 2.1-2.5); before any sale it may move either way. A reason
 * (`by.reason`), when given, is kept in the audit log.
 * Instant-win and reward-win prizes can be replaced only while no ticket is sold (the
 * numbers are drawn again); a new total_tickets before any sale re-draws the numbers
 * over the new range; after a sale the numbers never change, so the total may not drop
 * below an instant-win number.
 */
export async function updateCompetitionFromFile(
  pool: pg.Pool, id: number, c: Partial<CompetitionFields>, now: Date, by: ChangedBy, o: { editVersion?: number } = {},
): Promise<{ changed: string[]; editVersion: number }> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ status: string; tickets_sold: number; total_tickets: number; draw_at: Date; drawn: boolean; top_instant: number | null; edit_version: number }>(
      `SELECT c.status, c.tickets_sold, c.total_tickets, c.draw_at, c.edit_version, (SELECT max(ticket_number) FROM instant_win_tickets t WHERE t.competition_id = c.id) AS top_instant, EXISTS (SELECT 1 FROM competition_draws d WHERE d.competition_id = c.id AND d.drawn_at IS NOT NULL) AS drawn
       FROM competitions c WHERE c.id = $1 FOR UPDATE`,
      [id],
    );
    const current = rows[0];
    if (!current) throw new CompetitionRefused(`No competition with id ${id}.`);
    if (current.drawn || current.status === 'drawn') throw new CompetitionRefused(`Competition ${id} has been drawn; its record cannot change.`);
    if (current.status === 'cancelled') throw new CompetitionRefused(`Competition ${id} was cancelled and its orders refunded; its record cannot change.`);
    // The editor's form holds every field as it opened it: over someone else's save it would write theirs back.
    if (o.editVersion !== undefined && o.editVersion !== current.edit_version) {
      throw new CompetitionEditedMeanwhile(`Someone else saved competition #${id} since you opened it, so nothing was saved. Reload the editor to see their changes, then make yours again.`);
    }
    const stored = (await readCompetitionFields(client, id))!;
    c = changedFields(c, stored);
    if (Object.keys(c).length === 0) return { changed: [], editVersion: current.edit_version };
    if (c.total_tickets !== undefined && c.total_tickets < current.tickets_sold) throw new CompetitionRefused(`total_tickets: ${current.tickets_sold} tickets are already sold`);
    if (c.question !== undefined && current.tickets_sold > 0) throw new CompetitionRefused('question: tickets are already sold against the current question');
    const sold = current.tickets_sold > 0;
    for (const field of RELIED_ON) {
      if (c[field] !== undefined && sold) throw new CompetitionRefused(`${field}: ${current.tickets_sold} tickets are already sold; the prize buyers entered for never changes`);
    }
    const reason = by.reason?.trim();
    if (c.draw !== undefined && sold && fromLondon(c.draw) > current.draw_at) {
      throw new CompetitionRefused(`draw: ${current.tickets_sold} tickets are already sold; the draw can move earlier but never later than buyers were promised`);
    }
    if (c.instant_wins !== undefined && sold) throw new CompetitionRefused(`instant_wins: ${current.tickets_sold} tickets are already sold; instant-win prizes and numbers never change once tickets are sold`);
    if (c.reward_wins !== undefined && sold) throw new CompetitionRefused(`reward_wins: ${current.tickets_sold} tickets are already sold; reward-win milestones never change once tickets are sold`);
    const total = c.total_tickets ?? current.total_tickets;
    const prizes = c.instant_wins ?? (c.total_tickets !== undefined && !sold ? await storedInstantWins(client, id) : undefined);
    if (prizes && instantWinNumberCount(prizes) > total) {
      throw new CompetitionRefused(`instant_wins: ${instantWinNumberCount(prizes)} instant-win numbers do not fit in ${total} tickets (total_tickets)`);
    }
    if (sold && c.total_tickets !== undefined && current.top_instant !== null && c.total_tickets < current.top_instant) {
      throw new CompetitionRefused(`total_tickets: ticket ${current.top_instant} is an instant-win number, and instant-win numbers never change once tickets are sold`);
    }
    if (c.total_tickets !== undefined && current.tickets_sold > 0) {
      // Numbers are taken at random: a sold (or reserved) one may be above the new total, and the
      // draw could then pick a ticket the competition no longer has.
      const top = (await client.query<{ top: number | null }>('SELECT max(ticket_number) AS top FROM tickets WHERE competition_id = $1', [id])).rows[0]!.top;
      if (top !== null && c.total_tickets < top) throw new CompetitionRefused(`total_tickets: ticket ${top} is already sold (numbers are taken at random), so there must be at least ${top} tickets`);
    }
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
    if (prizes) await writeInstantWins(client, id, prizes, total);
    if (c.reward_wins !== undefined) await writeRewardWins(client, id, c.reward_wins);
    const before = Object.fromEntries(Object.keys(c).map((k) => [k, stored[k as keyof CompetitionFields]]));
    await recordStaffAction(client, {
      staffId: by.staffId, actor: by.actor, action: 'competition.update', subject: `competition #${id}`, before, after: reason ? { ...c, reason } : c, at: now,
    });
    const bumped = await client.query<{ edit_version: number }>('UPDATE competitions SET edit_version = edit_version + 1 WHERE id = $1 RETURNING edit_version', [id]);
    const changed = [
      ...names, ...(c.question !== undefined ? ['question options'] : []), ...(c.gallery_images !== undefined ? ['gallery'] : []),
      ...(prizes ? [`instant-win numbers (${instantWinNumberCount(prizes)} drawn)`] : []), ...(c.reward_wins !== undefined ? ['reward wins'] : []),
    ];
    return { changed, editVersion: bumped.rows[0]!.edit_version };
  });
}
