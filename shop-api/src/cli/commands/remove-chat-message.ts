import { removeMessage } from '../../chat/chat-repository.ts';
import { inTransaction } from '../../accounts/queryable.ts';
import { recordStaffAction } from '../../staff/audit-log.ts';
import { operatorName } from '../cli-helpers.ts';
import { UsageError, type Command } from '../command.ts';

/**
 * `remove-chat-message <id>`: hides one community-chat message. It disappears from every
 * open chat at once (the table's trigger NOTIFYs every API instance) and stays in the
 * database for the record.
 */
export const removeChatMessageCommand: Command = {
  name: 'remove-chat-message',
  usage: 'remove-chat-message <message-id>',
  summary: 'Remove a community chat message (live for everyone; kept in the database for the record).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    const id = Number(args[0]);
    if (args.length !== 1 || !Number.isSafeInteger(id) || id <= 0) throw new UsageError('Give the id of one chat message.');
    const removed = await inTransaction(ctx.pool, async (client) => {
      if (!(await removeMessage(client, id))) return false;
      await recordStaffAction(client, { staffId: null, actor: `cli:${operatorName(undefined, ctx.operator)}`, action: 'chat.remove', subject: `chat message #${id}`, at: (ctx.now ?? (() => new Date()))() });
      return true;
    });
    if (removed) {
      out(`Removed chat message ${id}.`);
      return 0;
    }
    out(`No visible chat message ${id}.`);
    return 1;
  },
};
