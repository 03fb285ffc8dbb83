import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_LIST_CAPS, type DeadJob } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const dead: DeadJob = {
  id: 812, task: 'mail:send', attempts: 8, last_error: 'Error: 550 mailbox unavailable', payload: { outboxId: 77 },
  created_at: '2026-07-01T09:00:00.000Z', failed_at: '2026-07-01T11:30:00.000Z',
};

describe('failed jobs screen', () => {
  it('lists each dead job with its task, tries, last error (London time) and payload', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: admin }, 'staff/dead_jobs': { success: true, data: [dead] } });
    renderBackOffice('/admin/jobs', 'tok');
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    const row = within(table).getByText('#812').closest('tr') as HTMLElement;
    expect(within(row).getByText('mail:send')).toBeTruthy();
    expect(within(row).getByText('8')).toBeTruthy();
    expect(within(row).getByText('1 Jul 2026, 12:30:00')).toBeTruthy();
    expect(within(row).getByText('Error: 550 mailbox unavailable')).toBeTruthy();
    expect(within(row).getByText('{"outboxId":77}')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Retry job #812' }).textContent).toBe('Retry');
    expect(api.sent.find((s) => s.route === 'staff/dead_jobs')!.body).toEqual({});
    expect(screen.queryByText(/newest failures are shown/)).toBeNull();
  });

  it('retries a job: the row goes, the notice says what runs again and takes the focus; nothing else is sent', async () => {
    const other: DeadJob = { ...dead, id: 813, task: 'draws:due' };
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/dead_jobs': { success: true, data: [dead, other] },
      'staff/dead_job_retry': (body) => ({ success: true, data: { id: body.id, task: 'mail:send' } }),
    });
    renderBackOffice('/admin/jobs', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry job #812' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Job #812 (mail:send) is due again with fresh tries: the next poll of the job queue runs it.');
    expect(document.activeElement).toBe(notice);
    expect(screen.queryByText('#812')).toBeNull();
    expect(screen.getByText('#813')).toBeTruthy();
    expect(api.sent.filter((s) => s.route === 'staff/dead_job_retry').map((s) => s.body)).toEqual([{ id: 812 }]);
    expect(api.sent.find((s) => s.route === 'staff/dead_job_retry')!.bearer).toBe('tok');
  });

  it('a job someone else retried first: the API\'s message, and the row stays until the list is reloaded', async () => {
    fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/dead_jobs': { success: true, data: [dead] },
      'staff/dead_job_retry': refusal(404, 'cgg_dead_job_not_found', 'There is no failed job #812: it may have been retried already. Reload the list.'),
    });
    renderBackOffice('/admin/jobs', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry job #812' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is no failed job #812: it may have been retried already. Reload the list.');
    expect(screen.getByText('#812')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a second press while the first is sent sends nothing more', async () => {
    let answer: (v: unknown) => void = () => {};
    const api = fakeApi({
      'staff/me': { success: true, data: admin },
      'staff/dead_jobs': { success: true, data: [dead] },
      'staff/dead_job_retry': () => new Promise((r) => (answer = r)),
    });
    renderBackOffice('/admin/jobs', 'tok');
    const button = await screen.findByRole('button', { name: 'Retry job #812' });
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.textContent).toBe('Retrying…');
    await userEvent.click(button);
    answer({ success: true, data: { id: 812, task: 'mail:send' } });
    await screen.findByRole('status');
    expect(api.routes().filter((r) => r === 'staff/dead_job_retry')).toHaveLength(1);
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

  it('is not offered to support, and its address says it is not theirs', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: support } });
    renderBackOffice('/admin/jobs', 'tok');
    expect(await screen.findByRole('heading', { name: 'Failed jobs is not one of your screens' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' }).textContent).not.toContain('Failed jobs');
    expect(api.routes()).not.toContain('staff/dead_jobs');
  });
});
