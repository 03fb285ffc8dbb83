import { staffCompetitionFieldsResponseSchema, staffCompetitionSaveResponseSchema, staffCompetitionsResponseSchema, staffImageUploadResponseSchema } from '@cgg/contracts/staff';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { findCompetition } from '../competitions/competition-repository.ts';
import { addToBasket, checkoutOnce, newBuyer } from '../store/race-harness.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let base: string;
let close: () => Promise<void>;
let operator: string;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  base = await t.listen();
  const member = await inTransaction(pool, (client) =>
    createStaff(client, { email: 'eddie@cgg.test', name: 'Eddie Editor', role: 'operator', password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
  );
  operator = await createStaffSession(pool, member.id, 'signed-in', new Date());
}, 60_000);
afterAll(() => close());

const staffPost = (name: string, payload: object) =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` }, payload });

/** One "now" for the whole file, so two readings of the same field agree across a minute's turn. */
const start = Date.now();
/** London wall time `days` from the file's start (whole minutes). */
const londonIn = (days: number): string => {
  const d = new Date(start + days * 86_400_000);
  return d.toLocaleString('sv-SE', { timeZone: 'Europe/London' }).slice(0, 16);
};

const fields = (title: string) => ({
  title,
  category: 'cash',
  description: '<p>Win it.</p>',
  image: '/wp-content/uploads/competitions/cash.svg',
  price_per_ticket: '0.99',
  total_tickets: 500,
  max_ticket_per_user: 50,
  closing: londonIn(5),
  draw: londonIn(6),
  prize_value: '1000.00',
  cash_alternative: '900.00',
  instant_wins: [{ title: '£10 Site Credit', prize_value: '10.00', quantity: 3 }],
  reward_wins: [{ title: '£5 bonus', prize_value: '5.00', percentage: 50 }],
});

async function create(title: string, extra: object = {}) {
  const res = await staffPost('competition_save', { fields: { ...fields(title), ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return staffCompetitionSaveResponseSchema.parse(res.json()).data;
}

const productOf = async (id: number) => (await pool.query<{ competition_product_id: number }>('SELECT competition_product_id FROM competitions WHERE id = $1', [id])).rows[0]!.competition_product_id;
const audit = async (id: number) =>
  (await pool.query<{ action: string; actor: string; before: Record<string, unknown> | null; after: Record<string, unknown> }>('SELECT action, actor, before, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [`competition #${id}`])).rows;

