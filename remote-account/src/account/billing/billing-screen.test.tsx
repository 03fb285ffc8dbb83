import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAccount } from '../../test/account-harness.tsx';
import { makeUser, responses } from '../../test/fixtures.ts';
import { wpError } from '../../test/mock-api.ts';
import { collect } from '../../test/events.ts';
import { recordFocus } from '@cgg/contracts/testing-focus';

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
const labels = ['First name', 'Last name', 'Phone', 'Email address', /House Name/, 'Street address line 2', 'Town / City', 'Postcode', 'County (optional)'];

async function open(answers: Record<string, unknown> = {}) {
  const harness = openAccount('/account/billing', { get_user_details: responses.checkAuth(makeUser()), ...answers });
  await screen.findByRole('heading', { name: 'Billing details' });
  return harness;
}

describe('billing details screen', () => {
  it('prefills the stored address and shows the fixed United Kingdom country', async () => {
    await open();
    expect(input('Town / City').value).toBe('Leeds');
    expect(input('County (optional)').value).toBe('West Yorkshire');
    expect(screen.getByText('Country/Region')).toBeTruthy();
    expect(screen.getByText('United Kingdom')).toBeTruthy();
    expect(screen.queryByLabelText(/Country/)).toBeNull(); // not an input
    // Phones: the postcode in capitals, never autocorrected.
    expect(input('Postcode').getAttribute('autocapitalize')).toBe('characters');
    expect(input('Postcode').getAttribute('autocorrect')).toBe('off');
  });

  it('shows every required-field message in order and focuses the first failing field', async () => {
    const { screenCalls } = await open();
    for (const label of labels) fireEvent.change(input(label), { target: { value: '' } });
    save();
    expect(screen.getAllByRole('alert').map((e) => e.textContent).sort()).toEqual(
      [
        'First Name is required.',
        'Last Name is required.',
        'Phone No. is required.',
        'Email address is required.',
        'House Name/No. is required.',
        'Street Address is required.',
        'Town/City is required.',
        'Postcode is required.',
      ].sort(),
    );
    expect(document.activeElement).toBe(input('First name'));
    for (const label of labels.slice(0, 2)) fireEvent.change(input(label), { target: { value: 'x' } });
    fireEvent.change(input('Phone'), { target: { value: '0113 496 0000' } });
    fireEvent.change(input('Email address'), { target: { value: 'nope' } });
    const focus = recordFocus();
    save();
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe('Email address is invalid.');
    expect(document.activeElement).toBe(input('Email address'));
    expect(focus.last()?.element).toBe(input('Email address'));
    expect({ invalid: focus.last()?.invalid, description: focus.last()?.description }).toEqual({ invalid: 'true', description: 'Email address is invalid.' });
    // A phone nobody can ring and a postcode that is not a UK one are named too.
    fireEvent.change(input('Email address'), { target: { value: 'x@example.co.uk' } });
    fireEvent.change(input('Phone'), { target: { value: '12' } });
    fireEvent.change(input('Postcode'), { target: { value: 'NOWHERE' } });
    save();
    const said = screen.getAllByRole('alert').map((e) => e.textContent);
    expect(said).toContain('Phone No. is invalid.');
    expect(said).toContain('Postcode is invalid.');
    expect(screenCalls().filter((c) => c.route === 'update_user_details')).toEqual([]);
  });

  it('saves with an empty county and toasts the spec text', async () => {
    const toasts = collect('shell:toast');
    const { api } = await open({ update_user_details: responses.saved() });
    fireEvent.change(input('County (optional)'), { target: { value: '' } });
    fireEvent.change(input('Postcode'), { target: { value: ' LS2 7EE ' } });
    save();
    expect(screen.getByRole('button', { name: 'SAVING...' })).toBeTruthy();
    await waitFor(() => expect(toasts).toEqual([{ message: 'Details updated successfully!', variant: 'success' }]));
    expect(api.calls.find((c) => c.route === 'update_user_details')?.body).toMatchObject({
      token: 'tok-new-123',
      first_name: 'Priya',
      last_name: 'Shah',
      billing_postcode: 'LS2 7EE',
      billing_state: '',
    });
  });

  it("toasts the server's error, with 'Failed to update user details.' as the fallback", async () => {
    const toasts = collect('shell:toast');
    let answer: unknown = responses.refused('Postcode not recognised.');
    await open({ update_user_details: () => answer });
    save();
    await waitFor(() => expect(toasts).toEqual([{ message: 'Postcode not recognised.', variant: 'error' }]));
    answer = wpError(500, 'http_error', '');
    save();
    await waitFor(() => expect(toasts[1]).toEqual({ message: 'Failed to update user details.', variant: 'error' }));
  });
});
