/**
 * The browser's runtime configuration (GET /runtime-config.json), from the environment,
 * so one shell build talks to the local Realtime Database or a real Firebase project.
 *
 * - FIREBASE_DATABASE_URL (https://<db>.firebaseio.com or ...firebasedatabase.app), with
 *   optional FIREBASE_API_KEY / FIREBASE_PROJECT_ID / FIREBASE_APP_ID (passed along; the
 *   browser's client signs in to nothing, the feed's rules are public): a real project.
 * - otherwise RTDB_PORT (default 9000): the local firebase-server (docs/decisions.md#live-feed-through-an-outbox). It is
 *   WebSocket-only: the databaseURL names the namespace and `emulator` where the browser's
 *   WebSocket goes (RTDB_PUBLIC_HOST (127.0.0.1), RTDB_PORT).
 * - INSTANT_WIN_FEED=off switches the pop-up off. INSTANT_WIN_FEED_PATH names the node.
 */
export function instantWinFeedConfig(env = process.env) {
  if (env.INSTANT_WIN_FEED === 'off') return null;
  const path = (env.INSTANT_WIN_FEED_PATH || 'instant_wins').replace(/^\/+|\/+$/g, '');
  if (env.FIREBASE_DATABASE_URL) {
    const optional = { apiKey: env.FIREBASE_API_KEY, projectId: env.FIREBASE_PROJECT_ID, appId: env.FIREBASE_APP_ID };
    const extra = Object.fromEntries(Object.entries(optional).filter(([, v]) => v));
    return { databaseURL: env.FIREBASE_DATABASE_URL, path, ...extra };
  }
  return {
    databaseURL: `https://${env.RTDB_NAMESPACE || 'cgg-local'}.firebaseio.com`,
    path,
    emulator: { host: rtdbPublicHost(env), port: Number(env.RTDB_PORT || 9000) },
  };
}

/** Host the browser reaches the local database on. */
export const rtdbPublicHost = (env = process.env) => env.RTDB_PUBLIC_HOST || '127.0.0.1';

/** WebSocket origins the CSP must allow for the feed. */
export function feedConnectOrigins(env = process.env) {
  if (env.RTDB_URL) return [env.RTDB_URL];
  const feed = instantWinFeedConfig(env);
  if (feed?.emulator) return [`ws://${feed.emulator.host}:${feed.emulator.port}`];
  return [];
}

export function runtimeConfig(env = process.env) {
  return { instantWinFeed: instantWinFeedConfig(env) };
}