describe('the competition editor', () => {
  it('creates a draft the shop does not show or sell, with its instant-win numbers drawn and its draw committed', async () => {
    const made = await create('Editor draft £1,000');
    expect(made.created).toBe(true);
    expect(made.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await findCompetition(pool, made.id)).toBeNull();
    const numbers = await pool.query('SELECT ticket_number FROM instant_win_tickets WHERE competition_id = $1', [made.id]);
    expect(numbers.rowCount).toBe(3);
    const listed = staffCompetitionsResponseSchema.parse((await staffPost('competitions', { stage: 'draft', search: 'Editor draft' })).json());
    expect(listed.data.map((c) => c.id)).toEqual([made.id]);
    const buyer = await newBuyer(pool, base);
    await expect(addToBasket(base, buyer, await productOf(made.id), 1)).rejects.toThrow();
    expect((await audit(made.id)).map((a) => [a.action, a.actor])).toEqual([['competition.create', 'Eddie Editor <eddie@cgg.test>']]);

    const opened = staffCompetitionFieldsResponseSchema.parse((await staffPost('competition_fields', { id: made.id })).json()).data;
    expect(opened).toMatchObject({ stage: 'draft', tickets_sold: 0, locked: [] });
    expect(opened.fields).toMatchObject({ ...fields('Editor draft £1,000'), question: null, sale: null });
    expect(opened.categories.map((c) => c.slug)).toContain('cash');
  });

  it('refuses bad fields field by field, and rules across fields, writing nothing', async () => {
    const before = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM competitions')).rows[0]!.n;
    const bad = await staffPost('competition_save', { fields: { ...fields('x'), price_per_ticket: '1', total_tickets: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'cgg_invalid_competition' });
    const problems = (bad.json() as { data: { problems: Array<{ field: string; message: string }> } }).data.problems;
    expect(problems).toEqual(expect.arrayContaining([
      { field: 'title', message: 'must be at least 3 characters' },
      { field: 'price_per_ticket', message: 'must be pounds with 2 decimals, like "0.99"' },
      { field: 'total_tickets', message: 'must be at least 1' },
    ]));
    // A price of nothing: the database's own rule refused it with a 500 before the schema did.
    const free = await staffPost('competition_save', { fields: { ...fields('Free tickets'), price_per_ticket: '0.00' } });
    expect(free.statusCode).toBe(400);
    expect((free.json() as { data: { problems: unknown[] } }).data.problems).toEqual([{ field: 'price_per_ticket', message: 'must be more than 0.00' }]);
    const crossed = await staffPost('competition_save', { fields: { ...fields('Closing after draw'), closing: londonIn(7) } });
    expect((crossed.json() as { data: { problems: unknown[] } }).data.problems).toEqual([{ field: 'closing', message: 'must not be after draw' }]);
    const unknownCategory = await staffPost('competition_save', { fields: { ...fields('Unknown category'), category: 'boats' } });
    expect(unknownCategory.statusCode).toBe(400);
    expect((unknownCategory.json() as { data: { problems: Array<{ field: string }> } }).data.problems[0]!.field).toBe('category');
    expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM competitions')).rows[0]!.n).toBe(before);
  });

  it('publishes a draft onto the shop; a draft past its closing time, or a second publish, is refused', async () => {
    const made = await create('Editor publish');
    const published = await staffPost('competition_schedule', { id: made.id, action: 'publish' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await findCompetition(pool, made.id))?.status).toBe('open');
    const again = await staffPost('competition_schedule', { id: made.id, action: 'publish' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/not a draft/);
    const late = await create('Editor late', { closing: londonIn(-1), draw: londonIn(1) });
    const refused = await staffPost('competition_schedule', { id: late.id, action: 'publish' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/closing time has passed/);
    expect(await findCompetition(pool, late.id)).toBeNull();
    expect((await audit(made.id)).map((a) => a.action)).toEqual(['competition.create', 'competition.publish']);
  });

  it('once a ticket is sold: the prize and instant wins are fixed, the draw never moves later (a reason does not help) but may move earlier, and unchanged fields change nothing', async () => {
    const made = await create('Editor sold');
    await staffPost('competition_schedule', { id: made.id, action: 'publish' });
    const buyer = await newBuyer(pool, base);
    await addToBasket(base, buyer, await productOf(made.id), 2);
    const sale = await checkoutOnce(base, buyer);
    expect(sale.ok).toBe(true);

    const opened = staffCompetitionFieldsResponseSchema.parse((await staffPost('competition_fields', { id: made.id })).json()).data;
    expect(opened.locked.map((l) => l.field)).toEqual(['title', 'prize_value', 'cash_alternative', 'question', 'instant_wins', 'reward_wins']);

    const retitled = await staffPost('competition_save', { id: made.id, fields: { title: 'A smaller prize' } });
    expect(retitled.statusCode).toBe(400);
    expect(retitled.json().data.problems).toEqual([{ field: 'title', message: '2 tickets are already sold; the prize buyers entered for never changes' }]);
    const smaller = await staffPost('competition_save', { id: made.id, fields: { prize_value: '500.00', cash_alternative: '400.00' } });
    expect(smaller.statusCode).toBe(400);
    expect(smaller.json().data.problems.map((p: { field: string }) => p.field)).toEqual(['prize_value']);
    const lessCash = await staffPost('competition_save', { id: made.id, fields: { cash_alternative: '100.00' } });
    expect(lessCash.json().data.problems.map((p: { field: string }) => p.field)).toEqual(['cash_alternative']);
    const prizes = await staffPost('competition_save', { id: made.id, fields: { instant_wins: [{ title: 'Other', prize_value: '1.00', quantity: 1 }] } });
    expect(prizes.json().data.problems[0].field).toBe('instant_wins');

    const later = { closing: londonIn(8), draw: londonIn(9) };
    const refusal = [{ field: 'draw', message: '2 tickets are already sold; the draw can move earlier but never later than buyers were promised' }];
    const noReason = await staffPost('competition_save', { id: made.id, fields: later });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.problems).toEqual(refusal);
    const withReason = await staffPost('competition_save', { id: made.id, fields: { ...fields('Editor sold'), ...later }, reason: 'Prize delivery delayed by the supplier' });
    expect(withReason.statusCode).toBe(400);
    expect(withReason.json().data.problems).toEqual(refusal);
    expect((await staffPost('competition_fields', { id: made.id })).json().data.fields).toMatchObject({ closing: fields('x').closing, draw: fields('x').draw });
    expect((await audit(made.id)).map((a) => a.action)).toEqual(['competition.create', 'competition.publish']);

    const earlier = { closing: londonIn(4), draw: londonIn(5) };
    const same = await staffPost('competition_save', { id: made.id, fields: { ...fields('Editor sold'), ...earlier }, reason: 'Sold faster than planned' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.changed).toEqual(['closing_at', 'draw_at']);
    const last = (await audit(made.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'competition.update', before: { closing: fields('x').closing, draw: fields('x').draw }, after: { ...earlier, reason: 'Sold faster than planned' } });
    const unpublish = await staffPost('competition_schedule', { id: made.id, action: 'unpublish' });
    expect(unpublish.statusCode).toBe(409);
  });

  it('before any sale the draw may move later, also once published', async () => {
    const made = await create('Editor unsold');
    await staffPost('competition_schedule', { id: made.id, action: 'publish' });
    const later = { closing: londonIn(8), draw: londonIn(9) };
    const moved = await staffPost('competition_save', { id: made.id, fields: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.changed).toEqual(['closing_at', 'draw_at']);
    expect((await staffPost('competition_fields', { id: made.id })).json().data.fields).toMatchObject(later);
    expect((await audit(made.id)).at(-1)).toMatchObject({ action: 'competition.update', before: { draw: fields('x').draw }, after: later });
  });

  it('a save over someone else\'s since the editor opened is refused and writes nothing; saves at the version go on', async () => {
    const made = await create('Two editors');
    const open = async () => staffCompetitionFieldsResponseSchema.parse((await staffPost('competition_fields', { id: made.id })).json()).data;
    const opened = await open();
    const a = opened.edit_version!;
    // B saves a new price from the form B opened.
    const byB = await staffPost('competition_save', { id: made.id, fields: { ...opened.fields, price_per_ticket: '1.49' }, edit_version: a });
    expect(byB.statusCode, byB.body).toBe(200);
    const afterB = staffCompetitionSaveResponseSchema.parse(byB.json()).data;
    expect(afterB).toMatchObject({ changed: ['price_pence'], edit_version: a + 1 });
    // A, who opened it before B saved, changes the description: the form still holds the old price.
    const auditBefore = (await audit(made.id)).length;
    const byA = await staffPost('competition_save', { id: made.id, fields: { ...opened.fields, description: '<p>Win it now.</p>' }, edit_version: a });
    expect(byA.statusCode).toBe(409);
    expect(byA.json()).toMatchObject({
      code: 'cgg_competition_changed',
      message: `Someone else saved competition #${made.id} since you opened it, so nothing was saved. Reload the editor to see their changes, then make yours again.`,
    });
    const now = await open();
    expect(now.fields).toMatchObject({ price_per_ticket: '1.49', description: '<p>Win it.</p>' });
    expect(now.edit_version).toBe(a + 1);
    expect(await audit(made.id)).toHaveLength(auditBefore);
    // Reloaded, A's change goes in; a save that changes nothing keeps the version; the CLI (no version) always saves.
    const again = await staffPost('competition_save', { id: made.id, fields: { ...now.fields, description: '<p>Win it now.</p>' }, edit_version: a + 1 });
    expect(staffCompetitionSaveResponseSchema.parse(again.json()).data).toMatchObject({ changed: ['description'], edit_version: a + 2 });
    const nothing = await staffPost('competition_save', { id: made.id, fields: { description: '<p>Win it now.</p>' }, edit_version: a + 2 });
    expect(staffCompetitionSaveResponseSchema.parse(nothing.json()).data).toMatchObject({ changed: [], edit_version: a + 2 });
    const unversioned = await staffPost('competition_save', { id: made.id, fields: { description: '<p>Last.</p>' } });
    expect(unversioned.statusCode).toBe(200);
    expect((await staffPost('competition_save', { id: made.id, fields: {}, edit_version: 0 })).statusCode).toBe(400);
  });

  it('a new draft or a duplicate asked again under its key (twice at once, then once more) is made once', async () => {
    const count = async (title: string) => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM competitions WHERE title = $1', [title])).rows[0]!.n;
    const save = { fields: fields('Keyed draft'), idempotency_key: randomUUID() };
    const answers = await Promise.all([staffPost('competition_save', save), staffPost('competition_save', save)]);
    answers.push(await staffPost('competition_save', save));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ids = answers.map((a) => staffCompetitionSaveResponseSchema.parse(a.json()).data);
    expect(new Set(ids.map((d) => d.id)).size).toBe(1);
    expect(new Set(ids.map((d) => d.commitment)).size).toBe(1);
    expect(await count('Keyed draft')).toBe(1);
    expect((await audit(ids[0]!.id)).map((a) => a.action)).toEqual(['competition.create']);

    const copy = { id: ids[0]!.id, action: 'duplicate', idempotency_key: randomUUID() };
    const copies = await Promise.all([staffPost('competition_schedule', copy), staffPost('competition_schedule', copy)]);
    expect(new Set(copies.map((c) => c.json().data.id)).size).toBe(1);
    expect(await count('Keyed draft (copy)')).toBe(1);
    // The key with another ask is refused, and makes nothing.
    const reused = await staffPost('competition_save', { fields: fields('Another draft'), idempotency_key: save.idempotency_key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'cgg_idempotency_key_reused', message: `That key made competition #${ids[0]!.id} (Keyed draft); ask again as a new one.` });
    expect(await count('Another draft')).toBe(0);
    // Without a key (the CLI, a back office built before keys), each ask is a new competition.
    expect((await staffPost('competition_save', { fields: fields('Keyed draft') })).statusCode).toBe(200);
    expect(await count('Keyed draft')).toBe(2);
  });

  it('duplicates a competition as a new draft with fresh instant-win numbers and its own commitment', async () => {
    const made = await create('Editor original');
    const copy = await staffPost('competition_schedule', { id: made.id, action: 'duplicate' });
    expect(copy.statusCode, copy.body).toBe(200);
    const copyId = copy.json().data.id as number;
    const opened = staffCompetitionFieldsResponseSchema.parse((await staffPost('competition_fields', { id: copyId })).json()).data;
    expect(opened).toMatchObject({ stage: 'draft', fields: { ...fields('Editor original (copy)') } });
    const commitments = await pool.query<{ commitment: string }>('SELECT commitment FROM competition_draws WHERE competition_id = ANY($1) ORDER BY competition_id', [[made.id, copyId]]);
    expect(new Set(commitments.rows.map((r) => r.commitment)).size).toBe(2);
    expect((await audit(copyId))[0]).toMatchObject({ action: 'competition.duplicate', after: { copy_of: made.id, status: 'draft' } });
  });
});

describe('prize photo upload', () => {
  const photo = (width: number, height: number, format: 'png' | 'jpeg' = 'jpeg') =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })[format]().withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } }).toBuffer();
  const upload = async (data: Buffer, fileName = 'prize.jpg') => staffPost('image_upload', { file_name: fileName, data_base64: data.toString('base64') });

  it('stores a photo at most 1600 px wide without its metadata, serves it and its variants, and logs it', async () => {
    const res = await upload(await photo(2400, 1600));
    expect(res.statusCode, res.body).toBe(200);
    const stored = staffImageUploadResponseSchema.parse(res.json()).data;
    expect(stored).toMatchObject({ width: 1600, height: 1067, variants: 12 });
    expect(stored.url).toMatch(/^\/wp-content\/uploads\/staff\/[0-9a-f]{24}\.jpg$/);
    const served = await app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
    const variant = await app.inject({ method: 'GET', url: `${stored.url}?w=640&format=avif` });
    expect(variant.headers['content-type']).toBe('image/avif');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(640);
    const logged = await pool.query('SELECT action FROM staff_audit_log WHERE subject = $1', [stored.url]);
    expect(logged.rows).toEqual([{ action: 'image.upload' }]);
  });

  it('refuses what is not a picture, a picture too narrow, and one too large, each saying why', async () => {
    const text = await upload(Buffer.from('<?php echo 1; ?>'), 'prize.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'cgg_invalid_image', message: 'image: must be a JPEG, PNG, WebP or AVIF picture (this file is not one)' });
    const narrow = await upload(await photo(400, 300, 'png'), 'small.png');
    expect(narrow.json().message).toBe('image: must be at least 640 px wide (this one is 400 px)');
    const huge = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^image: must be at most 5 MB/);
  });
});
