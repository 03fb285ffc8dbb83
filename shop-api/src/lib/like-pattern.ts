/**
 * An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally (so a search
 * for "50%" is not a wildcard); null for blank text, which the queries read as "no filter".
 */
export function containsPattern(text: string | undefined | null): string | null {
  const trimmed = text?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}
