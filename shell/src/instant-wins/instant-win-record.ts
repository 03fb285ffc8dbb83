/** One record under the feed node (spec section 3, "Instant-win notification"); every field may be missing or wrong. */
export interface InstantWinRecord {
  main_id?: unknown;
  title?: unknown;
  image?: unknown;
  prize?: unknown;
  user?: unknown;
}

/** What the pop-up shows, read defensively from a record anyone could have shaped. */
export interface InstantWinNotice {
  key: string;
  winner: string;
  prize: string;
  title: string;
  image: string | null;
  href: string | null;
}

/** Spec: only the first word of the winner's name is shown, default {name} if missing. */
export function winnerFirstWord(user: unknown): string {
  const first = typeof user === 'string' ? user.trim().split(/\s+/)[0] : '';
  return first || '{name}';
}

/** The spec's pop-up link, competition/details/{title}--{main_id} (the catalogue reads the id after the last dash). */
export function instantWinHref(title: string, mainId: unknown): string | null {
  const id = typeof mainId === 'number' ? mainId : typeof mainId === 'string' ? Number(mainId) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return `/competition/details/${encodeURIComponent(title)}--${id}`;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function toNotice(key: string, record: InstantWinRecord | null): InstantWinNotice {
  const title = text(record?.title);
  const image = text(record?.image);
  return {
    key,
    winner: winnerFirstWord(record?.user),
    prize: text(record?.prize),
    title,
    // Only same-site or https images: a record cannot point the page at anything else.
    image: /^(\/(?!\/)|https:\/\/)/.test(image) ? image : null,
    href: instantWinHref(title, record?.main_id),
  };
}
