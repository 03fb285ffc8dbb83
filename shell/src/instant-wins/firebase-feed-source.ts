import { initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, onChildAdded, ref, remove } from 'firebase/database';
import type { InstantWinFeedConfig } from './feed-config.ts';
import type { FeedSource } from './instant-win-feed-source.ts';
import type { InstantWinRecord } from './instant-win-record.ts';

/**
 * The feed through the firebase SDK (in the pop-up's own chunk, loaded after the page
 * is interactive): onChildAdded on the node; a record is removed through its own ref.
 * firebase-server answers neither get() nor onDisconnect(), so nothing else is used.
 */
export function firebaseFeedSource(config: InstantWinFeedConfig): FeedSource {
  const { emulator, path, ...options } = config;
  const app = initializeApp(options, 'cgg-instant-wins');
  const db = getDatabase(app);
  if (emulator) connectDatabaseEmulator(db, emulator.host, emulator.port);
  const node = ref(db, path);
  return (onArrival) =>
    onChildAdded(node, (snap) => {
      onArrival({
        key: snap.key ?? '',
        record: snap.val() as InstantWinRecord | null,
        remove: () => {
          remove(snap.ref).catch((error: unknown) => console.warn('[shell] could not delete an instant-win record', error));
        },
      });
    });
}
