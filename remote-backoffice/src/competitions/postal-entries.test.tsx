import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffCompetition } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { operator, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';
import { csvLine, csvRows, parsePostalCsv, postalCsvLine } from './postal-csv.ts';

const open: StaffCompetition = {
  id: 12, title: 'Win a Tesla Model 3', stage: 'open', closing_at: '2026-12-20T20:00:00.000Z', draw_at: '2026-12-20T21:00:00.000Z',
  total_tickets: 5000, paid_entries: 3, postal_entries: 1, commitment: null, winning_ticket: null,
};
const page = <T,>(data: T[]) => ({ success: true, data, page: 1, total: data.length, total_pages: 1 });

describe('postal entries CSV', () => {
  it('reads quoted cells, CRLF and blank lines, and skips a heading row', () => {
    expect(csvRows('name,email\r\n"Smith, Jo","jo@x.co.uk"\n\n"Say ""hi""",a@b.co')).toEqual([['name', 'email'], ['Smith, Jo', 'jo@x.co.uk'], ['Say "hi"', 'a@b.co']]);
    const parsed = parsePostalCsv('name,email,date_of_birth,town,answer\nJo Smith,jo@example.co.uk,1990-04-23,Leeds,4\n,nobody@example.co.uk,1990-04-23\n');
    // Each line named by where it is in the box, the heading row counted.
    expect(parsed).toEqual([
      { line: 2, entry: { full_name: 'Jo Smith', email: 'jo@example.co.uk', date_of_birth: '1990-04-23', town: 'Leeds', answer: '4' }, problem: null },
      { line: 3, entry: null, problem: "The entrant's name is required.", text: ', nobody@example.co.uk, 1990-04-23', cells: ['', 'nobody@example.co.uk', '1990-04-23'] },
    ]);
  });

  it('names each line by its place in the box, blank lines and lines inside quotes counted', () => {
    const text = 'Jo Smith,jo@example.co.uk,1990-04-23\n\n"Smith,\nAl",al@example.co.uk,1990-04-23\n\nPat Post,pat@example.co.uk,1990-04-23,Leeds,4,extra';
    const parsed = parsePostalCsv(text);
    expect(parsed.map((p) => p.line)).toEqual([1, 3, 6]);
    // More cells than a line has: said so, not taken for a bad email or date.
    expect(parsed[2]!.problem).toBe('Has 6 cells; a line is name,email,date_of_birth,town,answer (put a cell holding a comma in double quotes).');    // Empty cells at a line's end (a spreadsheet's export) are not counted.
    expect(parsePostalCsv('Jo Smith,jo@example.co.uk,1990-04-23,Leeds,4,\nAl Jones,al@example.co.uk,1990-04-23,,,').map((p) => p.problem)).toEqual([null, null]);
  });

  it('reads a date of birth as written in the UK (3/4/1990) or as YYYY-MM-DD, and names one that is missing or neither', () => {
    expect(parsePostalCsv('Jo Smith,jo@example.co.uk,3/4/1990\nAl Jones,al@example.co.uk,23.04.1990').map((p) => p.entry?.date_of_birth)).toEqual(['1990-04-03', '1990-04-23']);
    expect(parsePostalCsv('Jo Smith,jo@example.co.uk\nAl Jones,al@example.co.uk,April 1990').map((p) => p.problem)).toEqual([
      "The entrant's date of birth is required: the postal route asks for it.",
      'The date of birth must be written as YYYY-MM-DD (for example 1990-04-23).',
    ]);
  });

  it('writes lines that read back the same', () => {
    const cells = ['Smith, Jo', 'jo@x.co.uk', 'Say "hi"', 'two\nlines'];
    expect(csvRows(csvLine(cells))).toEqual([cells]);
    expect(postalCsvLine({ full_name: 'Jo Smith', email: 'jo@x.co.uk', date_of_birth: '1990-04-23' })).toBe('Jo Smith,jo@x.co.uk,1990-04-23');
    expect(postalCsvLine({ full_name: 'Jo Smith', email: 'jo@x.co.uk', date_of_birth: '1990-04-23', answer: '4' })).toBe('Jo Smith,jo@x.co.uk,1990-04-23,,4');
  });
});

describe('postal entries panel', () => {
  it('records one entry after checking it, and a previewed batch of the valid lines', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/competitions': page([open]),
      'staff/entries': page([]),
      'staff/postal_entries': (b) => ({
        success: true,
        data: (b.entries as unknown[]).map((_, i) => (i === 1 ? { line: 2, recorded: false, ticket_number: null, instant_wins: [], message: 'Jo already holds 1 of the 1 tickets.' } : { line: i + 1, recorded: true, ticket_number: 100 + i, instant_wins: i === 0 ? ['£50 Cash'] : [], message: null })),
      }),
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    const single = await screen.findByRole('form', { name: 'Record a postal entry' });
    await user.click(within(single).getByRole('button', { name: 'Record entry' }));
    expect(within(single).getByText("The entrant's name is required.")).toBeTruthy();
    await user.type(within(single).getByLabelText("Entrant's name"), 'Pat Post');
    await user.type(within(single).getByLabelText("Entrant's email"), 'pat@example.co.uk');
    await user.type(within(single).getByLabelText('Date of birth written on the entry'), '1990-04-23');
    await user.click(within(single).getByRole('button', { name: 'Record entry' }));
    expect((await screen.findByRole('status')).textContent).toContain('Pat Post: ticket 100, instant win: £50 Cash');

    await user.type(screen.getByLabelText('Or paste a batch as CSV: name,email,date_of_birth,town,answer'), 'Jo Smith,jo@example.co.uk,1990-04-23{enter}Jo Smith,jo@example.co.uk,1990-04-23{enter}Bad Line,not-an-email,1990-04-23');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Batch preview' });
    expect(within(preview).getByText(/^2 of 3 lines will be recorded/)).toBeTruthy();
    expect(within(preview).getByText('Line 3 (Bad Line, not-an-email, 1990-04-23): A valid email address is required, to tell the entrant if they win.')).toBeTruthy();
    await user.click(within(preview).getByRole('button', { name: 'Record 2 entries' }));
    expect((await screen.findByText('Recorded 1 of 2 entries.'))).toBeTruthy();
    expect(screen.getByText('Jo Smith: not recorded: Jo already holds 1 of the 1 tickets.')).toBeTruthy();
    // What was not recorded is back in the box, in the pasted order, to be mended: the refused entry and the bad line.
    expect(screen.getByText('The 2 lines not recorded are back in the batch box, to mend and record again.')).toBeTruthy();
    expect((screen.getByLabelText('Or paste a batch as CSV: name,email,date_of_birth,town,answer') as HTMLTextAreaElement).value).toBe('Jo Smith,jo@example.co.uk,1990-04-23\nBad Line,not-an-email,1990-04-23');
    expect(api.sent.filter((s) => s.route === 'staff/postal_entries').map((s) => (s.body.entries as unknown[]).length)).toEqual([1, 2]);
  });

  it('keeps a single entry the API refused (a wrong answer), to be mended, and empties the form once one is recorded', async () => {
    let answers = 0;
    fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/competitions': page([open]),
      'staff/entries': page([]),
      'staff/postal_entries': () => ({
        success: true,
        data: [++answers === 1
          ? { line: 1, recorded: false, ticket_number: null, instant_wins: [], message: '"5" is not one of the answers of competition 12: 3, 4.' }
          : { line: 1, recorded: true, ticket_number: 7, instant_wins: [], message: null }],
      }),
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    const single = await screen.findByRole('form', { name: 'Record a postal entry' });
    await user.type(within(single).getByLabelText("Entrant's name"), 'Pat Post');
    await user.type(within(single).getByLabelText("Entrant's email"), 'pat@example.co.uk');
    await user.type(within(single).getByLabelText('Date of birth written on the entry'), '1990-04-23');
    await user.click(within(single).getByRole('button', { name: 'Record entry' }));
    expect(await screen.findByText(/not recorded: "5" is not one of the answers/)).toBeTruthy();
    expect((within(single).getByLabelText("Entrant's name") as HTMLInputElement).value).toBe('Pat Post');
    expect((within(single).getByLabelText("Entrant's email") as HTMLInputElement).value).toBe('pat@example.co.uk');
    await user.click(within(single).getByRole('button', { name: 'Record entry' }));
    await screen.findByText(/ticket 7/);
    expect((within(single).getByLabelText("Entrant's name") as HTMLInputElement).value).toBe('');
  });

  it('says a batch over the API\'s 500 a time before sending it, and shows what the API says of a refused field', async () => {
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/competitions': page([open]),
      'staff/entries': page([]),
      'staff/postal_entries': { refusal: { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): entries', data: { status: 400, params: { entries: 'Ticket sales have closed.' } } } } },
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Or paste a batch as CSV: name,email,date_of_birth,town,answer'));
    await user.paste(Array.from({ length: 501 }, (_, i) => `Entrant ${i},e${i}@example.co.uk,1990-04-23`).join('\n'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Batch preview' });
    expect(within(preview).getByRole('alert').textContent).toBe('At most 500 entries at a time.');
    expect(within(preview).getByRole('button', { name: 'Record 501 entries' }).hasAttribute('disabled')).toBe(true);
    expect(api.sent.some((s) => s.route === 'staff/postal_entries')).toBe(false);

    await user.clear(screen.getByLabelText('Or paste a batch as CSV: name,email,date_of_birth,town,answer'));
    await user.paste('Jo Smith,jo@example.co.uk,1990-04-23');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(within(screen.getByRole('region', { name: 'Batch preview' })).getByRole('button', { name: 'Record 1 entry' }));
    expect((await screen.findByText('Ticket sales have closed.'))).toBeTruthy();
  });

  it('a batch pressed again after a lost answer, mended or not, goes under the same key; the next batch under a new one', async () => {
    let answers = 0;
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/competitions': page([open]),
      'staff/entries': page([]),
      'staff/postal_entries': (b) => (++answers <= 2
        ? refusal(504, 'rest_gateway_timeout', 'The server took too long to answer. Please try again.')
        : { success: true, data: (b.entries as unknown[]).map((_, i) => ({ line: i + 1, recorded: true, ticket_number: 200 + i, instant_wins: [], message: null })) }),
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    const csv = await screen.findByLabelText('Or paste a batch as CSV: name,email,date_of_birth,town,answer');
    await user.type(csv, 'Jo Smith,jo@example.co.uk,1990-04-23{enter}Al Jones,al@example.co.uk,1990-04-23');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const record = () => user.click(within(screen.getByRole('region', { name: 'Batch preview' })).getByRole('button', { name: 'Record 2 entries' }));
    await record();
    expect(await screen.findByText('The server took too long to answer. Please try again.')).toBeTruthy();
    await record();
    await waitFor(() => expect(answers).toBe(2));
    // Mended (a third line) and sent again.
    await user.type(csv, '{enter}Cy Brown,cy@example.co.uk,1990-04-23');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(within(screen.getByRole('region', { name: 'Batch preview' })).getByRole('button', { name: 'Record 3 entries' }));
    expect(await screen.findByText('Recorded 3 of 3 entries.')).toBeTruthy();
    // The same two people's next entries (a second postcard each): a new batch.
    await user.type(csv, 'Jo Smith,jo@example.co.uk,1990-04-23{enter}Al Jones,al@example.co.uk,1990-04-23');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await record();
    await waitFor(() => expect(answers).toBe(4));
    const keys = api.sent.filter((s) => s.route === 'staff/postal_entries').map((s) => s.body.idempotency_key);
    expect(keys[0]).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(keys.slice(1, 3)).toEqual([keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('once entries have closed, asks when the entries arrived and sends it; one that arrived after the close is stopped before it is sent', async () => {
    const closed: StaffCompetition = { ...open, stage: 'closed', closing_at: '2026-11-20T20:00:00.000Z' };
    const api = fakeApi({
      'staff/me': { success: true, data: operator },
      'staff/competitions': page([closed]),
      'staff/entries': page([]),
      'staff/postal_entries': { success: true, data: [{ line: 1, recorded: true, ticket_number: 41, instant_wins: [], message: null }] },
    });
    renderBackOffice('/admin/competitions/12', 'tok');
    const user = userEvent.setup();
    const received = await screen.findByLabelText('When these entries arrived (London time)');
    expect((received as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Entries closed 20 Nov 2026, 20:00. Entries that arrived before then are still entered, until the draw.')).toBeTruthy();
    const single = screen.getByRole('form', { name: 'Record a postal entry' });
    await user.type(within(single).getByLabelText("Entrant's name"), 'Pat Post');
    await user.type(within(single).getByLabelText("Entrant's email"), 'pat@example.co.uk');
    await user.type(within(single).getByLabelText('Date of birth written on the entry'), '1990-04-23');
    await user.click(within(single).getByRole('button', { name: 'Record entry' }));
    expect(await screen.findByText('Say when these entries arrived: only those that arrived before the close (20 Nov 2026, 20:00) are entered.')).toBeTruthy();
    await user.type(received, '2026-11-20T20:30');
    await user.click(within(single).getByRole('button', { name: 'Record entry' }));
    expect(await screen.findByText('These entries arrived after the close (20 Nov 2026, 20:00), so they are not entered.')).toBeTruthy();
    expect(api.sent.some((s) => s.route === 'staff/postal_entries')).toBe(false);
    await user.clear(received);
    await user.type(received, '2026-11-20T09:15');
    await user.click(within(single).getByRole('button', { name: 'Record entry' }));
    expect((await screen.findByRole('status')).textContent).toContain('Pat Post: ticket 41');
    expect(api.sent.filter((s) => s.route === 'staff/postal_entries').map((s) => [s.body.received, s.body.entries])).toEqual([
      ['2026-11-20 09:15', [{ full_name: 'Pat Post', email: 'pat@example.co.uk', date_of_birth: '1990-04-23' }]],
    ]);
  });

  it('is not offered to support, nor once the competition is drawn', async () => {
    fakeApi({ 'staff/me': { success: true, data: support }, 'staff/competitions': page([open]), 'staff/entries': page([]) });
    const { unmount } = renderBackOffice('/admin/competitions/12', 'tok');
    expect(await screen.findByRole('heading', { name: 'Entries' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Free postal entries' })).toBeNull();
    unmount();
    fakeApi({ 'staff/me': { success: true, data: operator }, 'staff/competitions': page([{ ...open, stage: 'drawn', winning_ticket: 7 }]), 'staff/entries': page([]) });
    renderBackOffice('/admin/competitions/12', 'tok');
    expect(await screen.findByRole('heading', { name: 'Entries' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Free postal entries' })).toBeNull();
  });
});
