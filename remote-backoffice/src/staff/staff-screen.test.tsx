import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { account, admin, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const me = { success: true, data: admin };

describe('staff screen', () => {
  it('lists the staff; an admin cannot disable themselves or change their own role', async () => {
    fakeApi({ 'staff/me': me, 'staff/list': { success: true, data: [account(admin), account(support, { refund_limit: '50.00', second_factor: false })] } });
    renderBackOffice('/admin/staff', 'tok');
    const sid = await screen.findByRole('row', { name: 'Sid Support' });
    expect((within(sid).getByLabelText('Refund limit of Sid Support (£)') as HTMLInputElement).value).toBe('50.00');
    expect(within(sid).getByText('Not yet')).toBeTruthy();
    const amy = screen.getByRole('row', { name: 'Amy Admin' });
    expect((within(amy).getByLabelText('Role of Amy Admin') as HTMLSelectElement).disabled).toBe(true);
    expect(within(amy).queryByRole('button', { name: /Disable/ })).toBeNull();
  });

  it('disables a member and changes a refund limit, each saved at once', async () => {
    const api = fakeApi({
      'staff/me': me,
      'staff/list': { success: true, data: [account(admin), account(support)] },
      'staff/update': (body) => ({ success: true, data: account(support, { disabled: body.disabled === true, refund_limit: (body.refund_limit as string | undefined) ?? null }) }),
    });
    renderBackOffice('/admin/staff', 'tok');
    const user = userEvent.setup();
    const sid = await screen.findByRole('row', { name: 'Sid Support' });
    await user.click(within(sid).getByRole('button', { name: 'Disable Sid Support' }));
    // Disabling signs a colleague out: it waits for a yes, and going back sends nothing.
    const question = within(sid).getByText('Disable Sid Support? They are signed out at once and cannot sign in until an admin enables them again.');
    expect(document.activeElement).toBe(question);
    await user.click(within(sid).getByRole('button', { name: 'Go back' }));
    expect(api.routes()).not.toContain('staff/update');
    // The focus goes back to what asked, not to the page.
    expect(document.activeElement).toBe(within(sid).getByRole('button', { name: 'Disable Sid Support' }));
    await user.click(within(sid).getByRole('button', { name: 'Disable Sid Support' }));
    await user.click(within(sid).getByRole('button', { name: 'Yes, disable Sid Support' }));
    expect(await within(sid).findByRole('button', { name: 'Enable Sid Support' })).toBeTruthy();
    expect(within(sid).queryByRole('group')).toBeNull();
    expect(api.sent.at(-1)).toEqual({ route: 'staff/update', body: { id: 2, disabled: true }, bearer: 'tok' });
    const limit = within(sid).getByLabelText('Refund limit of Sid Support (£)');
    await user.type(limit, '12.345');
    await user.click(within(sid).getByRole('button', { name: 'Save' }));
    expect(within(sid).getByRole('alert').textContent).toBe('Enter an amount in pounds, e.g. 50 or 12.50, or leave it empty for no refunds.');
    await user.clear(limit);
    await user.type(limit, '£25');
    await user.click(within(sid).getByRole('button', { name: 'Save' }));
    await within(sid).findByDisplayValue('25');
    expect(api.sent.at(-1)!.body).toEqual({ id: 2, refund_limit: '25' });
  });

  it("shows the API's refusal on the member's row", async () => {
    fakeApi({ 'staff/me': me, 'staff/list': { success: true, data: [account(admin), account(support)] }, 'staff/update': refusal(404, 'cgg_staff_not_found', 'There is no such staff member.') });
    renderBackOffice('/admin/staff', 'tok');
    const sid = await screen.findByRole('row', { name: 'Sid Support' });
    const user = userEvent.setup();
    await user.selectOptions(within(sid).getByLabelText('Role of Sid Support'), 'operator');
    await user.click(within(sid).getByRole('button', { name: 'Yes, change the role' }));
    expect((await within(sid).findByRole('alert')).textContent).toBe('There is no such staff member.');
    expect((within(sid).getByLabelText('Role of Sid Support') as HTMLSelectElement).value).toBe('support');
  });

  it('asks before changing a role; going back leaves the role as it was', async () => {
    const api = fakeApi({
      'staff/me': me,
      'staff/list': { success: true, data: [account(admin), account(support)] },
      'staff/update': (body) => ({ success: true, data: account(support, { role: body.role as 'operator' }) }),
    });
    renderBackOffice('/admin/staff', 'tok');
    const user = userEvent.setup();
    const sid = await screen.findByRole('row', { name: 'Sid Support' });
    const role = within(sid).getByLabelText('Role of Sid Support') as HTMLSelectElement;
    await user.selectOptions(role, 'operator');
    // Announced, the focus left on the select (arrowing through it changes it at each key).
    expect(within(sid).getByText("Change Sid Support's role from Support to Operator? Their next request uses the new role's screens and limits.").getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).toBe(role);
    await user.click(within(sid).getByRole('button', { name: 'Go back' }));
    expect(role.value).toBe('support');
    expect(document.activeElement).toBe(role);
    expect(api.routes()).not.toContain('staff/update');
    await user.selectOptions(role, 'operator');
    await user.click(within(sid).getByRole('button', { name: 'Yes, change the role' }));
    await waitFor(() => expect(within(sid).queryByRole('group')).toBeNull());
    expect(role.value).toBe('operator');
    expect(api.sent.at(-1)!.body).toEqual({ id: 2, role: 'operator' });
  });

  it('resets the sign-in of a member who lost their app (another admin too): said first, then done, the member mailed a link; never offered for oneself', async () => {
    const api = fakeApi({
      'staff/me': me,
      'staff/list': { success: true, data: [account(admin), account(support), account({ id: 7, email: 'ada@cgg.test', name: 'Ada Admin', role: 'admin' })] },
      'staff/reset_sign_in': (body) => ({ success: true, data: account(support, { second_factor: false, id: Number(body.id) }) }),
    });
    renderBackOffice('/admin/staff', 'tok');
    const user = userEvent.setup();
    const sid = await screen.findByRole('row', { name: 'Sid Support' });
    // Not for oneself; another admin's is (the new password is theirs alone, through the link).
    expect(within(await screen.findByRole('row', { name: 'Amy Admin' })).queryByRole('button', { name: /Reset the sign-in/ })).toBeNull();
    expect(within(screen.getByRole('row', { name: 'Ada Admin' })).getByRole('button', { name: 'Reset the sign-in of Ada Admin' })).toBeTruthy();
    const open = within(sid).getByRole('button', { name: 'Reset the sign-in of Sid Support' });

    // Going back changes nothing, and the focus returns to the button.
    await user.click(open);
    const panel = within(sid).getByRole('group', { name: 'Reset the sign-in of Sid Support' });
    await waitFor(() => expect(document.activeElement!.textContent).toBe("Reset Sid Support's sign-in? Their password and authenticator app stop working, and they are signed out at once. We email them a link to choose a new password; their next sign-in sets up an app again."));
    await user.click(within(panel).getByRole('button', { name: 'Go back' }));
    expect(within(sid).queryByRole('group')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(api.routes()).not.toContain('staff/reset_sign_in');

    await user.click(open);
    await user.click(within(within(sid).getByRole('group', { name: 'Reset the sign-in of Sid Support' })).getByRole('button', { name: 'Yes, reset the sign-in' }));
    expect((await within(sid).findByRole('status')).textContent).toBe('Sign-in reset. We have emailed Sid Support a link to choose a new password (it works for 3 days).');
    expect(within(sid).queryByRole('group')).toBeNull();
    expect(within(sid).getByText(/^Not yet/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(open));
    // No password: the admin never knows it.
    expect(api.sent.filter((s) => s.route === 'staff/reset_sign_in').map((s) => s.body)).toEqual([{ id: 2 }]);
  });

  it("a reset the API refuses keeps the question, with the API's message", async () => {
    fakeApi({
      'staff/me': me,
      'staff/list': { success: true, data: [account(admin), account(support)] },
      'staff/reset_sign_in': refusal(404, 'cgg_staff_not_found', 'There is no such staff member.'),
    });
    renderBackOffice('/admin/staff', 'tok');
    const user = userEvent.setup();
    const sid = await screen.findByRole('row', { name: 'Sid Support' });
    await user.click(within(sid).getByRole('button', { name: 'Reset the sign-in of Sid Support' }));
    await user.click(within(within(sid).getByRole('group', { name: 'Reset the sign-in of Sid Support' })).getByRole('button', { name: 'Yes, reset the sign-in' }));
    expect((await within(sid).findByRole('alert')).textContent).toBe('There is no such staff member.');
    expect(within(sid).getByRole('group', { name: 'Reset the sign-in of Sid Support' })).toBeTruthy();
    expect(within(sid).queryByRole('status')).toBeNull();
  });

  it('adds a member: checks each field first, then says what happens next and lists them', async () => {
    let listed = [account(admin)];
    const api = fakeApi({
      'staff/me': me,
      'staff/list': () => ({ success: true, data: listed }),
      'staff/create': (body) => {
        const created = { id: 9, email: String(body.email), name: String(body.name), role: 'operator' as const };
        listed = [...listed, account(created, { second_factor: false })];
        return { success: true, data: created };
      },
    });
    renderBackOffice('/admin/staff', 'tok');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a staff member' });
    await user.type(within(form).getByLabelText('Email address'), 'olu@');
    // No password to set: the member chooses theirs through a mailed link.
    expect(within(form).queryByLabelText(/password/i)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Add staff member' }));
    expect(within(form).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(form).getByText('Enter their name.')).toBeTruthy();
    // The name field takes no more than the contract's 100 characters.
    expect(within(form).getByLabelText('Name').getAttribute('maxlength')).toBe('100');
    expect(api.routes()).not.toContain('staff/create');
    // An address longer than any mailbox can have: said in words, not "Invalid input".
    const long = `${'a'.repeat(250)}@cgg.test`;
    fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: long } });
    await user.click(within(form).getByRole('button', { name: 'Add staff member' }));
    expect(within(form).getByText('An email address has at most 254 characters.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: 'olu@' } });
    await user.type(within(form).getByLabelText('Email address'), 'cgg.test');
    await user.type(within(form).getByLabelText('Name'), 'Olu Operator');
    await user.selectOptions(within(form).getByLabelText('Role'), 'operator');
    await user.click(within(form).getByRole('button', { name: 'Add staff member' }));
    expect((await screen.findByRole('status')).textContent).toBe('Added Olu Operator (olu@cgg.test). We have emailed them a link to choose their password (it works for 3 days); their first sign-in then sets up their authenticator app.');
    expect(await screen.findByRole('row', { name: 'Olu Operator' })).toBeTruthy();
    expect(api.sent.find((s) => s.route === 'staff/create')!.body).toEqual({ email: 'olu@cgg.test', name: 'Olu Operator', role: 'operator' });
  });
});
