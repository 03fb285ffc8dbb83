import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { drawEntriesPath, emit, encodeSessionToken, on, postalRouteResponseSchema, SESSION_TOKEN_KEY, type EventPayload } from '@cgg/contracts';
import { CompetitionDetailsPage } from './competition-details-page.tsx';
import { renderAt } from '../../test/render.tsx';
import { mockApi, notFound } from '../../test/mock-api.ts';
import { createdJustNow, makeCompetition, makeSettings, questionComp, responses, saleNow } from '../../test/fixtures.ts';
import type { Competition } from '@cgg/contracts';
import { resetCatalogueCache } from '../data/swr-config.ts';

const routes = [
  { path: '/competition/details/:slugId', element: <CompetitionDetailsPage /> },
  { path: '/competition/info/:id', element: <CompetitionDetailsPage /> },
];

const postalRoute = postalRouteResponseSchema.parse({
  success: true,
  data: {
    title: 'Free postal route', intro: 'Send one entry per envelope by first or second class post.',
    address_lines: ['CGG Competitions (Free Entry)', 'PO Box 123', 'Leeds', 'LS1 1AA'],
    what_to_write: ['Your full name'], fairness: 'Same odds.', closing_rules: ['Must arrive before closing.'],
  },
});

function detailsApi(c: Competition, settings = makeSettings(), extra: Record<string, unknown> = {}) {
  return mockApi({
    getcompetition: (body: Record<string, unknown>) => (body.id === c.id ? responses.one(c) : notFound),
    getsettings: responses.settings(settings),
    getOtherComps: responses.array([makeCompetition({ id: 77, title: 'Recommended Prize' })]),
    ...extra,
  });
}

function listenForAdds() {
  const adds: EventPayload<'cart:add-requested'>[] = [];
  const off = on('cart:add-requested', (p) => adds.push(p));
  return { adds, off };
}

async function openDetails(c: Competition, settings = makeSettings()) {
  const api = detailsApi(c, settings);
  renderAt(`/competition/details/some-title-${c.id}`, routes);
  await screen.findByRole('heading', { level: 1, name: c.title });
  // settings feed the quick picks: wait for them
  if (settings.suggested_tickets.length) await screen.findByRole('group', { name: 'Quick picks' });
  return api;
}

const qty = () => screen.getByLabelText('Number of tickets') as HTMLInputElement;

