import { DEFAULT_FEED_PATH } from './feed-record.ts';

/** Where the live feed goes, from the environment (README "Live instant-win feed"); read by config.ts with the rest. */
export type FeedConfig =
  | { mode: 'off'; path: string }
  | { mode: 'emulator'; path: string; databaseUrl: string; namespace: string; host: string }
  | { mode: 'firebase'; path: string; databaseUrl: string; serviceAccount: string | undefined };

/**
 * - FIREBASE_DATABASE_URL (https://<db>.firebaseio.com or ...firebasedatabase.app): a real
 *   project; credentials from FIREBASE_SERVICE_ACCOUNT (the key JSON itself or a path to
 *   it), else Google application default credentials (GOOGLE_APPLICATION_CREDENTIALS).
 * - Otherwise FIREBASE_DATABASE_EMULATOR_HOST (host:port) or RTDB_PORT (127.0.0.1): the
 *   local database (firebase-server, started by npm start) in namespace RTDB_NAMESPACE
 *   (cgg-local). firebase-admin authenticates to an emulator with the fixed token
 *   "owner", so the local server runs with `--secret owner`.
 * - Neither: the feed is off (wins still queue in the outbox).
 * INSTANT_WIN_FEED_PATH names the node (instant_wins).
 */
export function readFeedConfig(env: NodeJS.ProcessEnv): FeedConfig {
  const path = (env.INSTANT_WIN_FEED_PATH || DEFAULT_FEED_PATH).replace(/^\/+|\/+$/g, '');
  if (!/^[\w-]+(\/[\w-]+)*$/.test(path)) throw new Error(`INSTANT_WIN_FEED_PATH is not a database path: ${env.INSTANT_WIN_FEED_PATH}`);
  if (env.FIREBASE_DATABASE_URL) {
    const url = new URL(env.FIREBASE_DATABASE_URL);
    if (url.protocol !== 'https:') throw new Error('FIREBASE_DATABASE_URL must be an https:// Realtime Database URL');
    return { mode: 'firebase', path, databaseUrl: url.toString().replace(/\/$/, ''), serviceAccount: env.FIREBASE_SERVICE_ACCOUNT || undefined };
  }
  const host = env.FIREBASE_DATABASE_EMULATOR_HOST || (env.RTDB_PORT ? `127.0.0.1:${env.RTDB_PORT}` : '');
  if (host) {
    if (!/^[\w.-]+:\d{1,5}$/.test(host)) throw new Error(`the local Realtime Database address (${env.FIREBASE_DATABASE_EMULATOR_HOST ? 'FIREBASE_DATABASE_EMULATOR_HOST' : 'RTDB_PORT'}) must be host:port, got ${host}`);
    const namespace = env.RTDB_NAMESPACE || 'cgg-local';
    return { mode: 'emulator', path, host, namespace, databaseUrl: `http://${host}?ns=${namespace}` };
  }
  return { mode: 'off', path };
}
