import vm from 'node:vm';
import { createInstance } from '@module-federation/enhanced/runtime';

/** How often a remote's server entry is checked for a new release (a conditional GET). */
export const ENTRY_RECHECK_MS = 1000;
/** A remote slow to answer is rendered in the browser instead. */
export const ENTRY_TIMEOUT_MS = 1500;

/** A remote's server entry, beside its browser build: `<base>/server/remoteEntry.js`. */
export function serverEntryUrl(manifestUrl) {
  return new URL('server/remoteEntry.js', manifestUrl).toString();
}

/**
 * Runs a remote's server entry (CommonJS, remote-server-config.mjs) in this process and answers its
 * federation container. `require` is this server's: the entry only asks for Node built-ins.
 */
function evaluateEntry(source, name, url) {
  const wrapper = vm.runInThisContext(`(function (module, exports, require) {${source}\n})`, { filename: url });
  const module = { exports: {} };
  wrapper(module, module.exports, (id) => {
    throw new Error(`${url} asked for "${id}": a server entry must bundle everything but the shared libraries`);
  });
  return module.exports[name] ?? module.exports;
}

/**
 * Exposed modules of remotes' server builds, loaded at run time over HTTP, the way the browser
 * loads their browser builds (docs/decisions.md#server-rendering-through-federation):
 *
 * - Each remote's entry is fetched and evaluated once per release. At most every ENTRY_RECHECK_MS
 *   a conditional GET asks whether it changed; a new ETag starts a fresh federation instance, so
 *   a redeployed remote renders its new code on the next request, with no shell restart.
 * - Shared libraries are this server's own (`shared`), so a remote's components use the same
 *   React as the renderer.
 * - Any failure (remote down, timeout, an entry that throws) rejects `load`; the caller renders
 *   that slot in the browser.
 *
 * @param {{ remotes: { name: string, entry: string }[], shared: Record<string, object>, fetch?: typeof fetch, now?: () => number }} options
 *   remotes: name and manifest URL (the runtime document); shared: federation `shared` with `lib`s
 */
export function createRemoteServerModules({ remotes, shared, fetch: fetchImpl = fetch, now = Date.now }) {
  /** @type {Map<string, { etag: string | null, checkedAt: number, instance: object, modules: Map<string, Promise<unknown>> }>} */
  const releases = new Map();
  const checks = new Map();
  const byName = new Map(remotes.map((r) => [r.name, serverEntryUrl(r.entry)]));

  async function fetchEntry(url, etag) {
    const res = await fetchImpl(url, { headers: etag ? { 'If-None-Match': etag } : {}, signal: AbortSignal.timeout(ENTRY_TIMEOUT_MS) });
    if (res.status === 304) return null;
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return { source: await res.text(), etag: res.headers.get('etag') };
  }

  let releaseCount = 0;
  function newRelease(name, url, source, etag) {
    const container = evaluateEntry(source, name, url);
    releaseCount += 1;
    const instance = createInstance({
      name: `shell_server_${name}_${releaseCount}`,
      // The federation runtime keeps entries by URL process-wide: each release is its own URL.
      remotes: [{ name, entry: `${url}#release-${releaseCount}` }],
      shared,
      plugins: [{ name: 'evaluated-server-entry', loadEntry: () => container }],
    });
    return { etag, checkedAt: now(), instance, modules: new Map() };
  }

  /** The current release of a remote: checked for a new one at most every ENTRY_RECHECK_MS. */
  async function release(name) {
    const url = byName.get(name);
    if (!url) throw new Error(`unknown remote "${name}"`);
    const known = releases.get(name);
    if (known && now() - known.checkedAt < ENTRY_RECHECK_MS) return known;
    if (!checks.has(name)) {
      const check = (async () => {
        const fetched = await fetchEntry(url, known?.etag ?? null);
        if (!fetched && known) {
          known.checkedAt = now();
          return known;
        }
        if (!fetched) throw new Error(`${url} answered 304 to a first request`);
        const next = newRelease(name, url, fetched.source, fetched.etag);
        releases.set(name, next);
        return next;
      })().finally(() => checks.delete(name));
      checks.set(name, check);
    }
    return checks.get(name);
  }

  return {
    /** An exposed module, e.g. `catalogue/HomePage`. */
    async load(id) {
      const name = id.split('/')[0];
      const current = await release(name);
      if (!current.modules.has(id)) {
        const loading = current.instance.loadRemote(id).then((module) => {
          if (!module) throw new Error(`${id} is not exposed by the server build`);
          return module;
        });
        // A failed load is not kept: the next request tries again.
        loading.catch(() => current.modules.delete(id));
        current.modules.set(id, loading);
      }
      return current.modules.get(id);
    },
  };
}
