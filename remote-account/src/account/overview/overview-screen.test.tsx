import { fireEvent, screen, waitFor } from '@testing-library/react';
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
