import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { operator } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const changed = { success: true, message: 'Your password is changed. Your other back-office sessions have ended.' };
const wrongCurrent = refusal(400, 'rest_invalid_param', 'That is not your current password.');
(wrongCurrent.refusal.body.data as Record<string, unknown>).params = { current_password: 'That is not your current password.' };

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, again = next) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (again) await user.type(screen.getByLabelText('New password again'), again);
  await user.click(screen.getByRole('button', { name: 'Save my password' }));
}

describe('choosing your own password', () => {
  it('a member whose password someone else set sees nothing else until they choose theirs', async () => {
    let tries = 0;
    const api = fakeApi({
      'staff/me': { success: true, data: { ...operator, password_change_due: true } },
      'staff/change_password': () => (++tries === 1 ? wrongCurrent : changed),
      'staff/competitions': { success: true, data: [] },
    });
    renderBackOffice('/admin/competitions', 'tok');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    expect(screen.getByText('The password you signed in with was set by someone else, so it is not yours alone. Choose your own before you go on.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Choose your password · Back office | CGG Competitions'));

    // Checked here first: nothing sent.
    await fill(user, '', 'short', 'other');
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('A staff password has at least 12 characters.')).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await fill(user, 'Given-Pass-2026', 'My-Own-Pass-2026', 'My-Own-Pass-2027');
    expect(screen.getByText('The two new passwords are not the same.')).toBeTruthy();
    expect(api.routes()).not.toContain('staff/change_password');

    // The API's refusal under its field.
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'My-Own-Pass-2026');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    expect(await screen.findByText('That is not your current password.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('Your password is changed. Your other back-office sessions have ended.');
    expect(document.activeElement).toBe(done);
    expect(api.sent.filter((s) => s.route === 'staff/change_password').at(-1)!.body).toEqual({ current_password: 'Given-Pass-2026', new_password: 'My-Own-Pass-2026' });
    expect(api.routes()).not.toContain('staff/competitions');

    await user.click(screen.getByRole('button', { name: 'Continue to the back office' }));
    expect(await screen.findByRole('navigation', { name: 'Back office' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Competitions' })).toBeTruthy();
  });

  it('a member changes their password when they choose to, from the header', async () => {
    const api = fakeApi({ 'staff/me': { success: true, data: operator }, 'staff/change_password': changed, 'staff/dashboard': refusal(500, 'x', 'x') });
    renderBackOffice('/admin', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Your password' }));
    expect(await screen.findByRole('heading', { name: 'Your password' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Your password · Back office | CGG Competitions'));
    await fill(user, 'Old-Pass-2026-x', 'New-Pass-2026-x');
    expect((await screen.findByRole('status')).textContent).toBe('Your password is changed. Your other back-office sessions have ended.');
    expect(screen.queryByRole('button', { name: 'Continue to the back office' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Competitions' })).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/change_password')!.bearer).toBe('tok');
  });
});
