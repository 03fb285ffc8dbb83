import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { makeUser, responses } from '../../test/fixtures.ts';
import { collect } from '../../test/events.ts';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
const shownErrors = () => screen.queryAllByRole('alert').map((e) => e.textContent);

/** The screen with these saved bank details (bank_details, in full); the user itself carries them masked. */
function open(answers: Record<string, unknown> = {}, bank = { account_number: '12345678', sort_code: '112233' }) {
  return openAccount('/account/financial-details', {
    get_user_details: responses.checkAuth(makeUser({ account_number: '****5678', sort_code: '****33' })),
    bank_details: responses.bankDetails(bank),
    ...answers,
  });
}

describe('financial details screen', () => {
  it('shows a loader, then the fields prefilled from the saved numbers in full (bank_details)', async () => {
    const { api } = open();
    expect(await screen.findByRole('status', { name: 'Loading your bank details' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Financial details' });
    expect(input('ACCOUNT NUMBER').value).toBe('12345678');
    expect(input('CONFIRM ACCOUNT NUMBER').value).toBe('12345678');
    expect(input('Sort Code').value).toBe('112233');
    expect(input('Sort Code').maxLength).toBe(6);
    expect(api.calls.find((c) => c.route === 'bank_details')?.body).toEqual({ token: 'tok-new-123' });
  });

  it('starts empty when the saved numbers cannot be read (never the masked ones)', async () => {
    open({ bank_details: responses.refused() });
    await screen.findByRole('heading', { name: 'Financial details' });
    expect(input('ACCOUNT NUMBER').value).toBe('');
    expect(input('Sort Code').value).toBe('');
  });

  it('strips non-digits as the account numbers are typed', async () => {
    open();
    await screen.findByRole('heading', { name: 'Financial details' });
    type('ACCOUNT NUMBER', '12-34 ab5678');
    type('CONFIRM ACCOUNT NUMBER', '1234x5678');
    expect(input('ACCOUNT NUMBER').value).toBe('12345678');
    expect(input('CONFIRM ACCOUNT NUMBER').value).toBe('12345678');
  });

  it('shows each rule in order, focuses the first failing field, and makes no call while any fails', async () => {
    const { screenCalls } = open({}, { account_number: '', sort_code: '' });
    await screen.findByRole('heading', { name: 'Financial details' });
    save();
    expect(shownErrors()).toEqual(['Account Number is required.', 'Confirm Account Number is required.', 'Sort Code is required.']);
    expect(document.activeElement).toBe(input('ACCOUNT NUMBER'));
    type('ACCOUNT NUMBER', '12345678');
    type('CONFIRM ACCOUNT NUMBER', '12345679');
    type('Sort Code', '11-22');
    save();
    expect(shownErrors()).toEqual(['Account Numbers do not match.', 'Sort Code must be 6 digits.']);
    expect(document.activeElement).toBe(input('CONFIRM ACCOUNT NUMBER'));
    type('CONFIRM ACCOUNT NUMBER', '12345678');
    save();
    expect(shownErrors()).toEqual(['Sort Code must be 6 digits.']);
    expect(document.activeElement).toBe(input('Sort Code'));
    expect(screenCalls().filter((c) => c.route === 'get_bank_details')).toEqual([]);
  });

  it('flags a stored account number that is not all digits', async () => {
    open({}, { account_number: '1234 5678', sort_code: '112233' });
    await screen.findByRole('heading', { name: 'Financial details' });
    save();
    expect(shownErrors()[0]).toBe('Account Number must contain only numbers.');
  });

  it('saves through get_bank_details (GET, query string), SAVING... meanwhile, then the spec toast', async () => {
    const toasts = collect('shell:toast');
    const { api } = open({ get_bank_details: responses.saved() });
    await screen.findByRole('heading', { name: 'Financial details' });
    type('Sort Code', '123');
    save();
    expect(screen.getByRole('button', { name: 'SAVING...' })).toBeTruthy();
    await waitFor(() => expect(toasts).toEqual([{ message: 'Details updated successfully!', variant: 'success' }]));
    const call = api.calls.find((c) => c.route === 'get_bank_details');
    expect(call?.method).toBe('GET');
    expect(call?.body).toEqual({ token: 'tok-new-123', account_number: '12345678', sort_code: '123' });
  });

  it("falls back to 'Failed to update user details.' when a refusal has no text", async () => {
    const toasts = collect('shell:toast');
    open({ get_bank_details: responses.refused() });
    await screen.findByRole('heading', { name: 'Financial details' });
    save();
    await waitFor(() => expect(toasts).toEqual([{ message: 'Failed to update user details.', variant: 'error' }]));
  });
});
