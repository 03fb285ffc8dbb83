import type { CallName } from '../api/calls.ts';
import type { PageDataEntry } from './page-data.ts';
import type { CacheStorage } from './timed-local-cache.ts';

/**
 * What one server render of a page knows (docs/decisions.md#server-rendering-through-federation):
 * the shell's server renders the shell and a remote's page in one React tree, and their code
 * (each app with its own copy of this package) reads the request's data from here instead of
 * the browser's document and storage:
 *
 * - `entries`: the public API answers read for the page, the same that travel in its HTML as
 *   page data, so the browser's first render (hydration) uses exactly what the server used;
 * - `storage`: the site-content caches, primed from those answers (a localStorage stand-in);
 * - `at`: when they were read, the clock every countdown shows on the server and while hydrating;
 * - `want`: a read the page needed and did not find; the server fetches it and renders again.
 *
 * The server keeps one per request in an AsyncLocalStorage it puts at a global symbol, so this
 * file imports nothing from Node and runs in browsers unchanged (there it answers undefined).
 */
export interface ServerRender {
  at: number;
  origin: string;
  entries: readonly PageDataEntry[];
  storage: CacheStorage;
  want(call: CallName, payload: unknown): void;
}

export const SERVER_RENDER_KEY = Symbol.for('cgg.server-render');

interface RenderStore {
  getStore(): ServerRender | undefined;
}

/** The render in progress on the server, or undefined (in a browser, or outside a render). */
export function serverRender(): ServerRender | undefined {
  return (globalThis as { [SERVER_RENDER_KEY]?: RenderStore })[SERVER_RENDER_KEY]?.getStore();
}
