import type { Competition } from '@cgg/contracts';

/** The carousel leads with the settings' main competition, then the featured ones in their order. */
export function orderFeatured(featured: Competition[], all: Competition[], mainId: number | null | undefined): Competition[] {
  if (!mainId) return featured;
  const main = featured.find((c) => c.id === mainId) ?? all.find((c) => c.id === mainId);
  if (!main) return featured;
  return [main, ...featured.filter((c) => c.id !== mainId)];
}
