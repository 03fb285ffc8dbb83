import { createRequire } from 'node:module';
import net from 'node:net';

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** An in-process firebase-server (the local Realtime Database of npm start), optionally with rules. */
export async function startFirebaseServer(o: { rules?: object; data?: object } = {}) {
  const FirebaseServer = requireHere('firebase-server');
  const port = await freePort();
  // The name is the host the server announces in its handshake; clients reconnect to it.
  const server = new FirebaseServer({ port, address: '127.0.0.1' }, `127.0.0.1:${port}`, o.data ?? {});
  if (o.rules) server.setRules(o.rules);
  server.setAuthSecret('owner');
  return {
    port,
    host: `127.0.0.1:${port}`,
    close: (): Promise<void> => server.close(),
  };
}
