import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { admin } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const enrol = { success: true, data: { step: 'enrol-totp', token: 'step-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauth_uri: 'otpauth://totp/CGG:amy@cgg.test?secret=JBSWY3DPEHPK3PXPJBSWY3DP' } };
const codeStep = { success: true, data: { step: 'totp', token: 'step-2' } };
const signedIn = (recovery?: string[]) => ({ success: true, data: { token: 'session-1', staff: admin, ...(recovery ? { recovery_codes: recovery } : {}) } });

async function passwordStep(user = userEvent.setup()) {
  await user.type(screen.getByLabelText('Email address'), 'amy@cgg.test');
  await user.type(screen.getByLabelText('Password'), 'Admin!Pass2026');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('staff sign-in', () => {
  it('says what is missing and sends nothing', async () => {
    const api = fakeApi({});
    renderBackOffice();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(api.sent).toHaveLength(0);
  });

  it("shows the API's refusal of a wrong password and clears the password", async () => {
    fakeApi({ 'staff/login': refusal(401, 'invalid_credentials', 'The email address or password you entered is incorrect.') });
    renderBackOffice();
    await passwordStep();
    expect((await screen.findByRole('alert')).textContent).toBe('The email address or password you entered is incorrect.');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('enrols the authenticator app on a first sign-in, shows the recovery codes once, then the back office', async () => {
    const api = fakeApi({ 'staff/login': enrol, 'staff/second_factor': signedIn(['abcde-12345', 'fghij-67890']) });
    renderBackOffice();
    const user = await passwordStep();
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await user.type(screen.getByLabelText('Code'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(api.routes()).toEqual(['staff/login']);
    await user.type(screen.getByLabelText('Code'), '3456');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(api.sent[1]!.body).toEqual({ token: 'step-1', code: '123456' });
    expect(screen.getByText('abcde-12345')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(await screen.findByText('Amy Admin')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' }).textContent).toBe('DashboardCompetitionsFulfilmentCouponsCustomersReviewsRefundsComplaintsChatSite contentStaffAudit logFailed jobsPayment problems');
    expect(sessionStorage.getItem('cgg.backoffice.token')).toBe('session-1');
  });

  it('a member signing in with a password someone else set is asked to choose their own first', async () => {
    fakeApi({ 'staff/login': codeStep, 'staff/second_factor': { success: true, data: { token: 'session-1', staff: admin, password_change_due: true } } });
    renderBackOffice();
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('takes a recovery code instead of a code from the app', async () => {
    const api = fakeApi({ 'staff/login': codeStep, 'staff/second_factor': signedIn() });
    renderBackOffice();
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('A recovery code looks like abcde-12345.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Recovery code'));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Amy Admin')).toBeTruthy();
    expect(api.sent[1]!.body).toEqual({ token: 'step-2', recovery_code: 'abcde-12345' });
  });

  it('shows a wrong code, and starts again from the password once the step has expired', async () => {
    let tries = 0;
    fakeApi({
      'staff/login': codeStep,
      'staff/second_factor': () =>
        ++tries === 1
          ? refusal(401, 'invalid_code', 'That code is not right. Enter the current code from your authenticator app, or a recovery code.')
          : refusal(401, 'invalid_token', 'Your sign-in has expired. Please enter your email and password again.'),
    });
    renderBackOffice();
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^That code is not right/);
    await user.type(screen.getByLabelText('Code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your sign-in has expired. Please enter your email and password again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Back office sign in' })).toBeTruthy();
  });
});
