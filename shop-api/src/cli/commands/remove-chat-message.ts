import { removeChatMessage } from '../../chat/chat-moderation.ts';
import { operatorName } from '../cli-helpers.ts';
import { parseFlags, UsageError, type Command } from '../command.ts';

/**
 * `remove-chat-message <id> [--by amy]`: hides one community-chat message. It disappears from
 * every open chat at once (the table's trigger NOTIFYs every API instance) and stays in the
 * database for the record. The same function as the back office's Chat screen.
 */
export const removeChatMessageCommand: Command = {
  name: 'remove-chat-message',
  usage: 'remove-chat-message <message-id> [--by <operator>]',
  summary: 'Remove a community chat message (live for everyone; kept in the database for the record).',
  async run(args, ctx) {
    const out = ctx.out ?? console.log;
    // The message id first, then the options.
    const [first, ...options] = args;
    const flags = parseFlags(options, ['by']);
    const id = Number(first);
    if (!first || !Number.isSafeInteger(id) || id <= 0) throw new UsageError('Give the id of one chat message.');
    const removed = await removeChatMessage(ctx.pool, { id, by: { staffId: null, actor: `cli:${operatorName(flags.by, ctx.operator)}` }, at: (ctx.now ?? (() => new Date()))() });
    if (removed) {
      out(`Removed chat message ${id}.`);
      return 0;
    }
    out(`No visible chat message ${id}.`);
    return 1;
  },
};
