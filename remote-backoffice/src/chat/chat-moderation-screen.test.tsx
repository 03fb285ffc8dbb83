import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffChatMessage } from '@cgg/contracts/staff';
import { describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../test/fake-api.ts';
import { operator, support } from '../test/fixtures.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';

const message = (id: number, text: string, over: Partial<StaffChatMessage> = {}): StaffChatMessage => ({
  id, author: 'Mean M.', message: text, created_at: '2026-07-01T11:30:00.000Z', customer_id: 42, ...over,
});
const me = { 'staff/me': { success: true, data: support } };

describe('chat moderation', () => {
  it('lists the messages newest first with their writer; removing one asks first, then it goes and the notice says so', async () => {
    const api = fakeApi({
      ...me,
      'staff/chat_messages': { success: true, data: [message(9, 'good luck all'), message(8, 'something rude')] },
      'staff/chat_remove': (b) => ({ success: true, data: { id: b.id } }),
    });
    renderBackOffice('/admin/chat', 'tok');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Chat messages' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('good luck all')).toBeTruthy();
    expect(within(second!).getByText('something rude')).toBeTruthy();
    expect(within(second!).getByRole('link', { name: 'customer #42' }).getAttribute('href')).toBe('/admin/customers/42');
    expect(within(second!).getByText(/1 Jul 2026, 12:30:00/)).toBeTruthy();

    await user.click(within(second!).getByRole('button', { name: 'Remove message #8 by Mean M.' }));
    const ask = within(second!).getByRole('group', { name: 'Confirm removing message #8' });
    expect(document.activeElement!.textContent).toBe('Remove this message by Mean M.? It leaves every open chat at once, and cannot be put back.');
    await user.click(within(ask).getByRole('button', { name: 'Go back' }));
    expect(document.activeElement).toBe(within(second!).getByRole('button', { name: 'Remove message #8 by Mean M.' }));
    expect(api.routes()).not.toContain('staff/chat_remove');

    await user.click(within(second!).getByRole('button', { name: 'Remove message #8 by Mean M.' }));
    await user.click(within(second!).getByRole('button', { name: 'Yes, remove it' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe("Removed Mean M.'s message of 1 Jul 2026, 12:30:00: it has left every open chat.");
    expect(document.activeElement).toBe(notice);
    expect(screen.queryByText('something rude')).toBeNull();
    expect(screen.getByText('good luck all')).toBeTruthy();
    expect(api.sent.filter((s) => s.route === 'staff/chat_remove').map((s) => s.body)).toEqual([{ id: 8 }]);
  });

  it('a message someone else removed first goes from the list, and the notice says so', async () => {
    fakeApi({
      ...me,
      'staff/chat_messages': { success: true, data: [message(8, 'something rude')] },
      'staff/chat_remove': refusal(404, 'cgg_chat_message_not_found', 'There is no chat message #8 to remove: it may have been removed already.'),
    });
    renderBackOffice('/admin/chat', 'tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove message #8 by Mean M.' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect((await screen.findByRole('status')).textContent).toBe("Mean M.'s message of 1 Jul 2026, 12:30:00 had already been removed.");
    expect(screen.queryByText('something rude')).toBeNull();
  });

  it('pages back through older messages, 50 at a time, until a shorter page: the start of the chat', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => message(from - i, `message ${from - i}`));
    const api = fakeApi({
      ...me,
      'staff/chat_messages': (b) => ({ success: true, data: b.before === undefined ? page(120, 50) : page(Number(b.before) - 1, 3) }),
    });
    renderBackOffice('/admin/chat', 'tok');
    const user = userEvent.setup();
    await screen.findByText('message 120');
    expect(screen.queryByText('That is the whole chat.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Older messages' }));
    expect(await screen.findByText('message 68')).toBeTruthy();
    expect(screen.getByText('That is the whole chat.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older messages' })).toBeNull();
    expect(api.sent.filter((s) => s.route === 'staff/chat_messages').map((s) => s.body)).toEqual([{}, { before: 71 }]);
  });

  it('a first page shorter than a full one is the whole chat: nothing older is offered', async () => {
    fakeApi({ ...me, 'staff/chat_messages': { success: true, data: [message(9, 'newest')] } });
    renderBackOffice('/admin/chat', 'tok');
    await screen.findByText('newest');
    expect(screen.getByText('That is the whole chat.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older messages' })).toBeNull();
  });

  it('says when the chat is empty; is not offered to operators', async () => {
    fakeApi({ ...me, 'staff/chat_messages': { success: true, data: [] } });
    const { unmount } = renderBackOffice('/admin/chat', 'tok');
    expect(await screen.findByText('No messages in the chat.')).toBeTruthy();
    unmount();
    const api = fakeApi({ 'staff/me': { success: true, data: operator } });
    renderBackOffice('/admin/chat', 'tok');
    expect(await screen.findByRole('heading', { name: 'Chat is not one of your screens' })).toBeTruthy();
    expect(api.routes()).not.toContain('staff/chat_messages');
  });
});
