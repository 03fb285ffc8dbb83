import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkAuthResponseSchema, claimPrizeResponseSchema, unclaimedPrizesResponseSchema, userSchema, type PrizeWin } from '@cgg/contracts/account';
import { describe, expect, it } from 'vitest';
import ClaimPrizePage from '../pages/claim-prize-page.tsx';
import { signIn } from '../test/events.ts';
import { recordFocus } from '@cgg/contracts/testing-focus';
import { mockShop, settle, wpError } from '../test/mock-shop.ts';
import { renderAt } from '../test/render.tsx';

const user = userSchema.parse({
  id: 7, first_name: 'Priya', last_name: 'Shah', email: 'priya@example.co.uk', name: 'Priya Shah', nickname: 'priya', token: 'tok-1', description: '',
  billing_first_name: 'Priya', billing_last_name: 'Shah', billing_company: '', billing_address_1: '12', billing_address_2: 'High Street',
  billing_city: 'Leeds', billing_state: '', billing_postcode: 'LS1 1AA', billing_country: 'GB', billing_email: 'priya@example.co.uk', billing_phone: '07700900123',
  limit_duration: null, limit_value: null, lockout_period: null, current_spending: '0.00', lock_account: false, locking_period: null, account_number: '', sort_code: '',
});

const cashWin: PrizeWin = {
  win_kind: 'instant', win_id: 41, competition_id: 9, competition_title: 'Instant Cash Bonanza', image: '/wp-content/uploads/competitions/cash.svg',
  prize_title: '£50 Cash', prize_value: '50.00', nature: 'cash', ticket_number: 17, won_at: '2026-11-21T10:00:00.000Z',
  options: [{ choice: 'cash', amount: '50.00', needs: 'bank' }, { choice: 'credit', amount: '50.00', needs: 'none' }], claimed: false, claim_state: null,
};
const carWin: PrizeWin = {
  ...cashWin, win_kind: 'draw', win_id: 3, competition_title: 'Audi RS3 Sportback', prize_title: 'Audi RS3 Sportback', prize_value: '45000.00', nature: 'item', ticket_number: 4021,
  options: [{ choice: 'prize', amount: '45000.00', needs: 'address' }, { choice: 'cash', amount: '40000.00', needs: 'bank' }],
};

function claimAnswer(body: Record<string, unknown>, state: 'received' | 'fulfilled' = 'received') {
  const bank = body.bank_details as { account_number: string; sort_code: string } | undefined;
  return claimPrizeResponseSchema.parse({
    success: true,
    data: {
      id: 501, win_kind: body.win_kind, win_id: body.win_id, competition_id: 9, competition_title: 'Instant Cash Bonanza', prize_title: '£50 Cash',
      choice: body.choice, amount: '50.00', state, created_at: '2026-11-21T10:05:00.000Z', updated_at: '2026-11-21T10:05:00.000Z',
      delivery_address: body.delivery_address ? { state: '', ...(body.delivery_address as object) } : null,
      bank_details: bank ? { account_number: `****${bank.account_number.slice(-4)}`, sort_code: `****${bank.sort_code.slice(-2)}` } : null,
    },
  });
}

function shop(wins: PrizeWin[], claimPrize: (body: Record<string, unknown>) => unknown) {
  return mockShop({
    get_unclaimed_prizes: unclaimedPrizesResponseSchema.parse({ success: true, data: wins }),
    get_user_details: checkAuthResponseSchema.parse({ success: true, data: user }),
    claim_prize: claimPrize,
  });
}

const renderPage = () =>
  renderAt('/claim/prize', [
    { path: '/claim/prize', element: <ClaimPrizePage /> },
    { path: '/auth/login', element: <p>login page</p> },
  ]);

const submitButton = () => screen.getByRole('button', { name: /Claim prize|Claiming/ });

