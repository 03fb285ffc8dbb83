import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompetitionFields, StaffCompetition, StaffMember } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../../test/fake-api.ts';
import { operator, support } from '../../test/fixtures.ts';
import { renderBackOffice } from '../../test/render-back-office.tsx';

const signedInAs = (m: StaffMember) => ({ 'staff/me': { success: true, data: m } });
const categories = [
  { slug: 'cars', name: 'Cars' },
  { slug: 'cash', name: 'Cash' },
];
const blank = { success: true, data: { fields: null, stage: null, tickets_sold: 0, locked: [], categories } };
const stored: CompetitionFields = {
  title: 'Win a Tesla Model 3', category: 'cars', description: '', image: '/wp-content/uploads/staff/abc.jpg', gallery_images: [], price_per_ticket: '1.99', sale: null,
  total_tickets: 5000, max_ticket_per_user: 100, closing: '2026-12-20 20:00', draw: '2026-12-20 21:00', prize_value: '40000.00', cash_alternative: null,
  featured: false, hide_ticket_count: false, hide_timer: false, disable_tickets: false, live_draw: false, live_draw_info: null, question: null,
  instant_wins: [{ title: '£10 Site Credit', prize_value: '10.00', quantity: 5 }], reward_wins: [],
};
const competition = (over: Partial<StaffCompetition> = {}): StaffCompetition => ({
  id: 12, title: 'Win a Tesla Model 3', stage: 'draft', closing_at: '2026-12-20T20:00:00.000Z', draw_at: '2026-12-20T21:00:00.000Z',
  total_tickets: 5000, paid_entries: 0, postal_entries: 0, commitment: 'a'.repeat(64), winning_ticket: null, ...over,
});
const page = <T,>(data: T[]) => ({ success: true, data, page: 1, total: data.length, total_pages: 1 });
const problems = (list: Array<{ field: string; message: string }>) => ({
  refusal: { status: 400, body: { code: 'cgg_invalid_competition', message: 'The competition was not saved', data: { status: 400, problems: list } } },
});

