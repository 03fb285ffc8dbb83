import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { provideZod } from '../zod/zod-runtime.ts';
import { zodMembers } from '../zod/zod-members.ts';

// This file imports zod itself: handing it over lets its schemas, and the barrel's they build on,
// validate at once in the browser too, where the barrel loads zod only on demand (src/zod/).
provideZod(zodMembers);

/*
 * The community chat as support moderates it from the back office (shop-api's
 * `remove-chat-message` CLI command removes through the same function): the visible messages,
 * newest first, and removing one.
 */

/** One visible message, with the customer who wrote it (support may want to look at them). */
export const staffChatMessageSchema = lazySchema(() => z.object({
  id: z.int(),
  author: z.string(),
  message: z.string(),
  created_at: z.string(),
  customer_id: z.int(),
}));
export type StaffChatMessage = z.infer<typeof staffChatMessageSchema>;

/** Messages a page: a shorter page is the start of the chat. */
export const CHAT_MODERATION_PAGE = 50;

/** `before`: a message id, for the page of older ones. */
export const staffChatMessagesRequestSchema = lazySchema(() => z.strictObject({ before: z.optional(z.int().check(z.positive())) }));
export const staffChatMessagesResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.array(staffChatMessageSchema) }));

/** 404 `cgg_chat_message_not_found`: no visible message has that id (removed already, perhaps by someone else). */
export const staffChatRemoveRequestSchema = lazySchema(() => z.strictObject({ id: z.int().check(z.positive()) }));
export const staffChatRemoveResponseSchema = lazySchema(() => z.object({ success: z.literal(true), data: z.object({ id: z.int() }) }));
