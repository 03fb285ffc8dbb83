import type { InstantWinFeedConfig } from './feed-config.ts';
import type { FeedSource } from './instant-win-feed-source.ts';
import type { InstantWinRecord } from './instant-win-record.ts';
import { connectRtdb, type RtdbAddress, type RtdbDataMessage } from './rtdb-connection.ts';

/**
 * Where the feed's database listens: the local one (firebase-server) at the emulator's host and
 * port over ws://, a Firebase project at its databaseURL's host over wss://. The namespace is the
 * URL's `ns` parameter, else its first host label (`cgg-local` of https://cgg-local.firebaseio.com).
 */
export function rtdbAddress(config: InstantWinFeedConfig): RtdbAddress {
  const url = new URL(config.databaseURL);
  const namespace = url.searchParams.get('ns') ?? url.hostname.split('.')[0] ?? '';
  if (config.emulator) return { host: `${config.emulator.host}:${config.emulator.port}`, secure: false, namespace };
  return { host: url.host, secure: url.protocol === 'https:', namespace };
}

/** Firebase's key order: 32-bit integer keys first, by value, then the rest as strings. */
function byKey(a: string, b: string): number {
  const int = (k: string) => (/^(0|-?[1-9]\d{0,9})$/.test(k) && Math.abs(Number(k)) <= 2 ** 31 ? Number(k) : null);
  const [x, y] = [int(a), int(b)];
  if (x !== null && y !== null) return x - y;
  if (x !== null) return -1;
  if (y !== null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The feed: each record added under the node is announced once, as the SDK's onChildAdded did
 * (the ones already there first, in key order), and `remove` deletes it. Records are written
 * whole by the API (firebase-admin `set`) and only ever deleted, so the data read is the node
 * itself (all its records), one record set or deleted, or a merge of records; a change deeper
 * inside a record is not an arrival. After a reconnect the node is read again and only records
 * not seen before are announced.
 */
export function rtdbFeedSource(config: InstantWinFeedConfig, WebSocketImpl?: typeof WebSocket): FeedSource {
  const node = config.path.replace(/^\/+|\/+$/g, '');
  return (onArrival) => {
    const known = new Set<string>();
    const arrive = (key: string, record: unknown) => {
      if (known.has(key)) return;
      known.add(key);
      onArrival({
        key,
        record: record as InstantWinRecord | null,
        remove: () => {
          connection.put(`${node}/${key}`, null).catch((error: unknown) => console.warn('[shell] could not delete an instant-win record', error));
        },
      });
    };
    const setChild = (key: string, value: unknown) => {
      if (value === null) known.delete(key);
      else arrive(key, value);
    };
    const onData = ({ action, path, data }: RtdbDataMessage) => {
      const under = path === node ? '' : path.startsWith(`${node}/`) ? path.slice(node.length + 1) : null;
      if (under === null) return;
      const children = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
      if (under === '' && action === 'd') {
        for (const key of [...known]) if (!(key in children)) known.delete(key);
        for (const key of Object.keys(children).sort(byKey)) arrive(key, children[key]);
      } else if (under === '') {
        for (const key of Object.keys(children).sort(byKey)) if (!key.includes('/')) setChild(key, children[key]);
      } else if (!under.includes('/') && action === 'd') {
        setChild(under, data);
      }
    };
    const connection = connectRtdb(rtdbAddress(config), onData, WebSocketImpl);
    connection.listen(node);
    return () => connection.close();
  };
}
