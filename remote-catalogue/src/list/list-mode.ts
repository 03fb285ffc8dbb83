/** What a /competitions/... address lists: one category, every open competition, or the instant-win ones. */
export type ListMode = { kind: 'all' } | { kind: 'instant' } | { kind: 'category'; slug: string };

export const INSTANT_WIN_SLUG = 'instant_win_comps';

/**
 * Both instant-win addresses are told by the path: the shell routes them as fixed paths (ranked
 * above `:category`), so no `category` parameter reaches the page for either.
 */
const INSTANT_PATH = new RegExp(`/competitions/(instant/wins|${INSTANT_WIN_SLUG})/?$`);

export function listModeFor(pathname: string, category: string | undefined): ListMode {
  if (INSTANT_PATH.test(pathname) || category === INSTANT_WIN_SLUG) return { kind: 'instant' };
  if (!category || category === 'all') return { kind: 'all' };
  return { kind: 'category', slug: category };
}

export function listRequest(mode: ListMode, page: number, limit: number) {
  return {
    status: 'open' as const,
    page,
    limit,
    ...(mode.kind === 'category' ? { category: mode.slug } : {}),
    ...(mode.kind === 'instant' ? { instant_win: true } : {}),
  };
}