describe('/claim/prize', () => {
  it('sends a signed-out visitor to /auth/login with the way back', async () => {
    const api = shop([cashWin], (b) => claimAnswer(b));
    renderPage();
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? '')).toEqual({ from: { pathname: '/claim/prize', search: '', hash: '' } });
    expect(api.routes()).not.toContain('claim_prize');
  });

  it('claims site credit once: button disabled while sending, one call with an idempotency key, then the state', async () => {
    signIn();
    const api = shop([cashWin], (body) => claimAnswer(body, 'fulfilled'));
    // Hold the claim's answer until the test has pressed twice more.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('claim_prize')) await gate;
      return answer(input, init);
    });
    renderPage();
    await userEvent.click(await screen.findByLabelText('Site credit: £50.00, in your account at once'));
    await userEvent.click(submitButton());
    await userEvent.click(submitButton());
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(submitButton().textContent).toBe('Claiming...');
    release();
    expect(await screen.findByText('Prize claimed: £50 Cash')).toBeTruthy();
    expect(screen.getByText('Fulfilled')).toBeTruthy();
    expect(screen.getByText('£50.00 of site credit is in your account now.')).toBeTruthy();
    const sent = api.calls.filter((c) => c.route === 'claim_prize');
    expect(sent).toHaveLength(1);
    // Nothing ticked: the winners list shows the surname's initial only.
    expect(sent[0]!.body).toMatchObject({ token: 'tok-1', win_kind: 'instant', win_id: 41, choice: 'credit', county: '', publish_full_surname: false });
    expect(String(sent[0]!.body.idempotency_key)).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(screen.queryByRole('button', { name: 'Claim prize' })).toBeNull();
  });

  it('asks how the winners list names them: county and full-surname consent, unticked until the winner ticks it', async () => {
    signIn();
    const api = shop([cashWin], (body) => claimAnswer(body, 'fulfilled'));
    renderPage();
    await userEvent.click(await screen.findByLabelText('Site credit: £50.00, in your account at once'));
    expect(screen.getByRole('group', { name: 'How we name you on our winners list' })).toBeTruthy();
    expect(screen.getByText(/We list every winner by first name, the first letter of their surname and their county/)).toBeTruthy();
    const consent = screen.getByLabelText('Show my full surname on the winners list instead of its first letter') as HTMLInputElement;
    expect(consent.checked).toBe(false);
    await userEvent.type(screen.getByLabelText('Your county (optional)'), ' West Yorkshire ');
    await userEvent.click(consent);
    await userEvent.click(submitButton());
    expect(await screen.findByText('Prize claimed: £50 Cash')).toBeTruthy();
    expect(api.last('claim_prize')!.body).toMatchObject({ choice: 'credit', county: 'West Yorkshire', publish_full_surname: true });
  });

  it("cash: the account's bank rules and texts, digits only, nothing sent until they pass", async () => {
    signIn();
    const api = shop([cashWin], (b) => claimAnswer(b));
    renderPage();
    await userEvent.click(await screen.findByLabelText('Cash: £50.00 paid to your bank account'));
    const focus = recordFocus();
    await userEvent.click(submitButton());
    expect(screen.getByText('Account Number is required.')).toBeTruthy();
    // The first failing field took the focus with its message already tied to it, as a screen reader reads it.
    expect(focus.last()?.element).toBe(screen.getByLabelText('ACCOUNT NUMBER'));
    expect(document.activeElement).toBe(screen.getByLabelText('ACCOUNT NUMBER'));
    expect(focus.last()?.invalid).toBe('true');
    expect(focus.last()?.describedBy).toBe('cc-claim-instant-41-account-error');
    expect(focus.last()?.description).toBe('Account Number is required.');
    expect(screen.getByText('Confirm Account Number is required.')).toBeTruthy();
    expect(screen.getByText('Sort Code is required.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('ACCOUNT NUMBER'), '12-34 5678');
    expect(screen.getByLabelText<HTMLInputElement>('ACCOUNT NUMBER').value).toBe('12345678');
    await userEvent.type(screen.getByLabelText('CONFIRM ACCOUNT NUMBER'), '12345679');
    await userEvent.type(screen.getByLabelText('Sort Code'), '12');
    expect(screen.getByLabelText<HTMLInputElement>('Sort Code').maxLength).toBe(6);
    await userEvent.click(submitButton());
    expect(screen.getByText('Account Numbers do not match.')).toBeTruthy();
    expect(screen.getByText('Sort Code must be 6 digits.')).toBeTruthy();
    expect(api.routes()).not.toContain('claim_prize');
    await userEvent.clear(screen.getByLabelText('CONFIRM ACCOUNT NUMBER'));
    await userEvent.type(screen.getByLabelText('CONFIRM ACCOUNT NUMBER'), '12345678');
    await userEvent.type(screen.getByLabelText('Sort Code'), '3344');
    await userEvent.click(submitButton());
    expect(await screen.findByText('We will pay £50.00 into the account ending 5678.')).toBeTruthy();
    expect(screen.getByText('Claim received')).toBeTruthy();
    expect(api.last('claim_prize')!.body).toMatchObject({ choice: 'cash', bank_details: { account_number: '12345678', sort_code: '123344' } });
  });

  it('a shipped prize: delivery address prefilled from billing, checked with the billing texts', async () => {
    signIn();
    const api = shop([carWin, cashWin], (b) => claimAnswer(b));
    renderPage();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Claim this prize' }))[0]!);
    await userEvent.click(screen.getByLabelText('The prize itself (worth £45,000.00), delivered to you'));
    expect(screen.getByLabelText<HTMLInputElement>('Postcode').value).toBe('LS1 1AA');
    // Phones: the phone keypad for the number; the postcode in capitals, never autocorrected.
    expect(screen.getByLabelText<HTMLInputElement>('Phone').type).toBe('tel');
    expect(screen.getByLabelText('Postcode').getAttribute('autocapitalize')).toBe('characters');
    expect(screen.getByLabelText('Postcode').getAttribute('autocorrect')).toBe('off');
    expect(screen.getByLabelText<HTMLInputElement>('Street address').value).toBe('High Street');
    await userEvent.clear(screen.getByLabelText('Postcode'));
    await userEvent.click(submitButton());
    expect(screen.getByText('Postcode is required.')).toBeTruthy();
    expect(api.routes()).not.toContain('claim_prize');
    await userEvent.type(screen.getByLabelText('Postcode'), 'LS2 9JT');
    await userEvent.click(submitButton());
    await waitFor(() => expect(api.routes()).toContain('claim_prize'));
    expect(api.last('claim_prize')!.body).toMatchObject({
      win_kind: 'draw', win_id: 3, choice: 'prize',
      delivery_address: { first_name: 'Priya', last_name: 'Shah', phone: '07700900123', address_1: '12', address_2: 'High Street', city: 'Leeds', postcode: 'LS2 9JT', state: '' },
    });
    expect(await screen.findByText('Prize claimed: £50 Cash')).toBeTruthy();
    // The address said back whole, town included, to be checked.
    expect(screen.getByText('We will deliver it to 12 High Street, Leeds, LS2 9JT.')).toBeTruthy();
  });

  it("shows the server's refusal and lets a new attempt use a new key", async () => {
    signIn();
    const api = shop([cashWin], () => wpError(409, 'cgg_prize_already_claimed', 'This prize has already been claimed.'));
    renderPage();
    await userEvent.click(await screen.findByLabelText('Site credit: £50.00, in your account at once'));
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This prize has already been claimed.');
    await userEvent.click(submitButton());
    await settle();
    const keys = api.calls.filter((c) => c.route === 'claim_prize').map((c) => c.body.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('no wins: says so; claimed wins show their state', async () => {
    signIn();
    shop([{ ...cashWin, claimed: true, claim_state: 'processing' }], (b) => claimAnswer(b));
    renderPage();
    expect(await screen.findByText('You have no prizes to claim right now.')).toBeTruthy();
    expect(screen.getByText('Being processed')).toBeTruthy();
  });
});
