import path from 'node:path';
import { FEED_RULES_FILE, readFeedRules } from './feed-rules-file.ts';
import { startLocalFeedDatabase } from './local-feed-database.ts';
import { readConfig, readLocalFeedDatabaseConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';

/**
 * The local live feed of `npm start` (and shop-api's `rtdb` script), with the project's rules:
 * RTDB_PORT (9000) on 127.0.0.1; RTDB_SECRET ("owner", what firebase-admin presents to a local
 * database) is the admin credential the API's publisher writes with.
 */
const { port, secret } = readLocalFeedDatabaseConfig();
const log = createLogger({ level: readConfig().logLevel }).child({ component: 'rtdb' });
const address = '127.0.0.1';
const database = startLocalFeedDatabase({
  port,
  address,
  name: `${address}:${port}`,
  secret,
  rules: readFeedRules(),
});
log.info(`local Realtime Database on ${address}:${port} with the rules of ${path.relative(process.cwd(), FEED_RULES_FILE)}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void database.close().finally(() => process.exit(0));
  });
}
