import { createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** Rules that allow everything: what the admin credential sees, as on the real Realtime Database. */
const OPEN_RULES = { rules: { '.read': true, '.write': true } };

interface RulesView {
  as(auth: unknown): unknown;
}
interface TargaryenDatabase {
  with(updates: { rules?: object }): RulesView;
}
interface FirebaseServerInstance {
  close(): Promise<void>;
  getPort(): number;
  setRules(rules: object): void;
  setAuthSecret(secret: string): void;
  handleConnection(ws: Socket, request?: { headers: Record<string, string | string[] | undefined> }): void;
}
type FirebaseServerClass = new (options: { port: number; address: string }, name: string, data: object) => FirebaseServerInstance;
type MessageListener = (data: unknown, ...rest: unknown[]) => void;
interface Socket {
  on(event: string, listener: MessageListener): unknown;
}

export interface LocalFeedDatabaseOptions {
  port: number;
  address: string;
  /** The host the server announces in its handshake; clients reconnect to it, so it is this server's own address. */
  name: string;
  /** The admin credential: firebase-admin presents "owner" to any local database (Realtime Database emulator convention). */
  secret: string;
  /** database.rules.json's content; without it every client may do anything (firebase-server's default). */
  rules?: object;
  data?: object;
}

export interface LocalFeedDatabase {
  port: number;
  close(): Promise<void>;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 JWT, the token format firebase-server verifies with its secret. */
function signToken(payload: object, secret: string): string {
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/**
 * firebase-server (the local Realtime Database) with the project's security rules, and with
 * the admin credential above them as on the real database.
 *
 * firebase-server answers the admin credential "ok" but then evaluates that client's reads
 * and writes as a signed-out visitor, so with rules loaded the API's publisher (firebase-admin)
 * could not write. Here a connection that presents the secret is given, in its place, a token
 * whose auth carries this server's random admin marker, and every rule check made for that
 * auth runs against open rules. Every other client gets the loaded rules unchanged, and so
 * does a browser's connection (it carries Origin) even with the secret: the secret is the
 * Firebase emulator's public "owner", and a web page must never write the feed.
 */
export function startLocalFeedDatabase(options: LocalFeedDatabaseOptions): LocalFeedDatabase {
  const FirebaseServer = requireHere('firebase-server') as FirebaseServerClass;
  const marker = randomBytes(16).toString('hex');
  const isAdmin = (auth: unknown) => (auth as { cgg_local_admin?: unknown } | null | undefined)?.cgg_local_admin === marker;
  const now = Math.floor(Date.now() / 1000);
  // Valid from a minute ago (clock skew) for ten years: the server checks it on every operation.
  const adminToken = signToken({ d: { uid: 'local-admin', cgg_local_admin: marker }, iat: now - 60, exp: now + 10 * 365 * 24 * 3600 }, options.secret);

  /** The admin's sign-in message with its credential swapped for the admin token; any other message as it came. */
  const elevateAdminSignIn = (data: unknown): unknown => {
    let message: { t?: unknown; d?: { a?: unknown; b?: { cred?: unknown } } };
    try {
      message = JSON.parse(String(data));
    } catch {
      return data; // a frame count or a fragment
    }
    const isSignIn = message?.t === 'd' && (message.d?.a === 'auth' || message.d?.a === 'gauth');
    if (!isSignIn || message.d?.b?.cred !== options.secret) return data;
    return JSON.stringify({ ...message, d: { ...message.d, b: { ...message.d!.b, cred: adminToken } } });
  };

  const DATA = Symbol('rule database');
  let rules: object = OPEN_RULES;

  class RulesFirebaseServer extends FirebaseServer {
    declare [DATA]: TargaryenDatabase;

    /** firebase-server keeps its rule evaluator (data + rules) here and replaces it after each write. */
    set targaryen(database: TargaryenDatabase) {
      this[DATA] = database;
    }

    get targaryen(): { as(auth: unknown): unknown } {
      const database = this[DATA];
      return { as: (auth) => database.with({ rules: isAdmin(auth) ? OPEN_RULES : rules }).as(auth) };
    }

    override setRules(newRules: object) {
      rules = newRules;
    }

    override handleConnection(ws: Socket, request?: { headers: Record<string, string | string[] | undefined> }) {
      // A browser always sends Origin and cannot leave it out; firebase-admin sends none. So no web
      // page (not even one with a script injected) becomes the admin, whatever credential it shows.
      if (!request?.headers.origin) {
        const on = ws.on.bind(ws);
        ws.on = (event, listener) => on(event, event === 'message' ? (data, ...rest) => listener(elevateAdminSignIn(data), ...rest) : listener);
      }
      super.handleConnection(ws, request);
    }
  }

  const server = new RulesFirebaseServer({ port: options.port, address: options.address }, options.name, options.data ?? {});
  if (options.rules) server.setRules(options.rules);
  server.setAuthSecret(options.secret);
  return { port: options.port, close: () => server.close() };
}
