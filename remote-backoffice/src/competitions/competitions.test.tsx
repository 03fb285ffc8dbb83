import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffCompetition, StaffMember } from '@cgg/contracts/staff';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { operator, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const competition = (over: Partial<StaffCompetition> = {}): StaffCompetition => ({
  id: 12, title: 'Win a Tesla Model 3', stage: 'closed', closing_at: '2026-11-20T20:00:00.000Z', draw_at: '2026-11-20T21:00:00.000Z',
  total_tickets: 5000, paid_entries: 3, postal_entries: 1, commitment: 'a'.repeat(64), winning_ticket: null, ...over,
});
const page = <T,>(data: T[]) => ({ success: true, data, page: 1, total: data.length, total_pages: 1 });
const entry = { ticket_number: 42, entry_type: 'paid', name: 'Jamie Taylor', email: 'jamie@example.co.uk', reference: 'order #10016', created_at: '2026-11-19T10:00:00.000Z', received_at: null };
// Keyed in after the close: it shows when it arrived.
const postalEntry = { ticket_number: 43, entry_type: 'postal', name: 'Pat Post', email: 'pat@example.co.uk', reference: 'postal #3', created_at: '2026-11-21T10:00:00.000Z', received_at: '2026-11-20T09:00:00.000Z' };
const signedInAs = (m: StaffMember) => ({ 'staff/me': { success: true, data: m } });

describe('competitions', () => {
  it('lists competitions by stage and opens one', async () => {
    const api = fakeApi({ ...signedInAs(operator), 'staff/competitions': (b) => page([competition(b.id ? {} : { stage: (b.stage as StaffCompetition['stage']) ?? 'closed' })]), 'staff/entries': page([entry, postalEntry]) });
    renderBackOffice('/admin/competitions', 'tok');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Win a Tesla Model 3' })).toBeTruthy();
    expect(screen.getByText('4 of 5000 (3 + 1)')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Stage'), 'Closed, to draw');
    await waitFor(() => expect(api.sent.at(-1)!.body).toEqual({ page: 1, stage: 'closed' }));
    await user.click(screen.getByRole('link', { name: 'Win a Tesla Model 3' }));
    expect(await screen.findByRole('heading', { name: 'Win a Tesla Model 3', level: 1 })).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/competitions' && s.body.id === 12)).toBeTruthy();
    expect(await screen.findByText('Jamie Taylor')).toBeTruthy();
    expect(screen.getByText('Pat Post').closest('tr')!.textContent).toContain('21 Nov 2026, 10:00 (arrived 20 Nov 2026, 09:00)');
  });

  it('runs a draw after a confirmation and shows the winner with its proof', async () => {
    const api = fakeApi({
      ...signedInAs(operator),
      'staff/competitions': page([competition()]),
      'staff/entries': page([entry]),
      'staff/run_draw': {
        success: true,
        data: { competition_id: 12, entry_count: 4, winning_ticket: 42, commitment: 'a'.repeat(64), seed: 'b'.repeat(64), entry_list_sha256: 'c'.repeat(64), verify_url: '/draw/results', entry_list_url: '/?rest_route=/api/v1/draw_entries&id=12' },
      },
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    expect(await screen.findByText('a'.repeat(64))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run the draw' }));
    expect(screen.getByText('Draw Win a Tesla Model 3 now, among 4 entries? The result is final and published.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/run_draw');
    await user.click(screen.getByRole('button', { name: 'Yes, run the draw' }));
    const result = await screen.findByRole('status');
    expect(within(result).getByText('Winning ticket: 42 of 4 entries')).toBeTruthy();
    expect(within(result).getByText('b'.repeat(64))).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Published entry list (CSV)' }).getAttribute('href')).toBe('/?rest_route=/api/v1/draw_entries&id=12');
    expect(api.sent.find((s) => s.route === 'staff/run_draw')).toEqual({ route: 'staff/run_draw', body: { competition_id: 12 }, bearer: 'tok' });
  });

  it("shows the API's refusal of a draw", async () => {
    fakeApi({ ...signedInAs(operator), 'staff/competitions': page([competition()]), 'staff/entries': page([]), 'staff/run_draw': refusal(409, 'cgg_draw_refused', 'Competition 12 is being drawn right now (or was just drawn).') });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run the draw' }));
    await user.click(screen.getByRole('button', { name: 'Yes, run the draw' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Competition 12 is being drawn right now (or was just drawn).');
  });

  it('support reads a competition but cannot draw it; an open one says when it can be drawn', async () => {
    fakeApi({ ...signedInAs(support), 'staff/competitions': (b) => page([competition(b.id === 13 ? { id: 13, stage: 'open' } : {})]), 'staff/entries': page([]) });
    renderBackOffice('/admin/competitions/12', 'tok');
    expect(await screen.findByText('Entries have closed; an operator runs the draw.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run the draw' })).toBeNull();
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
  });

  it('searches entries on the server and downloads the CSV with the staff bearer', async () => {
    const createObjectURL = vi.fn(() => 'blob:entries');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const api = fakeApi({ ...signedInAs(operator), 'staff/competitions': page([competition()]), 'staff/entries': page([entry]), 'staff/entries_csv': 'ticket_number,entry_type\n42,paid\n' });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Find an entry'), 'jamie');
    await waitFor(() => expect(api.sent.at(-1)!.body).toEqual({ competition_id: 12, page: 1, search: 'jamie' }));
    await user.click(screen.getByRole('button', { name: 'Download all entries (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.sent.find((s) => s.route === 'staff/entries_csv')!.bearer).toBe('tok');
  });

  it('says so when a competition does not exist', async () => {
    fakeApi({ ...signedInAs(operator), 'staff/competitions': page([]) });
    renderBackOffice('/admin/competitions/999', 'tok');
    expect(await screen.findByRole('heading', { name: 'Competition not found' })).toBeTruthy();
  });
});
