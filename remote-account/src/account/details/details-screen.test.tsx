import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { makeUser, responses } from '../../test/fixtures.ts';
import { wpError } from '../../test/mock-api.ts';
import { collect } from '../../test/events.ts';

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
const shownErrors = () => screen.queryAllByRole('alert').map((e) => e.textContent);

async function open(answers: Record<string, unknown> = {}) {
  const harness = openAccount('/account/details', { get_user_details: responses.checkAuth(makeUser()), ...answers });
  await screen.findByRole('heading', { name: 'Account details' });
  return harness;
}

describe('account details screen', () => {
  it('prefills first name, last name and email from the stored details', async () => {
    await open();
    expect(input('First name').value).toBe('Priya');
    expect(input('Last name').value).toBe('Shah');
    expect(input('Email address').value).toBe('priya@example.co.uk');
  });

  it('shows the name and email messages in order, focuses the first failing field, calls nothing', async () => {
    const { screenCalls } = await open();
    type('First name', '');
    type('Last name', '');
    type('Email address', '');
    save();
    expect(shownErrors()).toEqual(['First Name is required.', 'Last Name is required.', 'Email address is required.']);
    expect(document.activeElement).toBe(input('First name'));
    type('First name', 'Priya');
    type('Last name', 'Shah');
    type('Email address', 'priya@');
    save();
    expect(shownErrors()).toEqual(['Email address is invalid.']);
    expect(document.activeElement).toBe(input('Email address'));
    expect(screenCalls().filter((c) => c.route === 'updateProfile')).toEqual([]);
  });

  it('shows each password message on its field and focuses it', async () => {
    await open();
    type(/^Current password/, 'Old-pass-123!');
    save();
    expect(shownErrors()).toEqual(['Please Fill all password fields.']);
    expect(document.activeElement).toBe(input(/^New password/));
    type(/^New password/, 'short1!');
    type('Confirm new password', 'short1!x');
    save();
    expect(shownErrors()).toEqual(['Password must contain one letter, number and special charactor.', 'New password and Confirm password do not match.']);
    expect(document.activeElement).toBe(input(/^New password/));
    type(/^New password/, 'Brand-new-pass-1');
    save();
    expect(shownErrors()).toEqual(['New password and Confirm password do not match.']);
    expect(document.activeElement).toBe(input('Confirm new password'));
  });

  it('shows the strength meter texts as the new password is typed', async () => {
    await open();
    type(/^New password/, 'aaaaaaaa');
    expect(screen.getByTestId('strength-label').textContent).toBe('Very weak - Please enter a stronger password.');
    type(/^New password/, 'abc12!');
    expect(screen.getByTestId('strength-label').textContent).toBe('Medium');
    expect(screen.getByText('Password length should be at least 12 characters.')).toBeTruthy();
    type(/^New password/, 'abcdefgh12!?');
    expect(screen.getByTestId('strength-label').textContent).toBe('Strong');
    expect(screen.getByText(/twelve characters long/)).toBeTruthy();
  });

  it('saves through updateProfile, reads SAVING... meanwhile, then toasts the spec success text', async () => {
    const toasts = collect('shell:toast');
    const { api } = await open({ updateProfile: responses.saved() });
    type('First name', 'Priyanka');
    type(/^Current password/, 'Old-pass-123!');
    type(/^New password/, 'Brand-new-pass-1!');
    type('Confirm new password', 'Brand-new-pass-1!');
    save();
    expect(screen.getByRole('button', { name: 'SAVING...' })).toBeTruthy();
    await waitFor(() => expect(toasts).toEqual([{ message: 'Details updated successfully!', variant: 'success' }]));
    expect(api.calls.find((c) => c.route === 'updateProfile')?.body).toEqual({
      token: 'tok-new-123',
      account_first_name: 'Priyanka',
      account_last_name: 'Shah',
      account_display_name: 'Priya Shah',
      account_email: 'priya@example.co.uk',
      password_current: 'Old-pass-123!',
      password_1: 'Brand-new-pass-1!',
      password_2: 'Brand-new-pass-1!',
    });
    expect(input(/^Current password/).value).toBe('');
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeTruthy();
  });

  it("toasts the server's error text, and 'An error occurred.' when there is none", async () => {
    const toasts = collect('shell:toast');
    let answer: unknown = wpError(400, 'incorrect_password', 'Your current password is incorrect.');
    await open({ updateProfile: () => answer });
    save();
    await waitFor(() => expect(toasts).toEqual([{ message: 'Your current password is incorrect.', variant: 'error' }]));
    answer = responses.refused();
    save();
    await waitFor(() => expect(toasts[1]).toEqual({ message: 'An error occurred.', variant: 'error' }));
    answer = { status: 500, body: 'boom' };
    save();
    await waitFor(() => expect(toasts[2]).toEqual({ message: 'An error occurred.', variant: 'error' }));
  });
});
