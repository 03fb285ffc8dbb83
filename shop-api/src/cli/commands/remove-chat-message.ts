import type pg from 'pg';
import { removeMessage } from '../../chat/chat-repository.ts';

/**
 * `remove-chat-message <id>`: hides one community-chat message. It disappears from every
 * open chat at once (the table's trigger NOTIFYs every API instance) and stays in the
 * database for the record.
 */
export const removeChatMessageCommand = {
  name: 'remove-chat-message',
  usage: 'remove-chat-message <message-id>',
  summary: 'Remove a community chat message (live for everyone; kept in the database for the record).',
  async run(args: string[], ctx: { pool: pg.Pool; out?: (line: string) => void }): Promise<number> {
    const out = ctx.out ?? console.log;
    const id = Number(args[0]);
    if (!Number.isSafeInteger(id) || id <= 0) {
      out('Usage: remove-chat-message <message-id>');
      return 2;
    }
    if (await removeMessage(ctx.pool, id)) {
      out(`Removed chat message ${id}.`);
      return 0;
    }
    out(`No visible chat message ${id}.`);
    return 1;
  },
};