describe('the competition editor', () => {
  it('says what is wrong field by field before anything is sent', async () => {
    const api = fakeApi({ ...signedInAs(operator), 'staff/competition_fields': blank });
    renderBackOffice('/admin/competitions/new', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save as a draft' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Title: must be at least 3 characters')).toBeTruthy();
    expect(within(summary).getByText('Price per ticket: must be pounds with 2 decimals, like "0.99"')).toBeTruthy();
    expect(within(summary).getByText('Total tickets: must be a whole number')).toBeTruthy();
    // No photo chosen yet: asked for in words, not as the image path's rule.
    expect(within(summary).getByText('Prize photo: choose a photo of the prize')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.routes()).not.toContain('staff/competition_save');
  });

  it('imports instant wins from CSV after a preview, and saves a new draft (pressed again after a lost answer, under the same key)', async () => {
    let saves = 0;
    const api = fakeApi({
      ...signedInAs(operator),
      'staff/competition_fields': blank,
      'staff/image_upload': { success: true, data: { url: '/wp-content/uploads/staff/0123456789abcdef01234567.jpg', width: 1600, height: 1000, bytes: 200_000, variants: 12 } },
      'staff/competition_save': () => (++saves === 1
        ? refusal(504, 'rest_gateway_timeout', 'The server took too long to answer. Please try again.')
        : { success: true, data: { id: 77, created: true, changed: [], commitment: 'c'.repeat(64) } }),
      'staff/competitions': page([competition({ id: 77, title: 'Win £5,000 cash' })]),
      'staff/entries': page([]),
    });
    renderBackOffice('/admin/competitions/new', 'tok');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Win £5,000 cash');
    await user.selectOptions(screen.getByLabelText('Category'), 'Cash');
    await user.upload(screen.getByLabelText('Prize photo'), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cash.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'The prize photo as the shop shows it' })).toBeTruthy();
    // Amounts as an operator types them: whole pounds, a pound sign, a thousands comma.
    await user.type(screen.getByLabelText('Prize value (£)'), '£5,000');
    await user.type(screen.getByLabelText('Price per ticket (£)'), '1');
    await user.type(screen.getByLabelText('Total tickets'), '2000');
    await user.type(screen.getByLabelText('Most tickets per customer'), '50');
    fireEvent.change(screen.getByLabelText('Entries close'), { target: { value: '2026-12-24T20:00' } });
    fireEvent.change(screen.getByLabelText('Draw'), { target: { value: '2026-12-24T21:00' } });

    fireEvent.change(screen.getByLabelText('Import from CSV'), { target: { value: 'title,prize_value,quantity\n£50 Cash,50.00,4\nFree ticket,one pound,2\n' } });
    await user.click(screen.getByRole('button', { name: 'Preview the import' }));
    const preview = screen.getByRole('region', { name: 'Import preview' });
    expect(within(preview).getByText('1 of 2 lines will be added: 1 prize on 4 ticket numbers.')).toBeTruthy();
    expect(within(preview).getByText('Line 3: not added: prize_value: must be pounds with 2 decimals, like "0.99"')).toBeTruthy();
    await user.click(within(preview).getByRole('button', { name: 'Add 1 prize' }));
    expect((screen.getByLabelText('Prize 1') as HTMLInputElement).value).toBe('£50 Cash');

    await user.click(screen.getByRole('button', { name: 'Save as a draft' }));
    expect(await screen.findByText('The server took too long to answer. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save as a draft' }));
    expect(await screen.findByText('Saved as a draft: the shop does not show it until you publish it.')).toBeTruthy();
    const [lost, saved] = api.sent.filter((s) => s.route === 'staff/competition_save');
    expect(saved!.body).toEqual({
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fields: expect.objectContaining({
        title: 'Win £5,000 cash', category: 'cash', image: '/wp-content/uploads/staff/0123456789abcdef01234567.jpg', total_tickets: 2000, prize_value: '5000.00', price_per_ticket: '1.00',
        closing: '2026-12-24 20:00', draw: '2026-12-24 21:00', instant_wins: [{ title: '£50 Cash', prize_value: '50.00', quantity: 4 }],
      }),
    });
    expect(saved!.body.idempotency_key).toBe(lost!.body.idempotency_key);
    expect(api.sent.find((s) => s.route === 'staff/image_upload')!.body).toEqual({ file_name: 'cash.jpg', data_base64: '/9j/' });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('keeps what buyers relied on fixed once tickets sell, and shows the API\'s refusal by its field', async () => {
    const locked = ['title', 'prize_value', 'cash_alternative', 'question', 'instant_wins', 'reward_wins'].map((field) => ({ field, why: '3 tickets are sold: buyers entered for this.' }));
    fakeApi({
      ...signedInAs(operator),
      'staff/competition_fields': { success: true, data: { fields: stored, stage: 'open', tickets_sold: 3, locked, categories } },
      'staff/competition_save': problems([{ field: 'draw', message: '3 tickets are already sold; the draw can move earlier but never later than buyers were promised' }]),
    });
    renderBackOffice('/admin/competitions/12/edit', 'tok');
    const user = userEvent.setup();
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Instant wins' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText('3 tickets are sold: buyers entered for this.').length).toBe(3);
    fireEvent.change(screen.getByLabelText('Draw'), { target: { value: '2026-12-27T21:00' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Draw: 3 tickets are already sold; the draw can move earlier but never later than buyers were promised')).toBeTruthy();
    expect(screen.getByLabelText('Draw').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Reason for the change').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Optional: why you are making this change, kept in the audit log. Once tickets are sold the draw can move earlier but never later.')).toBeTruthy();
  });

  it('sends the version it opened, then each save\'s own; a save over someone else\'s is refused with what to do', async () => {
    let version = 7;
    const api = fakeApi({
      ...signedInAs(operator),
      'staff/competition_fields': { success: true, data: { fields: stored, stage: 'open', tickets_sold: 0, locked: [], categories, edit_version: 7 } },
      'staff/competition_save': (b) =>
        b.edit_version !== version
          ? { refusal: { status: 409, body: { code: 'cgg_competition_changed', message: 'Someone else saved competition #12 since you opened it, so nothing was saved. Reload the editor to see their changes, then make yours again.', data: { status: 409 } } } }
          : { success: true, data: { id: 12, created: false, changed: ['price_pence'], commitment: null, edit_version: ++version } },
    });
    renderBackOffice('/admin/competitions/12/edit', 'tok');
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Price per ticket (£)');
    fireEvent.change(price, { target: { value: '2.49' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: price_pence.')).toBeTruthy();
    fireEvent.change(price, { target: { value: '2.99' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(version).toBe(9));
    // Someone else saves meanwhile.
    version = 10;
    fireEvent.change(price, { target: { value: '3.49' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone else saved competition #12 since you opened it, so nothing was saved. Reload the editor to see their changes, then make yours again.');
    expect(api.sent.filter((s) => s.route === 'staff/competition_save').map((s) => s.body.edit_version)).toEqual([7, 8, 9]);
  });

  it('publishes a draft from its page; support staff see no editing', async () => {
    const api = fakeApi({
      ...signedInAs(operator),
      'staff/competitions': page([competition()]),
      'staff/entries': page([]),
      'staff/competition_schedule': { success: true, data: { id: 12, message: 'Published: the competition is on the shop.' } },
    });
    const { unmount } = renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: the competition is on the shop.')).toBeTruthy();
    await waitFor(() => expect(api.sent.find((s) => s.route === 'staff/competition_schedule')?.body).toEqual({ id: 12, action: 'publish' }));
    unmount();

    fakeApi({ ...signedInAs(support), 'staff/competitions': page([competition({ stage: 'open' })]), 'staff/entries': page([]) });
    renderBackOffice('/admin/competitions/12', 'tok');
    expect(await screen.findByRole('heading', { name: 'Win a Tesla Model 3', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate' })).toBeNull();
  });

  it("support staff opening the editor's address are told it is for operators, not that the competition is missing", async () => {
    fakeApi({ ...signedInAs(support), 'staff/competitions': page([competition()]) });
    renderBackOffice('/admin/competitions/new', 'tok');
    expect(await screen.findByText(/^Making and changing competitions is for operators and admins/)).toBeTruthy();
    expect(screen.queryByText(/not found/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as a draft' })).toBeNull();
  });
});
