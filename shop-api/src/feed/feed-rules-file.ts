import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's Realtime Database rules: the file deployed to the real database and loaded by the local one. */
export const FEED_RULES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'firebase', 'database.rules.json');

export const readFeedRules = (): { rules: object } => JSON.parse(readFileSync(FEED_RULES_FILE, 'utf8'));
