import type { ZodMini } from './zod-mini.ts';

/*
 * zod in the browser (`#zod-runtime`'s `browser` condition): not part of the first screen. The
 * contracts barrel is one module every page loads before it can hydrate, and zod was ~9 KB gzip
 * of it (issue 13), while a server-rendered page needs no validation to hydrate: its data was
 * validated by the shell's server (page-data.ts). zod is fetched with a dynamic import when
 * something must be validated (an API answer, an event, a stored copy to render), or when the
 * shell says the page is interactive; until then, uses that can wait are queued here.
 */

let zod: ZodMini | undefined;
let loading: Promise<ZodMini> | undefined;
const waiting: ((z: ZodMini) => void)[] = [];

function settle(z: ZodMini): ZodMini {
  if (zod) return zod;
  zod = z;
  // In the order asked (one queued while these run goes last), before anything awaiting loadZod() resumes.
  while (waiting.length > 0) waiting.shift()?.(z);
  return z;
}

export function loadedZod(): ZodMini | undefined {
  return zod;
}

export function loadZod(): Promise<ZodMini> {
  if (zod) return Promise.resolve(zod);
  loading ??= import('./zod-members.ts').then(
    (module) => settle(module.zodMembers),
    (error: unknown) => {
      // A failed download (offline a moment) is tried again by the next use.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function zodLoaded(): Promise<ZodMini> {
  return zod ? Promise.resolve(zod) : new Promise((resolve) => whenZodLoaded(resolve));
}

export function whenZodLoaded(fn: (z: ZodMini) => void): void {
  if (zod && waiting.length === 0) fn(zod);
  else waiting.push(fn);
}

export function provideZod(z: ZodMini): void {
  settle(z);
}