describe('CompetitionDetailsPage', () => {
  it("explains reward wins with the operator's reward prize info from settings, as text", async () => {
    const c = makeCompetition({
      id: 9,
      title: 'Reward Comp',
      enable_reward_wins: true,
      reward_wins: [{ id: 1, title: '£100 Cash', prize_value: '100.00', percentage: 50, won: false }],
    });
    await openDetails(c, makeSettings({ reward_prize_info: 'Reward prizes are drawn <b>live</b> at each milestone.' }));
    const rewards = screen.getByRole('region', { name: 'Reward wins' });
    expect(within(rewards).getByText('Reward prizes are drawn <b>live</b> at each milestone.')).toBeTruthy();
    expect(within(rewards).getByText('50% sold')).toBeTruthy();
  });


  it('shows the competition: title, sale price, progress, tickets left, NEW, countdown, draw date, odds, instant wins', async () => {
    const c = makeCompetition({
      id: 5,
      title: 'Audi RS3 Sportback',
      ...saleNow,
      ...createdJustNow,
      total_sell_tickets: 2000,
      total_ticket_sold: 500,
      enable_instant_wins: true,
      instant_wins: [{ id: 1, title: '£50 Cash', prize_value: '50.00', image: '/wp-content/uploads/cash.svg', quantity: 2 }],
      instant_wins_tickets: [
        { ticket_number: 17, instant_win_id: 1, won: true, won_by: 'Sam' },
        { ticket_number: 1450, instant_win_id: 1, won: false, won_by: null },
      ],
      draw_date: '2031-03-14',
      draw_time: '21:30',
      closing_date: '2031-03-14',
      gallery_images: ['/wp-content/uploads/a2.svg'],
      description: '<p>Fast car.</p><script>alert(1)</script>',
    });
    await openDetails(c);
    expect(document.title).toBe('Audi RS3 Sportback | CGG Competitions');
    expect(screen.getByText('£0.99')).toBeTruthy();
    expect(document.querySelector('del')?.textContent).toContain('£1.99');
    expect(screen.getByText('NEW')).toBeTruthy();
    expect(screen.getByText('500 of 2,000 tickets sold')).toBeTruthy();
    expect(screen.getAllByRole('progressbar')[0]!.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('1,500 tickets left')).toBeTruthy();
    const timer = screen.getByRole('timer');
    expect(within(timer).getByText('days')).toBeTruthy();
    expect(within(timer).getByText('secs')).toBeTruthy();
    expect(screen.getByText('March 14, 2031 at 9:30 PM')).toBeTruthy();
    expect(screen.getByText('1/2000')).toBeTruthy(); // main prize
    expect(screen.getByText('3/2000')).toBeTruthy(); // any prize: 1 + 2 instant-win tickets
    expect(screen.getByText('#17')).toBeTruthy();
    expect(screen.getByText('Won by Sam')).toBeTruthy();
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show image 2 of 2' })).toBeTruthy();
    expect(screen.getByText('Fast car.')).toBeTruthy();
    expect(document.querySelector('.cat-details__description script')).toBeNull();
    expect(await screen.findByText('Recommended Prize')).toBeTruthy();
  });

  it('states the odds from the maximum number of entries, and the free postal route beside the buy button', async () => {
    const c = makeCompetition({ id: 31, title: 'Odds Comp', total_sell_tickets: 5000, total_ticket_sold: 12 });
    detailsApi(c, makeSettings(), { get_free_postal_route: postalRoute });
    renderAt(`/competition/details/odds-comp-${c.id}`, routes);
    await screen.findByRole('heading', { level: 1, name: 'Odds Comp' });
    expect(document.querySelector('.cat-odds__headline')!.textContent).toBe('Odds of winning: 1 in 5,000 at most (5,000 entries maximum)');
    const free = screen.getByRole('region', { name: 'Free entry by post' });
    expect(within(free).getByText(/Free postal entries take part in the draw and the instant wins exactly like paid ones/)).toBeTruthy();
    expect(await within(free).findByText('Send one entry per envelope by first or second class post.')).toBeTruthy();
    expect(within(free).getByText('CGG Competitions (Free Entry), PO Box 123, Leeds, LS1 1AA')).toBeTruthy();
    expect(within(free).getByRole('link', { name: 'How to enter for free by post' }).getAttribute('href')).toBe('/free-postal-route');
    // Beside the buy button: the entry panel's next sibling, not down in the terms.
    const panel = document.querySelector('.cat-entry__add')!.closest('.cat-entry')!;
    expect(panel.nextElementSibling).toBe(free);
    expect(screen.queryByRole('region', { name: 'How the winner was chosen' })).toBeNull();
  });

  it('still names the free route and links to it when the postal route cannot be read', async () => {
    await openDetails(makeCompetition({ id: 32, title: 'No Route Comp' }));
    const free = screen.getByRole('region', { name: 'Free entry by post' });
    expect(within(free).getByRole('link', { name: 'How to enter for free by post' })).toBeTruthy();
  });

  it('after the draw, says how the winner was chosen and how to check it', async () => {
    const c = makeCompetition({ id: 33, title: 'Drawn Comp', status: 'drawn', winning_ticket_number: 412 });
    await openDetails(c);
    const chosen = screen.getByRole('region', { name: 'How the winner was chosen' });
    expect(chosen.textContent).toContain('Ticket #412 won.');
    expect(chosen.textContent).toContain('paid and free postal alike');
    expect(within(chosen).getByRole('link', { name: 'draw results page' }).getAttribute('href')).toBe('/draw/results');
    expect(within(chosen).getByRole('link', { name: 'download the entry list' }).getAttribute('href')).toBe(drawEntriesPath(33));
  });

  it('hides the countdown when hide_timer is set', async () => {
    await openDetails(makeCompetition({ id: 6, hide_timer: true }));
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('caps the quantity at tickets left and the per-person maximum, through typing, + and quick picks', async () => {
    const user = userEvent.setup();
    // 30 left, 20 per person: the cap is 20.
    await openDetails(makeCompetition({ id: 7, total_sell_tickets: 100, total_ticket_sold: 70, max_ticket_per_user: 20 }));
    await user.clear(qty());
    await user.type(qty(), '99');
    expect(qty().value).toBe('20');
    expect((screen.getByRole('button', { name: 'One ticket more' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '5 tickets' }));
    expect(qty().value).toBe('5');
    await user.click(screen.getByRole('button', { name: 'One ticket more' }));
    expect(qty().value).toBe('6');
    await user.click(screen.getByRole('button', { name: '50 tickets' }));
    expect(qty().value).toBe('20');
    await user.click(screen.getByRole('button', { name: 'One ticket fewer' }));
    expect(qty().value).toBe('19');
    expect(screen.getByText('Up to 20 tickets per person for this competition.')).toBeTruthy();
  });

  const twoCompetitions = (nextFailsFirst: boolean) => {
    const first = makeCompetition({ id: 30, title: 'First Prize', max_ticket_per_user: 100 });
    const next = makeCompetition({ id: 77, title: 'Recommended Prize', max_ticket_per_user: 10 });
    let nextAnswers = 0;
    mockApi({
      getcompetition: (body: Record<string, unknown>) =>
        body.id === 30 ? responses.one(first) : nextFailsFirst && ++nextAnswers === 1 ? { status: 500, body: { code: 'internal', message: 'Down', data: { status: 500 } } } : responses.one(next),
      getsettings: responses.settings(makeSettings()),
      getOtherComps: (body: Record<string, unknown>) => responses.array(body.id === 30 ? [next] : [first]),
    });
  };
  const pickFiftyThenGoToRecommended = async (user: ReturnType<typeof userEvent.setup>) => {
    renderAt('/competition/details/first-prize-30', routes);
    await screen.findByRole('heading', { level: 1, name: 'First Prize' });
    await user.click(await screen.findByRole('button', { name: '50 tickets' }));
    expect(qty().value).toBe('50');
    await user.click(await screen.findByRole('link', { name: /Recommended Prize/ }));
  };

  it('a recommended competition that fails to load says so: the one before, with its Add button, is not left under its address', async () => {
    const user = userEvent.setup();
    twoCompetitions(true);
    await pickFiftyThenGoToRecommended(user);
    expect(await screen.findByText("We couldn't load this competition just now. Please try again shortly.")).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'First Prize' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add 50 tickets/ })).toBeNull();
  });

  it('a recommended competition starts with its own quantity, not the one picked on the competition before', async () => {
    const user = userEvent.setup();
    twoCompetitions(false);
    await pickFiftyThenGoToRecommended(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Prize' })).toBeTruthy();
    expect(qty().value).toBe('1');
  });

  it('caps at tickets left when fewer remain than the per-person maximum', async () => {
    const user = userEvent.setup();
    await openDetails(makeCompetition({ id: 8, total_sell_tickets: 100, total_ticket_sold: 97, max_ticket_per_user: 50 }));
    await user.click(screen.getByRole('button', { name: '10 tickets' }));
    expect(qty().value).toBe('3');
    expect(screen.getByText('Only 3 tickets left.')).toBeTruthy();
    expect(screen.queryByText(/per person/)).toBeNull();
  });

  it('emits cart:add-requested directly when there is no question', async () => {
    const user = userEvent.setup();
    const { adds, off } = listenForAdds();
    const c = makeCompetition({ id: 9, title: 'PS5 Pro' });
    await openDetails(c);
    await user.click(screen.getByRole('button', { name: '10 tickets' }));
    await user.click(screen.getByRole('button', { name: /^Add 10 tickets/ }));
    expect(adds).toEqual([{ competitionId: 9, productId: c.competition_product_id, quantity: 10, title: 'PS5 Pro' }]);
    expect(document.getElementById('enter')).toBeNull();
    off();
  });

  it('a second tap while the basket is still adding adds nothing more; Add comes back when the basket answers', async () => {
    const user = userEvent.setup();
    const { adds, off } = listenForAdds();
    const c = makeCompetition({ id: 9, title: 'PS5 Pro' });
    await openDetails(c);
    const add = screen.getByRole('button', { name: /^Add 1 ticket/ });
    await user.click(add);
    expect(add.textContent).toBe('Adding to your basket...');
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(add);
    await user.click(add);
    expect(adds).toHaveLength(1);
    // Another competition's answer is not this one's.
    act(() => emit('cart:add-settled', { competitionId: 10, added: true }));
    expect(add.getAttribute('aria-disabled')).toBe('true');
    act(() => emit('cart:add-settled', { competitionId: 9, added: false }));
    expect(add.textContent).toMatch(/^Add 1 ticket/);
    expect(add.getAttribute('aria-disabled')).toBeNull();
    await user.click(add);
    expect(adds).toHaveLength(2);
    off();
  });

  it("opens the question modal 'enter' when required and show_question is 1, then emits with the answer", async () => {
    const user = userEvent.setup();
    const { adds, off } = listenForAdds();
    const c = makeCompetition({ id: 10, title: 'Rolex', ...questionComp });
    await openDetails(c, makeSettings({ show_question: 1 }));
    await user.click(screen.getByRole('button', { name: /^Add 1 ticket/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.id).toBe('enter');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(adds).toHaveLength(0); // the add waits for the answer
    const confirm = within(dialog).getByRole('button', { name: /^Confirm/ }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('London'));
    await user.click(confirm);
    expect(adds).toEqual([{ competitionId: 10, productId: c.competition_product_id, quantity: 1, title: 'Rolex', answerId: 2 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    off();
  });

  it('closes the question modal with Escape without adding', async () => {
    const user = userEvent.setup();
    const { adds, off } = listenForAdds();
    await openDetails(makeCompetition({ id: 11, ...questionComp }));
    await user.click(screen.getByRole('button', { name: /^Add 1 ticket/ }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adds).toHaveLength(0);
    off();
  });

  it('skips the question when the stored show-question flag is 0', async () => {
    const user = userEvent.setup();
    const { adds, off } = listenForAdds();
    // The settings cache writes the flag under its spec key; the details page reads that key.
    await openDetails(makeCompetition({ id: 12, ...questionComp }), makeSettings({ show_question: 0 }));
    await waitFor(() => expect(localStorage.getItem('show_question')).toBe('0'));
    await user.click(screen.getByRole('button', { name: /^Add 1 ticket/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adds).toHaveLength(1);
    expect(adds[0]?.answerId).toBeUndefined();
    off();
  });

  it('disables the add button with the reason when sold out', async () => {
    await openDetails(makeCompetition({ id: 13, total_sell_tickets: 50, total_ticket_sold: 50 }));
    const add = screen.getByRole('button', { name: 'Unavailable' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByText('SOLD OUT: there are no tickets left.')).toBeTruthy();
    expect(screen.getByText('SOLD OUT')).toBeTruthy();
  });

  it.each([
    [{ status: 'drawn' as const, winning_ticket_number: 4 }, 'This competition has been drawn.'],
    [{ disable_tickets: true }, 'Entries are paused for this competition.'],
  ])('disables the add button when it cannot be entered (%o)', async (overrides, reason) => {
    await openDetails(makeCompetition({ ...overrides }));
    expect((screen.getByRole('button', { name: 'Unavailable' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(reason)).toBeTruthy();
  });

  it('a cancelled competition: no draw date, and why it cannot be entered', async () => {
    await openDetails(makeCompetition({ id: 14, status: 'closed', cancelled: true }));
    expect(screen.getByText('Draw date:').parentElement!.textContent).toBe('Draw date: None: the competition was cancelled.');
    expect(screen.getByText('This competition was cancelled: it will not be drawn, and everyone who entered has been refunded.')).toBeTruthy();
    // Nothing can be entered, so no odds and no free route by post.
    expect(document.querySelector('.cat-odds__headline')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Free entry by post' })).toBeNull();
  });

  it('shows "competition not found" for an unknown id', async () => {
    detailsApi(makeCompetition({ id: 15 }));
    renderAt('/competition/details/ghost-999', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Competition not found' })).toBeTruthy();
  });

  it('shows "competition not found" for a link without an id, without calling the API', async () => {
    const { calls } = detailsApi(makeCompetition({ id: 16 }));
    renderAt('/competition/details/no-id-here', routes);
    expect(screen.getByRole('heading', { level: 1, name: 'Competition not found' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.route === 'getcompetition')).toHaveLength(0));
  });

  it('opens /competition/info/:id and the pop-up link form {title}--{id}', async () => {
    const c = makeCompetition({ id: 17, title: 'Tesla Model Y' });
    detailsApi(c);
    const first = renderAt('/competition/info/17', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tesla Model Y' })).toBeTruthy();
    first.unmount();
    renderAt('/competition/details/Tesla%20Model%20Y--17', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tesla Model Y' })).toBeTruthy();
  });

  it("sends the signed-in customer's token with the competition and recommended calls, a visitor's without", async () => {
    const c = makeCompetition({ id: 18, title: 'Signed-in Prize' });
    localStorage.setItem(SESSION_TOKEN_KEY, encodeSessionToken('customer-token-7'));
    const { calls } = await openDetails(c);
    await screen.findByText('Recommended Prize');
    expect(calls.find((call) => call.route === 'getcompetition')?.body).toEqual({ id: 18, token: 'customer-token-7' });
    expect(calls.find((call) => call.route === 'getOtherComps')?.body).toEqual({ id: 18, limit: 4, token: 'customer-token-7' });
    // Settings are a settings-type call: never the customer's token.
    expect(calls.find((call) => call.route === 'getsettings')?.body).not.toHaveProperty('token');
  });

  it("shows the stored fetched competition at once while it is fetched again, adding only once it is fresh", async () => {
    const stale = makeCompetition({ id: 19, title: 'Stored Prize', total_ticket_sold: 100 });
    const fresh = makeCompetition({ id: 19, title: 'Stored Prize', total_ticket_sold: 900 });
    localStorage.setItem('fetched_competition', JSON.stringify(stale));
    const api = mockApi(
      { getcompetition: responses.one(fresh), getsettings: responses.settings(makeSettings()), getOtherComps: responses.array([]) },
      { hold: true },
    );
    renderAt('/competition/details/stored-prize-19', routes);
    // Before any answer: the stored copy, its add button waiting for the fresh one.
    expect(screen.getByRole('heading', { level: 1, name: 'Stored Prize' })).toBeTruthy();
    expect(screen.getByText('100 of 1,000 tickets sold')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Checking availability...' }) as HTMLButtonElement).disabled).toBe(true);
    api.release();
    expect(await screen.findByText('900 of 1,000 tickets sold')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Checking availability...' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Add 1 ticket/ })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('fetched_competition') ?? 'null').total_ticket_sold).toBe(900);
  });

  it('stores what it fetched, never shows the stored copy of another competition, and forgets one the API no longer has', async () => {
    localStorage.setItem('fetched_competition', JSON.stringify(makeCompetition({ id: 40, title: 'Another Prize' })));
    mockApi({ getcompetition: responses.one(makeCompetition({ id: 41, title: 'This Prize' })), getsettings: responses.settings(makeSettings()), getOtherComps: responses.array([]) }, { hold: true }).release();
    const view = renderAt('/competition/details/this-prize-41', routes);
    expect(screen.queryByText('Another Prize')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'This Prize' })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('fetched_competition') ?? 'null').id).toBe(41));
    view.unmount();
    resetCatalogueCache(); // a later visit: nothing cached
    mockApi({ getcompetition: notFound, getsettings: responses.settings(makeSettings()), getOtherComps: responses.array([]) });
    renderAt('/competition/info/41', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Competition not found' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('fetched_competition')).toBeNull());
  });

  it('ignores a stored value that is not a competition payload', async () => {
    localStorage.setItem('fetched_competition', '{"id": 42, "title": "Broken"');
    detailsApi(makeCompetition({ id: 42, title: 'Real Prize' }));
    renderAt('/competition/details/real-prize-42', routes);
    expect(screen.queryByText('Broken')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Real Prize' })).toBeTruthy();
  });
});
