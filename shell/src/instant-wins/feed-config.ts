/** The feed part of GET /runtime-config.json (shell/server/runtime-config.mjs). */
export interface InstantWinFeedConfig {
  databaseURL: string;
  path: string;
  apiKey?: string;
  projectId?: string;
  appId?: string;
  /** The local database (firebase-server): the WebSocket goes to host:port over ws://. */
  emulator?: { host: string; port: number };
}

function parse(body: unknown): InstantWinFeedConfig | null {
  const feed = (body as { instantWinFeed?: unknown } | null)?.instantWinFeed as Partial<InstantWinFeedConfig> | null | undefined;
  if (!feed || typeof feed.databaseURL !== 'string' || typeof feed.path !== 'string') return null;
  const e = feed.emulator;
  const emulator = e && typeof e.host === 'string' && Number.isInteger(e.port) ? { host: e.host, port: e.port } : undefined;
  const optional = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    databaseURL: feed.databaseURL,
    path: feed.path,
    ...(emulator ? { emulator } : {}),
    ...(optional(feed.apiKey) ? { apiKey: feed.apiKey } : {}),
    ...(optional(feed.projectId) ? { projectId: feed.projectId } : {}),
    ...(optional(feed.appId) ? { appId: feed.appId } : {}),
  };
}

/** null when the feed is off or the document cannot be read (the site works without the pop-up). */
export async function loadFeedConfig(fetchImpl: typeof fetch = fetch): Promise<InstantWinFeedConfig | null> {
  try {
    const res = await fetchImpl('/runtime-config.json', { cache: 'no-store' });
    // No runtime document (a bare static host, the component tests): no pop-up, nothing to report.
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET /runtime-config.json answered ${res.status}`);
    return parse(await res.json());
  } catch (error) {
    console.error('[shell] instant-win feed unavailable', error);
    return null;
  }
}
