import { fireEvent, screen, waitFor } from '@testing-library/react';
import { londonToday } from '@cgg/contracts/account';
import { describe, expect, it, vi } from 'vitest';
import LoginPage from '../pages/login-page.tsx';
import SignUpPage from '../pages/sign-up-page.tsx';
import ForgotPasswordPage from '../pages/forgot-password-page.tsx';
import ResetPasswordPage from '../pages/reset-password-page.tsx';
import LoginAsUserPage from '../pages/login-as-user-page.tsx';
import AccountPage from '../pages/account-page.tsx';
import { renderAt } from '../test/render.tsx';
import { mockApi, wpError } from '../test/mock-api.ts';
import { makeUser, responses } from '../test/fixtures.ts';
import { collect } from '../test/events.ts';
import { TOKEN_STORAGE_KEY } from '../session/token-storage.ts';
import { FORGOT_CONFIRMATION } from './forgot-password-form.tsx';
import { recordFocus } from '@cgg/contracts/testing-focus';

const routes = [
  { path: '/auth/login', element: <LoginPage /> },
  { path: '/auth/register', element: <SignUpPage /> },
  { path: '/auth/forgot/password', element: <ForgotPasswordPage /> },
  { path: '/auth/reset/password', element: <ResetPasswordPage /> },
  { path: '/login-as-user', element: <LoginAsUserPage /> },
  { path: '/account/*', element: <AccountPage /> },
];
const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const where = () => screen.getByTestId('location').textContent;

describe('login', () => {
  it('signs in, stores the token base64, announces the session and returns to the remembered page', async () => {
    mockApi({ login: responses.session(makeUser({ token: 'tok-login' })), get_purchased_competition: { success: true, data: [] }, points: responses.points(0, []) });
    const sessions = collect('account:session-changed');
    renderAt('/account/points', routes);
    await screen.findByRole('heading', { name: 'Login' });
    type('Email address', 'priya@example.co.uk');
    type('Password', 'Correct-horse-1!');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('YOUR POINTS BALANCE IS 0 UNTIL YOU PLACE AN ORDER')).toBeTruthy();
    expect(where()).toBe('/account/points');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(btoa('tok-login'));
    expect(sessions.at(-1)).toEqual({ signedIn: true, user: { id: 7, firstName: 'Priya', displayName: 'Priya Shah' } });
  });

  it('validates before calling and focuses the first failing field', () => {
    const api = mockApi({});
    renderAt('/auth/login', routes);
    const focus = recordFocus();
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Email address is required.', 'Please enter a password']);
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    // The field took the focus with its message already tied to it, as a screen reader reads it.
    expect(focus.last()?.element).toBe(screen.getByLabelText('Email address'));
    expect({ invalid: focus.last()?.invalid, description: focus.last()?.description }).toEqual({ invalid: 'true', description: 'Email address is required.' });
    expect(api.calls).toEqual([]);
  });

  it('shows the wrong-password and rate-limit answers clearly', async () => {
    let answer: unknown = wpError(403, 'incorrect_password', 'The email or password is incorrect.');
    mockApi({ login: () => answer });
    renderAt('/auth/login', routes);
    type('Email address', 'priya@example.co.uk');
    type('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('The email or password is incorrect.')).toBeTruthy();
    answer = wpError(429, 'too_many_attempts', 'Too many login attempts. Try again in 15 minutes.');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Too many login attempts. Try again in 15 minutes.')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('links to forgot password and sign-up', () => {
    mockApi({});
    renderAt('/auth/login', routes);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/auth/forgot/password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/register');
  });
});

