import { loadedZod } from '#zod-runtime';
import type * as AtStart from './zod-at-start.ts';
import type * as OnDemand from './zod-on-demand.ts';
import type { ZodMini, ZodRuntime } from './zod-mini.ts';

export { loadZod, provideZod, whenZodLoaded, zodLoaded } from '#zod-runtime';
export type { ZodMini };

/** Both runtimes have the same shape (`#zod-runtime` is one or the other); a type check only. */
type Conforms<T extends ZodRuntime> = T;
export type ZodRuntimes = [Conforms<typeof AtStart>, Conforms<typeof OnDemand>];

/** True once zod is on the page (always, outside the browser): schemas can be used synchronously. */
export function isZodLoaded(): boolean {
  return loadedZod() !== undefined;
}

/** zod, for a schema being built; throws before it is on the page (such a use must wait: `loadZod()`). */
export function requireZod(): ZodMini {
  const z = loadedZod();
  if (!z) throw new Error('zod is not loaded yet (loadZod)');
  return z;
}
