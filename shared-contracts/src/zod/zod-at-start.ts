import type { ZodMini } from './zod-mini.ts';
import { zodMembers as z } from './zod-members.ts';

/*
 * zod everywhere but the browser (`#zod-runtime`'s default): the API, the shell's server, the
 * remotes' server builds and the tests import it with the package, so every schema validates
 * synchronously from the start. Same interface as zod-on-demand.ts.
 */

export function loadedZod(): ZodMini | undefined {
  return z;
}

export function loadZod(): Promise<ZodMini> {
  return Promise.resolve(z);
}

export function zodLoaded(): Promise<ZodMini> {
  return Promise.resolve(z);
}

export function whenZodLoaded(fn: (z: ZodMini) => void): void {
  fn(z);
}

export function provideZod(given: ZodMini): void {
  // zod is here already (the same members).
  void given;
}
