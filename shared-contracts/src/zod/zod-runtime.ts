import * as runtime from '#zod-runtime';
import { ZodNotLoadedError, type ZodMini, type ZodRuntime } from './zod-mini.ts';

// Both runtimes have the same shape (checked here, whichever one the type checker resolves).
const zodRuntime: ZodRuntime = runtime;

export const { loadZod, zodLoaded, whenZodLoaded, provideZod } = zodRuntime;

/** True once zod is on the page (always, outside the browser): schemas can be used synchronously. */
export function isZodLoaded(): boolean {
  return zodRuntime.loadedZod() !== undefined;
}

/** zod, for a schema being built; throws ZodNotLoadedError before it is on the page. */
export function requireZod(): ZodMini {
  const z = zodRuntime.loadedZod();
  if (!z) throw new ZodNotLoadedError();
  return z;
}

export { ZodNotLoadedError, type ZodMini };
