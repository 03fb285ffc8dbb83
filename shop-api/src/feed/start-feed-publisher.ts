import type pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import type { FeedConfig } from './feed-config.ts';
import { FeedPublisher } from './feed-publisher.ts';
import { createFirebaseFeedWriter } from './firebase-feed-writer.ts';

/** Starts this instance's publisher (config.ts read the feed's settings); null when the feed is off. */
export function startFeedPublisher(pool: pg.Pool, config: FeedConfig, log: Logger): FeedPublisher | null {
  if (config.mode === 'off') {
    log.info('instant-win feed off (set FIREBASE_DATABASE_URL or RTDB_PORT); wins wait in instant_win_feed_outbox');
    return null;
  }
  const publisher = new FeedPublisher({ pool, writer: createFirebaseFeedWriter(config), listen: pool.options, log: (m) => log.warn(m) });
  void publisher.start();
  log.info(`instant-win feed: publishing to ${config.mode === 'emulator' ? `${config.databaseUrl} (local)` : config.databaseUrl} /${config.path}`);
  return publisher;
}
