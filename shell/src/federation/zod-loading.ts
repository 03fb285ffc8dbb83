import { loadZod } from '@cgg/contracts';
import { afterInteractive } from './after-interactive.ts';

/**
 * zod is not part of the first screen (@cgg/contracts, src/zod/): a server-rendered page hydrates
 * from data the server validated, so zod is loaded once the page is interactive, for what is
 * validated later (API answers, events, stored copies), unless one of those asked for it sooner.
 * A page the browser renders alone reads stored copies (the settings) in its first render, which
 * are checked with zod: the returned promise says when to render it.
 */
export function loadZodFor(serverRendered: boolean): Promise<unknown> {
  const load = () => loadZod().catch((error: unknown) => console.warn('[shell] zod could not be loaded', error));
  if (!serverRendered) return load();
  void afterInteractive().then(load);
  return Promise.resolve();
}
