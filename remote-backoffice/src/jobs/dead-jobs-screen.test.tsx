import { screen, within } from '@testing-library/react';
import { STAFF_LIST_CAPS, type DeadJob } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { admin, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const dead: DeadJob = {
  id: 812, task: 'mail:send', attempts: 8, last_error: 'Error: 550 mailbox unavailable', payload: { outboxId: 77 },
  created_at: '2026-07-01T09:00:00.000Z', failed_at: '2026-07-01T11:30:00.000Z',
};

describe('failed jobs screen', () => {
  it('lists each dead job with its task, tries, last error (London time) and payload; read-only', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/dead_jobs': { success: true, data: [dead] } });
    renderBackOffice('/admin/jobs', 'tok');
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    const row = within(table).getByText('#812').closest('tr') as HTMLElement;
    expect(within(row).getByText('mail:send')).toBeTruthy();
    expect(within(row).getByText('8')).toBeTruthy();
    expect(within(row).getByText('1 Jul 2026, 12:30:00')).toBeTruthy();
    expect(within(row).getByText('Error: 550 mailbox unavailable')).toBeTruthy();
    expect(within(row).getByText('{"outboxId":77}')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
    expect(api.sent.find((s) => s.route === 'staff/dead_jobs')!.body).toEqual({});
    expect(screen.queryByText(/newest failures are shown/)).toBeNull();
  });

  it('says when the list stopped at its cap, and where to see more', async () => {
    const many = Array.from({ length: STAFF_LIST_CAPS.deadJobs }, (_, i) => ({ ...dead, id: i + 1 }));
    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/dead_jobs': { success: true, data: many } });
    renderBackOffice('/admin/jobs', 'tok');
    expect((await screen.findByText(/newest failures are shown/)).textContent).toBe('Only the 100 newest failures are shown. The CLI lists more: dead-jobs --limit 1000.');
  });

  it('says when nothing failed', async () => {
    fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/dead_jobs': { success: true, data: [] } });
    renderBackOffice('/admin/jobs', 'tok');
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
  });

  it('is not offered to support, and its address sends them to the overview', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: support } });
    renderBackOffice('/admin/jobs', 'tok');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sid Support' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' }).textContent).not.toContain('Failed jobs');
    expect(api.routes()).not.toContain('staff/dead_jobs');
  });
});
