import { createRequire } from 'node:module';
import { startLocalFeedDatabase } from './local-feed-database.ts';
import { freePort } from '../test/free-port.ts';

const requireHere = createRequire(import.meta.url);

interface RuleResult {
  allowed: boolean;
  info: string;
}
/** The part of targaryen's API the rules test uses. */
export interface RulesDatabase {
  with(options: { debug: boolean }): RulesDatabase;
  as(auth: object | null): RulesDatabase;
  read(path: string): RuleResult;
  write(path: string, value: unknown): RuleResult;
  update(path: string, patch: Record<string, unknown>): RuleResult;
}

/** targaryen, the rules evaluator firebase-server itself uses (a dependency of firebase-server, not of ours). */
export function loadTargaryen(): { database(rules: object, data: object): RulesDatabase } {
  return createRequire(requireHere.resolve('firebase-server/package.json'))('targaryen');
}

/** An in-process local Realtime Database as npm start runs it (admin secret "owner"), optionally with rules. */
export async function startFirebaseServer(o: { rules?: object; data?: object } = {}) {
  const port = await freePort();
  // The name is the host the server announces in its handshake; clients reconnect to it.
  const server = startLocalFeedDatabase({ port, address: '127.0.0.1', name: `127.0.0.1:${port}`, secret: 'owner', rules: o.rules, data: o.data });
  return {
    port,
    host: `127.0.0.1:${port}`,
    close: (): Promise<void> => server.close(),
  };
}
