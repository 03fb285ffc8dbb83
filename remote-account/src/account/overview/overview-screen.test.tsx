import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { responses } from '../../test/fixtures.ts';
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

describe('overview: your prizes (issue 5)', () => {
  const claim = (id: number, state: 'received' | 'processing' | 'fulfilled', choice: 'prize' | 'cash' | 'credit', amount: string) => ({
    id, win_kind: 'instant', win_id: id, competition_id: 3, competition_title: 'Instant Cash Bonanza', prize_title: `Prize ${id}`, choice, amount, state,
    created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', delivery_address: null,
    bank_details: choice === 'cash' ? { account_number: '****5678', sort_code: '****33' } : null,
  });

  it('lists each claim with what it was taken as and its state', async () => {
    const { api } = openAccount('/account', { get_claims: { success: true, data: [claim(2, 'fulfilled', 'credit', '10.00'), claim(1, 'processing', 'cash', '250.00')] } });
    const section = await screen.findByRole('region', { name: 'Your prizes' });
    const rows = within(section).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Prize 2 (Instant Cash Bonanza)Site credit · £10.00Fulfilled', 'Prize 1 (Instant Cash Bonanza)Cash · £250.00Being processed']);
    expect(api.calls.find((c) => c.route === 'get_claims')?.body).toMatchObject({ token: expect.any(String) });
  });

  it('shows nothing without claims, or when the call fails', async () => {
    openAccount('/account', { get_claims: { success: true, data: [] } });
    await screen.findByRole('heading', { name: 'Hello Priya' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your prizes' })).toBeNull());
  });
});
