import type pg from 'pg';
import { readFeedConfig } from './feed-config.ts';
import { FeedPublisher } from './feed-publisher.ts';
import { createFirebaseFeedWriter } from './firebase-feed-writer.ts';

/** Starts this instance's publisher from the environment; null when the feed is off. */
export function startFeedPublisher(pool: pg.Pool, env: NodeJS.ProcessEnv = process.env): FeedPublisher | null {
  const config = readFeedConfig(env);
  if (config.mode === 'off') {
    console.log('[shop-api] instant-win feed off (set FIREBASE_DATABASE_URL or RTDB_PORT); wins wait in instant_win_feed_outbox');
    return null;
  }
  const publisher = new FeedPublisher({ pool, writer: createFirebaseFeedWriter(config), listen: pool.options });
  void publisher.start();
  console.log(`[shop-api] instant-win feed: publishing to ${config.mode === 'emulator' ? `${config.databaseUrl} (local)` : config.databaseUrl} /${config.path}`);
  return publisher;
}
