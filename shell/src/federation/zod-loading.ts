import { loadZod } from '@cgg/contracts';
import { afterInteractive } from './after-interactive.ts';

const warn = (error: unknown) => console.warn('[shell] zod could not be loaded', error);

/**
 * zod is not part of the first screen (@cgg/contracts, src/zod/): a server-rendered page hydrates
 * from data the server validated. It is loaded once the page is interactive, for what is validated
 * later (API answers, events, stored copies), unless one of those asked for it sooner.
 */
export function loadZodAfterInteractive(): void {
  void afterInteractive().then(() => loadZod().catch(warn));
}

/** A page the browser renders alone reads stored copies (the settings) in its first render, which are checked with zod. */
export async function loadZodBeforeRender(): Promise<void> {
  await loadZod().catch(warn);
}
