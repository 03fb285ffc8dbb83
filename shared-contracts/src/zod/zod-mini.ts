import type { zodMembers } from './zod-members.ts';

/** What lazySchema's builders get: the members of zod's mini build they use (zod-members.ts). */
export type ZodMini = typeof zodMembers;

/** What both zod runtimes (zod-on-demand.ts, zod-at-start.ts) export: `#zod-runtime` is one of them. */
export interface ZodRuntime {
  /** zod when it is on the page; undefined before it has loaded (browser only). */
  loadedZod(): ZodMini | undefined;
  /** Loads zod if it is not on the page yet; resolves once it is. */
  loadZod(): Promise<ZodMini>;
  /** Resolves once zod is on the page, without loading it. */
  zodLoaded(): Promise<ZodMini>;
  /** Runs `fn` now if zod is on the page, else once it arrives, in the order asked. */
  whenZodLoaded(fn: (z: ZodMini) => void): void;
  /** An entry that bundles zod itself hands it over, so its schemas and the barrel's work at once. */
  provideZod(z: ZodMini): void;
}
