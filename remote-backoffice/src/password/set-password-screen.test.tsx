import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

describe('choosing a password with a mailed link', () => {
  it('asks for the new password twice, sends it with the link\'s key and no sign-in, then points to the sign-in', async () => {
    const api = fakeApi({ 'staff/set_password': { success: true, message: 'Your password is set. Sign in with your email address and your new password.' } });
    renderBackOffice('/admin/set-password?key=abc123');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Choose your password · Back office | CGG Competitions'));
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(screen.getByText('A staff password has at least 12 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), '-but-longer');
    await user.type(screen.getByLabelText('New password again'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy();
    expect(api.routes()).toEqual([]);

    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'short-but-longer');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password is set. Sign in with your email address and your new password.');
    expect(screen.getByRole('link', { name: 'Sign in to the back office' }).getAttribute('href')).toBe('/admin');
    // The site's own bearer, as every call has: no staff token.
    expect(api.sent).toEqual([{ route: 'staff/set_password', body: { key: 'abc123', password: 'short-but-longer' }, bearer: 'cgg-storefront' }]);
  });

  it("says so when the link no longer works, in the API's words", async () => {
    fakeApi({ 'staff/set_password': refusal(400, 'cgg_staff_link_invalid', 'This link is no longer valid: it was used, replaced by a newer one, or is more than 3 days old. Ask an admin to reset your sign-in for a new one.') });
    renderBackOffice('/admin/set-password?key=used');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Long-enough-2026');
    await user.type(screen.getByLabelText('New password again'), 'Long-enough-2026');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is no longer valid: it was used, replaced by a newer one, or is more than 3 days old. Ask an admin to reset your sign-in for a new one.');
  });

  it('a link without its key says to open it again from the email', async () => {
    const api = fakeApi({});
    renderBackOffice('/admin/set-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Long-enough-2026');
    await user.type(screen.getByLabelText('New password again'), 'Long-enough-2026');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not complete: open it again from the email.');
    expect(api.routes()).toEqual([]);
  });
});
