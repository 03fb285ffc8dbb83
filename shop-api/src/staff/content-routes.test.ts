import { settingsResponseSchema } from '@cgg/contracts';
import { staffSeoListResponseSchema, staffSettingsResponseSchema } from '@cgg/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../accounts/queryable.ts';
import { storeTestApp } from '../store/store-test-kit.ts';
import { createStaff } from './staff-accounts.ts';
import { createStaffSession } from './staff-sessions.ts';

let app: FastifyInstance;
let pool: pg.Pool;
let close: () => Promise<void>;
let admin: string;

beforeAll(async () => {
  const t = await storeTestApp();
  ({ app, pool, close } = t);
  const member = await inTransaction(pool, (client) =>
    createStaff(client, { email: 'amy@cgg.test', name: 'Amy Admin', role: 'admin', password: 'Staff!Pass-2026', by: { staffId: null, actor: 'test' }, now: new Date() }),
  );
  admin = await createStaffSession(pool, member.id, 'signed-in', new Date());
}, 60_000);
afterAll(() => close());

const staffPost = (name: string, payload: object) =>
  app.inject({ method: 'POST', url: `/?rest_route=/api/v1/staff/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, payload });
const publicSettings = async () => settingsResponseSchema.parse((await app.inject({ method: 'GET', url: '/?rest_route=/api/v1/getsettings' })).json()).data;
const audit = async (subject: string) => (await pool.query<{ action: string; before: unknown; after: unknown }>('SELECT action, before, after FROM staff_audit_log WHERE subject = $1 ORDER BY id', [subject])).rows;

describe('site content editing', () => {
  it('changes only the settings sent, answers the settings now, and audits the changed fields before and after', async () => {
    const before = await publicSettings();
    const res = await staffPost('settings', { announcement: '  Big launch tonight at 8pm!  ', slider_speed: 7000, suggested_tickets: [3, 10] });
    expect(res.statusCode).toBe(200);
    const after = await publicSettings();
    expect(after).toEqual({ ...before, announcement: 'Big launch tonight at 8pm!', slider_speed: 7000, suggested_tickets: [3, 10] });
    expect(settingsResponseSchema.parse(res.json()).data).toEqual(after);
    expect(await audit('shop settings')).toEqual([{
      action: 'settings.update',
      before: { announcement: before.announcement, slider_speed: before.slider_speed, suggested_tickets: before.suggested_tickets },
      after: { announcement: 'Big launch tonight at 8pm!', slider_speed: 7000, suggested_tickets: [3, 10] },
    }]);
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const before = await publicSettings();
    const bad = await staffPost('settings', { slider_height_mobile: 20, announcement: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toMatchObject({ slider_height_mobile: 'Between 100 and 1200 pixels.', announcement: 'At most 500 characters.' });
    expect((await staffPost('settings', { main_competition: 999_999 })).statusCode).toBe(404);
    expect(await publicSettings()).toEqual(before);
  });

  it('admins read and change the monthly credit-card cap (pounds), audited; shoppers are not sent it; bad amounts change nothing', async () => {
    const view = async () => staffSettingsResponseSchema.parse((await staffPost('settings_view', {})).json()).data;
    expect((await view()).credit_card_monthly_cap).toBe('250.00');
    expect(await publicSettings()).not.toHaveProperty('credit_card_monthly_cap');
    expect(((await app.inject({ method: 'GET', url: '/?rest_route=/api/v1/getsettings' })).json() as { data: object }).data).not.toHaveProperty('credit_card_monthly_cap');

    const bad = await staffPost('settings', { credit_card_monthly_cap: '12.345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toEqual({ credit_card_monthly_cap: 'Enter an amount in pounds, e.g. 50 or 12.50' });
    expect((await staffPost('settings', { credit_card_monthly_cap: -5 })).statusCode).toBe(400);
    expect((await view()).credit_card_monthly_cap).toBe('250.00');

    const res = await staffPost('settings', { credit_card_monthly_cap: '100.5' });
    expect(res.statusCode).toBe(200);
    expect(staffSettingsResponseSchema.parse(res.json()).data.credit_card_monthly_cap).toBe('100.50');
    expect((await pool.query('SELECT credit_card_monthly_cap_pence AS p FROM settings')).rows[0].p).toBe(10_050);
    expect((await audit('shop settings')).at(-1)).toEqual({ action: 'settings.update', before: { credit_card_monthly_cap: '250.00' }, after: { credit_card_monthly_cap: '100.50' } });
    await staffPost('settings', { credit_card_monthly_cap: '250' });
  });

  it("lists and changes a page's SEO row; the public call answers the new one", async () => {
    const list = staffSeoListResponseSchema.parse((await staffPost('seo_list', {})).json()).data;
    expect(list.map((r) => r.page)).toContain('faq');
    const res = await staffPost('seo_update', { page: 'FAQ', page_title: 'Questions | CGG', meta_title: 'Questions', meta_description: 'Everything about our competitions.' });
    expect(res.json().data).toEqual({ page: 'faq', page_title: 'Questions | CGG', meta_title: 'Questions', meta_description: 'Everything about our competitions.' });
    const seo = (await app.inject({ method: 'POST', url: '/?rest_route=/api/v1/getSEOSettings', payload: { page: 'faq' } })).json();
    expect(seo.data[0]).toEqual({ page_title: 'Questions | CGG', meta_title: 'Questions', meta_description: 'Everything about our competitions.' });
    expect((await audit('seo faq')).map((a) => a.action)).toEqual(['seo.update']);
    expect((await staffPost('seo_update', { page: 'nowhere', page_title: 'x', meta_title: 'x', meta_description: 'x' })).statusCode).toBe(404);
  });
});
