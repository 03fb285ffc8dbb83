import { readFileSync } from 'node:fs';
import { applicationDefault, cert, deleteApp, initializeApp, type ServiceAccount } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { FeedConfig } from './feed-config.ts';
import type { FeedWriter } from './feed-publisher.ts';

function serviceAccount(value: string): ServiceAccount {
  const json = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  return JSON.parse(json) as ServiceAccount;
}

/**
 * Writes feed records with firebase-admin. The SDK queues writes while offline and
 * would resolve them whenever the database comes back; the publisher wants to know
 * now, so a write while disconnected is refused at once, and one that takes longer
 * than `timeoutMs` counts as failed (the deterministic key makes the retry harmless).
 */
export function createFirebaseFeedWriter(config: Exclude<FeedConfig, { mode: 'off' }>, timeoutMs = 5000): FeedWriter {
  // An emulator URL (http://) makes the SDK authenticate as "owner" by itself: no credential.
  const options = config.mode === 'firebase'
    ? { databaseURL: config.databaseUrl, credential: config.serviceAccount ? cert(serviceAccount(config.serviceAccount)) : applicationDefault() }
    : { databaseURL: config.databaseUrl, projectId: config.namespace };
  const app = initializeApp(
    options,
    `cgg-instant-win-feed-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  const db = getDatabase(app);
  let connected = false;
  const onConnected: Array<() => void> = [];
  const info = db.ref('.info/connected');
  info.on('value', (snap) => {
    connected = snap.val() === true;
    if (connected) for (const wake of onConnected.splice(0)) wake();
  });
  const waitConnected = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      onConnected.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const node = db.ref(config.path);

  return {
    async write(key, record) {
      // Just started or reconnecting: give the connection a moment before calling it down.
      if (!connected) await waitConnected(Math.min(timeoutMs, 1500));
      if (!connected) throw new Error(`the Realtime Database at ${config.mode === 'emulator' ? config.host : config.databaseUrl} is not connected`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`write not acknowledged within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([node.child(key).set(record), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      info.off();
      await deleteApp(app);
    },
  };
}
