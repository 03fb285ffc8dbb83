/** A remote's manifest is read again after this long, so a redeployed remote's new files are preloaded. */
const defaultTtlMs = 30_000;
const defaultTimeoutMs = 800;

/**
 * The files the first screen of a remote's page needs, for `<link rel="preload">` in the
 * page's head: the remote's federation manifest, its entry, and the exposed module's own
 * scripts and styles. Without them the browser discovers each one only after the one before
 * has run (shell, manifest, entry, module), one round trip after another on a phone.
 * Read from the remote's mf-manifest.json (cached briefly); a remote that does not answer
 * just gets no preloads.
 */
export function createRemotePreloads({ remotes, ttlMs = defaultTtlMs, timeoutMs = defaultTimeoutMs, now = Date.now, fetchImpl = fetch }) {
  const manifests = new Map();

  function manifest(entry) {
    const hit = manifests.get(entry);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = fetchImpl(entry, { signal: AbortSignal.timeout(timeoutMs) })
      .then((res) => (res.ok ? res.json() : undefined))
      .catch(() => undefined);
    manifests.set(entry, { at: now(), value });
    return value;
  }

  /**
   * Styles of the module's lazy parts come flagged `lazy`: a server-rendered page links them all
   * (its HTML already holds those parts), a browser-rendered one preloads only the first screen's.
   * @returns {Promise<{ href: string, as: 'fetch' | 'script' | 'style', lazy?: boolean }[]>}
   */
  return async function preloadsFor(owner, module) {
    const remote = remotes.find((r) => r.name === owner);
    if (!remote || !module) return [];
    const doc = await manifest(remote.entry);
    const exposed = doc?.exposes?.find((e) => e.path === module);
    if (!exposed) return [];
    // publicPath "auto": files sit beside the manifest.
    const base = new URL('.', remote.entry);
    const file = (name) => new URL(name, base).toString();
    const entry = doc.metaData?.remoteEntry;
    return [
      { href: remote.entry, as: 'fetch' },
      ...(entry?.name ? [{ href: file(`${entry.path ? `${entry.path}/` : ''}${entry.name}`), as: 'script' }] : []),
      ...(exposed.assets?.js?.sync ?? []).map((name) => ({ href: file(name), as: 'script' })),
      ...(exposed.assets?.css?.sync ?? []).map((name) => ({ href: file(name), as: 'style' })),
      ...(exposed.assets?.css?.async ?? []).map((name) => ({ href: file(name), as: 'style', lazy: true })),
    ];
  };
}
