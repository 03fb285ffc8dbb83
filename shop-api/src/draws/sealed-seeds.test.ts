import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.ts';
import { createCompetition } from '../store/store-fixtures.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { ensureCommitments } from './commitments.ts';
import { commitmentOf } from './draw-function.ts';
import { drawDueCompetitions, drawOneNow } from './run-draw.ts';
import { openSeed, sealPlainDrawSeeds } from './sealed-seeds.ts';

let kit: Awaited<ReturnType<typeof storeTestApp>>;
beforeAll(async () => {
  kit = await storeTestApp();
});
afterAll(async () => kit.close());

const quiet = { log: () => {} };
const drawRow = async (id: number) =>
  (await kit.pool.query<{ seed: Buffer | null; sealed_seed: string | null; commitment: string; drawn_at: Date | null }>(
    'SELECT seed, sealed_seed, commitment, drawn_at FROM competition_draws WHERE competition_id = $1', [id],
  )).rows[0]!;
const drawNow = (id: number) =>
  drawOneNow(kit.pool, id, { now: new Date(), drawnBy: 'test', siteUrl: 'http://localhost:3000', mailer: createMailer(kit.pool), audit: { staffId: null, actor: 'test' }, ...quiet });
const closeNow = (id: number) => kit.pool.query(`UPDATE competitions SET closing_at = now() - interval '2 minutes', draw_at = now() - interval '1 minute' WHERE id = $1`, [id]);

describe('draw seeds sealed until the draw', () => {
  it('the database holds no plain seed of a draw to come; the draw opens it and publishes the committed seed', async () => {
    const c = await createCompetition(kit.pool, { total: 20 });
    await ensureCommitments(kit.pool, new Date());
    const before = await drawRow(c.id);
    expect(before.seed).toBeNull();
    expect(before.sealed_seed).toMatch(/^enc:v1:/);
    // Only the API's data key opens it, to the seed the public commitment names.
    const seed = openSeed(c.id, before.sealed_seed!);
    expect(commitmentOf(seed)).toBe(before.commitment);
    // A plain seed cannot be written for a draw to come (migration 058's check).
    await expect(kit.pool.query('UPDATE competition_draws SET seed = $2 WHERE competition_id = $1', [c.id, seed])).rejects.toThrow(/competition_draws_seed_sealed_until_drawn/);

    await closeNow(c.id);
    await drawNow(c.id);
    const after = await drawRow(c.id);
    expect(after.sealed_seed).toBeNull();
    expect(after.seed!.equals(seed)).toBe(true);
    const proof = (await kit.app.inject({ method: 'POST', url: '/?rest_route=/api/v1/draw_proof', headers: { 'content-type': 'application/json' }, payload: { id: c.id } })).json().data;
    expect(proof).toMatchObject({ state: 'no_entries', seed: seed.toString('hex'), commitment: before.commitment });
  });

  it('a sealed seed moved to another competition does not open: that draw fails and writes nothing', async () => {
    const a = await createCompetition(kit.pool, { total: 20 });
    const b = await createCompetition(kit.pool, { total: 20 });
    await ensureCommitments(kit.pool, new Date());
    await kit.pool.query('UPDATE competition_draws SET sealed_seed = (SELECT sealed_seed FROM competition_draws WHERE competition_id = $1) WHERE competition_id = $2', [a.id, b.id]);
    await closeNow(b.id);
    await expect(drawNow(b.id)).rejects.toThrow(`the sealed draw seed of competition ${b.id} does not open with this data key`);
    // The scheduler names it as a failure (its job retries), and draws nothing else in its place.
    await expect(drawDueCompetitions(kit.pool, { now: new Date(), mailer: createMailer(kit.pool), siteUrl: '', ...quiet })).rejects.toThrow(`competition ${b.id}: the sealed draw seed`);
    expect((await drawRow(b.id)).drawn_at).toBeNull();
    expect((await kit.pool.query('SELECT status FROM competitions WHERE id = $1', [b.id])).rows[0].status).toBe('open');
    await kit.pool.query(`UPDATE competitions SET status = 'cancelled' WHERE id = $1`, [b.id]); // out of the later tests' way
  });

  it('a database from before (plain seeds of draws to come) is sealed at start-up, the same seeds kept', async () => {
    const c = await createCompetition(kit.pool, { total: 20 });
    await ensureCommitments(kit.pool, new Date());
    const seed = openSeed(c.id, (await drawRow(c.id)).sealed_seed!);
    // As before migration 058: the plain seed, nothing sealed, the check not yet validated.
    await kit.pool.query('ALTER TABLE competition_draws DROP CONSTRAINT competition_draws_seed_sealed_until_drawn');
    await kit.pool.query('UPDATE competition_draws SET seed = $2, sealed_seed = NULL WHERE competition_id = $1', [c.id, seed]);
    await kit.pool.query(`ALTER TABLE competition_draws ADD CONSTRAINT competition_draws_seed_sealed_until_drawn CHECK (
      CASE WHEN drawn_at IS NULL THEN seed IS NULL AND sealed_seed IS NOT NULL ELSE seed IS NOT NULL AND sealed_seed IS NULL END) NOT VALID`);

    expect(await sealPlainDrawSeeds(kit.pool)).toBe(1);
    const sealed = await drawRow(c.id);
    expect(sealed.seed).toBeNull();
    expect(openSeed(c.id, sealed.sealed_seed!).equals(seed)).toBe(true);
    expect((await kit.pool.query("SELECT convalidated FROM pg_constraint WHERE conname = 'competition_draws_seed_sealed_until_drawn'")).rows[0].convalidated).toBe(true);
    expect(await sealPlainDrawSeeds(kit.pool)).toBe(0);
  });
});
