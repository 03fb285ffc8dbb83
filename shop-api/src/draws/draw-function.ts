import { createHash, createHmac, randomBytes } from 'node:crypto';

/*
 * The published draw function (README "Provably fair draws"; scripts/verify-draw.mjs is
 * the same algorithm with no dependencies, for anyone to run):
 *
 *   entry list  = "ticket_number,entry_type\n" + one "<n>,<paid|postal>\n" line per entry,
 *                 in ascending ticket number order (no personal data)
 *   list hash   = SHA-256(entry list, UTF-8) as lower-case hex
 *   commitment  = SHA-256(seed bytes) as lower-case hex, published when the competition opens
 *   for r = 0, 1, 2, ...:
 *     h = HMAC-SHA256(key = seed bytes, message = list hash + ":" + r) read as a 256-bit
 *         big-endian unsigned integer
 *     if h < 2^256 - (2^256 mod count): winning index = h mod count; stop
 *   winner = the entry at that index (0-based) of the list.
 * Rejecting the top sliver of h values removes modulo bias, so every entry is equally likely.
 */

export type EntryType = 'paid' | 'postal';
export interface DrawEntry {
  ticket_number: number;
  entry_type: EntryType;
}

export const ENTRY_LIST_HEADER = 'ticket_number,entry_type';
export const DRAW_ALGORITHM =
  'index = HMAC-SHA256(key=seed, msg=entry_list_sha256 + ":" + r) as a 256-bit big-endian integer, for r = 0,1,2,... until it is below 2^256 - (2^256 mod entry_count); winner = entries[index mod entry_count] (entries in ticket number order)';

const SPACE = 1n << 256n;

export const newSeed = (): Buffer => randomBytes(32);
export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
export const commitmentOf = (seed: Buffer): string => sha256Hex(seed);

/** The entry list exactly as published and hashed; sorts a copy by ticket number. */
export function entryListCsv(entries: readonly DrawEntry[]): string {
  const sorted = [...entries].sort((a, b) => a.ticket_number - b.ticket_number);
  const lines = [ENTRY_LIST_HEADER];
  for (const e of sorted) lines.push(`${e.ticket_number},${e.entry_type}`);
  return `${lines.join('\n')}\n`;
}

/** The winning 0-based index among `count` entries, and how many HMAC rounds it took (>= 1). */
export function winningIndex(seed: Buffer, entryListHash: string, count: number): { index: number; rounds: number } {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('a draw needs at least one entry');
  if (seed.length !== 32) throw new RangeError('the seed is 32 bytes');
  const n = BigInt(count);
  const limit = SPACE - (SPACE % n);
  for (let r = 0; ; r++) {
    const h = BigInt(`0x${createHmac('sha256', seed).update(`${entryListHash}:${r}`).digest('hex')}`);
    if (h < limit) return { index: Number(h % n), rounds: r + 1 };
  }
}

export interface DrawOutcome {
  csv: string;
  entryListHash: string;
  entryCount: number;
  /** null when there were no entries. */
  winner: { index: number; rounds: number; entry: DrawEntry } | null;
}

/** The whole draw from the seed and the entries (pure: the same inputs always give the same winner). */
export function drawFromEntries(seed: Buffer, entries: readonly DrawEntry[]): DrawOutcome {
  const csv = entryListCsv(entries);
  const entryListHash = sha256Hex(csv);
  if (entries.length === 0) return { csv, entryListHash, entryCount: 0, winner: null };
  const sorted = [...entries].sort((a, b) => a.ticket_number - b.ticket_number);
  const { index, rounds } = winningIndex(seed, entryListHash, sorted.length);
  return { csv, entryListHash, entryCount: sorted.length, winner: { index, rounds, entry: sorted[index]! } };
}
