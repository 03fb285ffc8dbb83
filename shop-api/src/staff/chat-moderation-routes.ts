import type pg from 'pg';
import { messagesToModerate, removeChatMessage } from '../chat/chat-moderation.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { staffActor } from './audit-log.ts';

/** Support and admins moderate the community chat (the CLI's `remove-chat-message`, the same function). */
export function chatModerationRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.staffChatMessages, {
      summary: 'Support and admins: the community chat\'s visible messages, newest first, 50 a page (`before`: a message id, for older ones), each with the customer who wrote it.',
      handler: async ({ input }) => ({ success: true, data: await messagesToModerate(deps.pool, input.before) }),
    }),
    declaredRoute(routeTable.staffChatRemove, {
      summary: 'Support and admins: removes a chat message. It disappears from every open chat at once and is kept for the record; audited (`chat.remove`, with whose message it was, not its words).',
      description: 'The same as the CLI\'s `remove-chat-message`. 404 `cgg_chat_message_not_found`: no visible message has that id (removed already, perhaps by someone else).',
      handler: async ({ input, staff }) => {
        if (!(await removeChatMessage(deps.pool, { id: input.id, by: { staffId: staff.staffId, actor: staffActor(staff) }, at: deps.now() }))) {
          throw new WpHttpError(404, 'cgg_chat_message_not_found', `There is no chat message #${input.id} to remove: it may have been removed already.`);
        }
        return { success: true, data: { id: input.id } };
      },
    }),
  ];
}
