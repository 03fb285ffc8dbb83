import { z } from 'zod/mini';

/**
 * The zod members the barrel's schemas are built with (lazySchema's `z`): a plain object naming
 * each, not zod's namespace, because a namespace handed around as a value (a dynamic import's,
 * a function argument) is bundled whole, ~84 KB gzip against ~9 KB for these. A barrel schema
 * that needs another member adds it here (the type checker says so).
 */
export const zodMembers = {
  _default: z._default,
  array: z.array,
  boolean: z.boolean,
  // Only what is used: the whole coerce namespace would bring its other members.
  coerce: { number: z.coerce.number },
  email: z.email,
  enum: z.enum,
  int: z.int,
  literal: z.literal,
  looseObject: z.looseObject,
  maxLength: z.maxLength,
  maximum: z.maximum,
  minLength: z.minLength,
  minimum: z.minimum,
  nonnegative: z.nonnegative,
  nullable: z.nullable,
  object: z.object,
  optional: z.optional,
  positive: z.positive,
  regex: z.regex,
  strictObject: z.strictObject,
  string: z.string,
  trim: z.trim,
  union: z.union,
};