describe('sign-up', () => {
  const fillValid = () => {
    type('First name', 'Sam');
    type('Last name', 'Smith');
    type('Email address', 'sam@example.co.uk');
    type('Password', 'Secret-pass-12');
    type('Confirm password', 'Secret-pass-12');
    type('Date of birth', '1990-04-23');
    fireEvent.click(screen.getByLabelText(/18 years of age or over/));
  };
  /** The London date `years` years (and `days` days) ago, as the date input gives it. */
  const yearsAgo = (years: number, days = 0) => {
    const [y, m, d] = londonToday(new Date()).split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y - years, m - 1, d + days));
    return date.toISOString().slice(0, 10);
  };

  it('needs names, email, a strong matching password, the date of birth, the limit choice and the 18+ confirmation', () => {
    const api = mockApi({});
    renderAt('/auth/register', routes);
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'First Name is required.',
      'Last Name is required.',
      'Email address is required.',
      'Please enter a password',
      'Please enter your date of birth.',
      'Please choose a monthly spending limit, or choose no limit.',
      'Please confirm that you are 18 or over.',
    ]);
    expect(screen.getByTestId('strength-label').textContent).toBe('Please enter a password');
    type('First name', 'Sam');
    type('Last name', 'Smith');
    type('Email address', 'sam@example.co.uk');
    type('Password', 'weakpassword');
    type('Date of birth', '1990-04-23');
    fireEvent.click(screen.getByLabelText('No limit'));
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Password must contain one letter, number and special charactor.',
      'Password and Confirm password do not match.',
      'Please confirm that you are 18 or over.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(api.calls).toEqual([]);
  });

  it('refuses someone under 18 before calling, saying why and when they can come back', () => {
    const api = mockApi({});
    renderAt('/auth/register', routes);
    fillValid();
    fireEvent.click(screen.getByLabelText('No limit'));
    type('Date of birth', yearsAgo(18, 1));
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    const alert = screen.getByRole('alert').textContent!;
    expect(alert).toContain('Sorry, you need to be 18 or over to enter our prize draws, so we cannot open an account for you.');
    expect(alert).toContain('We have not kept any of the details you entered.');
    expect(document.activeElement).toBe(screen.getByLabelText('Date of birth'));
    type('Date of birth', '2999-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(screen.getByRole('alert').textContent).toBe('Date of birth cannot be in the future. Please check the year.');
    expect(api.calls).toEqual([]);
  });

  it('accepts someone who turns 18 today', async () => {
    const api = mockApi({ register: responses.session(makeUser({ first_name: 'Sam', token: 'tok-reg' })), get_purchased_competition: { success: true, data: [] } });
    renderAt('/auth/register', routes);
    fillValid();
    type('Date of birth', yearsAgo(18));
    fireEvent.click(screen.getByLabelText('No limit'));
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(await screen.findByRole('heading', { name: 'Hello Sam' })).toBeTruthy();
    expect(api.calls[0]?.body).toMatchObject({ date_of_birth: yearsAgo(18), monthly_limit: null });
  });

  it('asks for an amount when a monthly limit is chosen (£0 allowed), then creates the account with it and signs in', async () => {
    const api = mockApi({ register: responses.session(makeUser({ first_name: 'Sam', token: 'tok-reg' })), get_purchased_competition: { success: true, data: [] } });
    renderAt('/auth/register', routes);
    fillValid();
    expect(screen.queryByLabelText(/Monthly limit/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Set a monthly limit'));
    type(/Monthly limit/, '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount in pounds, e.g. 50 or 50.00');
    expect(api.calls).toEqual([]);
    type(/Monthly limit/, '0');
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(await screen.findByRole('heading', { name: 'Hello Sam' })).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({
      first_name: 'Sam', last_name: 'Smith', email: 'sam@example.co.uk', password: 'Secret-pass-12', over_18: true, date_of_birth: '1990-04-23', monthly_limit: '0',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(btoa('tok-reg'));
  });

  it("shows the API's refusal under the field it names", async () => {
    const message = 'Sorry, you need to be 18 or over to enter our prize draws, so we cannot open an account for you.';
    mockApi({ register: { status: 400, body: { code: 'cgg_under_18', message, data: { status: 400, params: { date_of_birth: message } } } } });
    renderAt('/auth/register', routes);
    fillValid();
    fireEvent.click(screen.getByLabelText('No limit'));
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Date of birth').getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('forgot and reset password', () => {
  it('always shows the same confirmation, known email or not, even when the call fails', async () => {
    for (const answer of [{ success: true, message: 'sent' }, wpError(500, 'internal_server_error', 'boom')]) {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const api = mockApi({ forgot_password: answer });
      const view = renderAt('/auth/forgot/password', routes);
      type('Email address', 'who@example.co.uk');
      fireEvent.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
      expect(await screen.findByText(FORGOT_CONFIRMATION)).toBeTruthy();
      // The form (and its focused button) is gone: the confirmation has the focus, and is read out.
      expect(document.activeElement).toBe(screen.getByText(FORGOT_CONFIRMATION).closest('[role="status"]'));
      expect(api.calls[0]?.body).toEqual({ email: 'who@example.co.uk' });
      view.unmount();
    }
  });

  it('resets with the key and login from the link, with the strength meter', async () => {
    const api = mockApi({ check_reset_key: { success: true, valid: true }, reset_password: { success: true, message: 'Password reset.' } });
    renderAt('/auth/reset/password?key=abc123&login=priya%40example.co.uk', routes);
    expect(screen.getByTestId('strength-label').textContent).toBe('Please enter a password');
    type('New password', 'short');
    expect(screen.getByTestId('strength-label').textContent).toBe('Very weak - Please enter a stronger password.');
    fireEvent.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Password must contain one letter, number and special charactor.',
      'New password and Confirm password do not match.',
    ]);
    type('New password', 'Brand-new-pass-1!');
    type('Confirm new password', 'Brand-new-pass-1!');
    expect(screen.getByTestId('strength-label').textContent).toBe('Strong');
    fireEvent.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    expect(await screen.findByText(/Your password has been reset/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByText(/Your password has been reset/).closest('[role="status"]'));
    expect(api.calls.map((c) => [c.route, c.body])).toEqual([
      ['check_reset_key', { key: 'abc123', login: 'priya@example.co.uk' }],
      ['reset_password', { key: 'abc123', login: 'priya@example.co.uk', password: 'Brand-new-pass-1!' }],
    ]);
  });

  it('explains an incomplete link, and an expired key', async () => {
    mockApi({ reset_password: wpError(400, 'invalid_key', 'This password reset link is invalid or has expired.') });
    const view = renderAt('/auth/reset/password?login=x%40y.z', routes);
    expect(screen.getByText(/This reset link is incomplete/)).toBeTruthy();
    view.unmount();
    renderAt('/auth/reset/password?key=old&login=x%40y.z', routes);
    type('New password', 'Brand-new-pass-1');
    type('Confirm new password', 'Brand-new-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    expect(await screen.findByText(/This password reset link is invalid or has expired./)).toBeTruthy();
  });
});

describe('a reset link that no longer works', () => {
  it('says so as the page opens, before a new password is typed, with the way to a new link', async () => {
    const api = mockApi({ check_reset_key: { success: true, valid: false } });
    renderAt('/auth/reset/password?key=used&login=priya%40example.co.uk', routes);
    expect(await screen.findByText('This password reset link is invalid or has expired. Please request a new one.')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot/password');
    expect(api.calls.map((c) => c.route)).toEqual(['check_reset_key']);
  });
});

describe('login as user', () => {
  it('signs in with the code once and opens the account', async () => {
    const api = mockApi({ login_as_user: responses.session(makeUser({ token: 'tok-support' })), get_purchased_competition: { success: true, data: [] } });
    renderAt('/login-as-user?code=XYZ987', routes);
    expect(await screen.findByRole('heading', { name: 'Hello Priya' })).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'login_as_user').map((c) => c.body)).toEqual([{ code: 'XYZ987' }]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(btoa('tok-support'));
  });

  it('says so when the code is refused or missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ login_as_user: wpError(401, 'invalid_code', 'Invalid code') });
    const view = renderAt('/login-as-user?code=used', routes);
    expect(await screen.findByText(/invalid or has expired/)).toBeTruthy();
    view.unmount();
    renderAt('/login-as-user', routes);
    expect(screen.getByText(/invalid or has expired/)).toBeTruthy();
  });
});

describe('account pages after sign-out', () => {
  it('a 401 on check-auth leaves the visitor on login', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, btoa('tok-dead'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'check-auth': wpError(401, 'rest_invalid_token', 'Expired') });
    renderAt('/account', routes);
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(where()).toBe('/auth/login'));
  });
});
