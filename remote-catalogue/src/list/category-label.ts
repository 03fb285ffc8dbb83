/** 'tech' -> 'Tech', 'cash_prizes' -> 'Cash Prizes': a readable name when the API gave only a slug. */
export function categoryLabel(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
