// The shell's server runs this under tsx, outside the browser build's tsconfig: JSX as React's automatic runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { memoryStorage, primeSiteContentCaches, SERVER_RENDER_KEY, type CallName, type PageDataEntry, type ServerRender } from '@cgg/contracts';
import { slimPageDataEntry } from '@cgg/contracts/page-data-slim';
import { RemoteLoaderContext } from '../../src/federation/remote-loader-context.ts';
import { SiteRoutes } from '../../src/routes/router.tsx';

/** A render that has not finished by then is abandoned: the browser renders the page. */
export const RENDER_TIMEOUT_MS = 3000;
/** Rounds of "render, fetch what was missing": a page's reads rarely depend on each other. */
const MAX_PASSES = 3;

// One store for every render: the contracts' code of the shell and of each remote finds the
// current request's data through it (contracts' server-render.ts).
const renders = new AsyncLocalStorage<ServerRender>();
(globalThis as Record<symbol, unknown>)[SERVER_RENDER_KEY] = renders;

export interface PageRenderOptions {
  url: URL;
  /** The answers already read for the page (its head's); the render adds what it needed. */
  entries: PageDataEntry[];
  /** Their read time, which the page's countdowns show. */
  at: number;
  /** Loads an exposed module of a remote's server build (remote-server-modules.mjs). */
  loadRemote: (id: string) => Promise<unknown>;
  /** Reads one public call for the page; undefined when the API did not answer. */
  read: (call: CallName, payload: unknown) => Promise<unknown>;
  log?: Pick<Console, 'warn'>;
}

/** The app's tree at a URL, as HTML, once every part has rendered (or failed into its fallback). */
function renderTree(tree: ReactNode, log: Pick<Console, 'warn'>): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      onAllReady: () => stream.pipe(sink),
      // Everything inline, in place: React would otherwise move large finished parts to the end
      // of the stream with a script to put them back, which needs JavaScript (and our CSP nonce).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      // A part that fails (a remote's server build down) is left to the browser: its Suspense
      // fallback goes in the HTML and the browser renders it there.
      onError: (error) => log.warn(`[shell] server render: a part is left to the browser (${error instanceof Error ? error.message : String(error)})`),
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

/**
 * Renders the whole page (shell layout and the remote's page, through federation) with React's
 * streaming renderer. The data comes from the page's answers: a render that asked for something
 * they lack (contracts' `want`) is followed by a read of it and another render. Returns the HTML
 * for `#root` and every answer it used, or null when the page cannot be rendered here (the
 * browser then renders it, as before).
 */
export async function renderPage({ url, entries: headEntries, at, loadRemote, read, log = console }: PageRenderOptions): Promise<{ html: string; entries: PageDataEntry[] } | null> {
  const entries = [...headEntries];
  const tried = new Set<string>();
  for (let pass = 1; ; pass += 1) {
    const wanted = new Map<string, { call: CallName; payload: unknown }>();
    const storage = memoryStorage();
    primeSiteContentCaches({ storage, now: () => at }, entries);
    const render: ServerRender = {
      at,
      origin: url.origin,
      entries,
      storage,
      want: (call, payload) => {
        const key = JSON.stringify([call, payload ?? null]);
        if (!tried.has(key)) wanted.set(key, { call, payload: payload ?? null });
      },
    };
    // A new loader each render: the shell caches one lazy component per loader, and a remote
    // redeployed since the last request must render its new code.
    const loader = (id: string) => loadRemote(id);
    // The same routes the browser hydrates with (its BrowserRouter), at the request's location.
    const tree = (
      <RemoteLoaderContext.Provider value={loader}>
        <StaticRouter location={url.pathname + url.search}>
          <SiteRoutes />
        </StaticRouter>
      </RemoteLoaderContext.Provider>
    );
    const html = await renders.run(render, () => renderTree(tree, log));
    if (wanted.size === 0 || pass === MAX_PASSES) return { html, entries };
    const answers = await Promise.all(
      [...wanted].map(async ([key, { call, payload }]) => {
        tried.add(key);
        const response = await read(call, payload);
        // Slimmed before the render uses it: the HTML and the browser's hydration use the same data.
        return response === undefined || response === null ? null : slimPageDataEntry({ call, payload, response } satisfies PageDataEntry);
      }),
    );
    for (const answer of answers) if (answer) entries.push(answer);
  }
}
