import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { makeCompetition, makeUser, responses } from '../../test/fixtures.ts';
import { wpError } from '../../test/mock-api.ts';
import { collect } from '../../test/events.ts';

describe('overview profile path (spec section 5)', () => {
  it("says 'All feilds are required' for a missing name, focused, without calling", async () => {
    const { api } = openAccount('/account');
    await screen.findByRole('heading', { name: 'Hello Priya' });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    expect(screen.getByRole('alert').textContent).toBe('All feilds are required');
    expect(document.activeElement).toBe(screen.getByLabelText('Last name'));
    expect(api.routes()).not.toContain('updateProfile');
  });

  it("saves the names and toasts ' Profile updated successfully!' (leading space); failures toast the fallback", async () => {
    const toasts = collect('shell:toast');
    let answer: unknown = responses.saved();
    const { api } = openAccount('/account', { updateProfile: () => answer });
    await screen.findByRole('heading', { name: 'Hello Priya' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Pri' } });
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    await waitFor(() => expect(toasts).toEqual([{ message: ' Profile updated successfully!', variant: 'success' }]));
    expect(await screen.findByRole('heading', { name: 'Hello Pri' })).toBeTruthy();
    expect(api.calls.find((c) => c.route === 'updateProfile')?.body).toMatchObject({ account_first_name: 'Pri', account_last_name: 'Shah', password_1: '' });
    answer = wpError(502, 'http_error', '');
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    await waitFor(() => expect(toasts[1]).toEqual({ message: 'An error occurred.', variant: 'error' }));
  });
});

describe('a name saved on the overview, then Account details', () => {
  it('shows the saved name, not the copy read before, so saving there does not put the old name back', async () => {
    // The server answers the details as they now stand.
    let saved = { first: 'Priya', last: 'Shah' };
    const { api } = openAccount('/account/details', {
      get_user_details: () => responses.checkAuth(makeUser({ first_name: saved.first, last_name: saved.last })),
      updateProfile: (body: Record<string, unknown>) => {
        saved = { first: String(body.account_first_name), last: String(body.account_last_name) };
        return responses.saved();
      },
    });
    await screen.findByRole('heading', { name: 'Account details' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Priya');
    const nav = screen.getByRole('navigation', { name: 'My account' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Overview' }));
    await screen.findByRole('heading', { name: 'Hello Priya' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Pri' } });
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    await screen.findByRole('heading', { name: 'Hello Pri' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Account details' }));
    await screen.findByRole('heading', { name: 'Account details' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Pri');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    await waitFor(() => expect(api.calls.filter((c) => c.route === 'updateProfile')).toHaveLength(2));
    expect(api.calls.filter((c) => c.route === 'updateProfile')[1]!.body).toMatchObject({ account_first_name: 'Pri' });
  });
});

describe('overview: your prizes (issue 5)', () => {
  const claim = (id: number, state: 'received' | 'processing' | 'fulfilled', choice: 'prize' | 'cash' | 'credit', amount: string) => ({
    id, win_kind: 'instant', win_id: id, competition_id: 3, competition_title: 'Instant Cash Bonanza', prize_title: `Prize ${id}`, choice, amount, state,
    created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', delivery_address: null,
    bank_details: choice === 'cash' ? { account_number: '****5678', sort_code: '****33' } : null,
  });

  it('lists each claim with what it was taken as and its state, and a sent prize its tracking reference', async () => {
    const sent = { ...claim(3, 'fulfilled', 'prize', '500.00'), tracking_reference: 'RM123456789GB' };
    const { api } = openAccount('/account', { get_claims: { success: true, data: [sent, claim(2, 'fulfilled', 'credit', '10.00'), claim(1, 'processing', 'cash', '250.00')] } });
    const section = await screen.findByRole('region', { name: 'Your prizes' });
    const rows = within(section).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([
      'Prize 3 (Instant Cash Bonanza)Prize · £500.00Fulfilled · Tracking RM123456789GB',
      'Prize 2 (Instant Cash Bonanza)Site credit · £10.00Fulfilled',
      'Prize 1 (Instant Cash Bonanza)Cash · £250.00Being processed',
    ]);
    expect(api.calls.find((c) => c.route === 'get_claims')?.body).toMatchObject({ token: expect.any(String) });
    // It arrives after the page: below the name form, so nothing the customer is using moves.
    const nameForm = screen.getByRole('form', { name: 'Your name' });
    expect(nameForm.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing without claims, or when the call fails', async () => {
    openAccount('/account', { get_claims: { success: true, data: [] } });
    await screen.findByRole('heading', { name: 'Hello Priya' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your prizes' })).toBeNull());
  });
});

describe('overview: your tickets (upcomingTickets and drawnTickets)', () => {
  const tesla = makeCompetition({ id: 21, title: 'Win a Tesla', draw_date: '2026-12-24', draw_time: '20:30' });
  const watch = makeCompetition({ id: 22, title: 'Rolex Watch', status: 'drawn', draw_date: '2026-11-20', draw_time: '19:00', winning_ticket_number: 88 });

  it('lists the upcoming draws and the drawn competitions the customer holds tickets in', async () => {
    const { api } = openAccount('/account', {
      get_purchased_competition: { success: true, data: [{ competition_id: 21, total_tickets: 5 }, { competition_id: 22, total_tickets: 1 }] },
      drawn_next_competition: { success: true, data: [tesla] },
      finished_soldout_competition: { success: true, data: [watch] },
    });
    const section = await screen.findByRole('region', { name: 'Your tickets' });
    const upcoming = within(section).getByRole('table', { name: 'Upcoming draws' });
    expect(within(upcoming).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Win a Tesla5 ticketsDecember 24, 2026 at 8:30 PM']);
    expect(within(upcoming).getByRole('link', { name: 'Win a Tesla' }).getAttribute('href')).toBe('/competition/details/win-a-tesla-21');
    const drawn = within(section).getByRole('table', { name: 'Drawn' });
    expect(within(drawn).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Rolex Watch1 ticketNovember 20, 2026 at 7:00 PM · winning ticket #88']);
    expect(screen.getByText(/You hold 6 tickets across 2 competitions, 5 of them in draws still to come\./)).toBeTruthy();
    expect(api.calls.find((c) => c.route === 'drawn_next_competition')?.body).toEqual({ token: 'tok-new-123' });
  });

  it('shows no tickets section while the customer holds none', async () => {
    openAccount('/account', { drawn_next_competition: { success: true, data: [tesla] } });
    await screen.findByRole('heading', { name: 'Hello Priya' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your tickets' })).toBeNull());
  });
});

describe('overview: support links (UK code 1.8)', () => {
  it('shows where to find help while a review of the customer\'s play is open', async () => {
    openAccount('/account', {}, { user: makeUser({ show_support_links: true }) });
    const section = await screen.findByRole('region', { name: 'Support if you need it' });
    expect(within(section).getByRole('link', { name: 'GamCare' }).getAttribute('href')).toBe('https://www.gamcare.org.uk');
    expect(within(section).getByRole('link', { name: 'BeGambleAware' }).getAttribute('href')).toBe('https://www.begambleaware.org');
    expect(within(section).getByRole('link', { name: 'Responsible gaming' }).getAttribute('href')).toBe('/account/responsible/gaming');
    expect(within(section).getByText(/0808 8020 133/)).toBeTruthy();
  });

  it('shows no support section otherwise', async () => {
    openAccount('/account', {}, { user: makeUser({ show_support_links: false }) });
    await screen.findByRole('heading', { name: 'Hello Priya' });
    expect(screen.queryByRole('region', { name: 'Support if you need it' })).toBeNull();
  });
});
