import type { Competition } from '../api/competition.ts';

/**
 * The home carousel's order: it leads with the settings' main competition, then the featured ones in their order.
 * The catalogue draws the carousel with it and the shell's server preloads its first image.
 */
export function orderFeatured(featured: Competition[], all: Competition[], mainId: number | null | undefined): Competition[] {
  if (!mainId) return featured;
  const main = featured.find((c) => c.id === mainId) ?? all.find((c) => c.id === mainId);
  if (!main) return featured;
  return [main, ...featured.filter((c) => c.id !== mainId)];
}
