/** The title with non-word characters turned into hyphens (spec section 2), runs collapsed, lower case. */
export function titleSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/\W+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `/competition/details/{title-slug}-{id}` */
export function competitionPath(c: { id: number; title: string }): string {
  const slug = titleSlug(c.title);
  return `/competition/details/${slug ? `${slug}-` : ''}${c.id}`;
}

/**
 * The competition id at the end of a details path segment: `{slug}-{id}`, the pop-up's
 * `{title}--{main_id}` (the title may hold spaces or URL escapes), or a bare id.
 */
export function parseCompetitionId(param: string | undefined | null): number | null {
  if (!param) return null;
  let decoded = param;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    // keep the raw segment: a stray % must not crash the page
  }
  const match = /(?:^|-)(\d+)$/.exec(decoded.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
