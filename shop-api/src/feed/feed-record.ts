/**
 * One record of the live instant-win feed, as the shell's pop-up reads it (spec
 * section 3, "Instant-win notification"). The feed node is readable by every
 * visitor, so it carries only what the pop-up shows.
 */
export interface FeedRecord {
  /** Competition id: the pop-up links to competition/details/{title}--{main_id}. */
  main_id: number;
  title: string;
  /** Site-relative competition image URL. */
  image: string;
  /** Prize title, e.g. "£50 Cash". */
  prize: string;
  /** First name and last initial ("Jamie T."); never a full name or an email. */
  user: string;
  /** Milliseconds since the epoch when the win committed (lets a listener measure latency). */
  won_at: number;
}

/** RTDB node the pop-up listens to (override with INSTANT_WIN_FEED_PATH). */
export const DEFAULT_FEED_PATH = 'instant_wins';

/**
 * The winner as the feed shows them: the first word of the first name plus the last
 * name's initial. An email typed into a name field is never published.
 */
export function feedWinnerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  const safeFirst = publicFirstName(firstName);
  const safeInitial = /^\p{L}$/u.test(initial) ? `${initial}.` : '';
  return [safeFirst, safeInitial].filter(Boolean).join(' ') || 'A customer';
}

/**
 * A first name as the public may see it (the feed, a competition's instant-win winners, the draw
 * results): its first word, and nothing if it holds an '@' (a customer who typed their email or
 * whole name there never has it published whole).
 */
export function publicFirstName(firstName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  return first.includes('@') ? '' : first;
}

/** RTDB key of an outbox row: deterministic, so a retried write overwrites rather than duplicates, and ordered by id. */
export const feedKey = (outboxId: number | string): string => `win-${String(outboxId).padStart(12, '0')}`;
