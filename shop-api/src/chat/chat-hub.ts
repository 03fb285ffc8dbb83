import type { ChatMessage } from '@cgg/contracts';
import pg from 'pg';

export type ChatEvent = { type: 'message'; message: ChatMessage } | { type: 'removed'; id: number };
type Listener = (event: ChatEvent) => void;

export const CHAT_CHANNEL = 'chat_events';

/**
 * One PostgreSQL LISTEN connection per API instance, fanned out to that instance's
 * browsers. The chat_messages trigger NOTIFYs on every insert and removal, so posts
 * through any instance (and removals from the CLI) reach every open stream.
 */
export class ChatHub {
  private readonly listeners = new Set<Listener>();
  /** Open streams end when the instance shuts down, so closing the server never waits on them. */
  private readonly shutdowns = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly clientConfig: pg.ClientConfig) {}

  /** Resolves once this instance is listening, so nothing posted after it is missed. */
  async subscribe(listener: Listener, onShutdown: () => void = () => {}): Promise<() => void> {
    this.listeners.add(listener);
    this.shutdowns.add(onShutdown);
    const unsubscribe = () => {
      this.listeners.delete(listener);
      this.shutdowns.delete(onShutdown);
    };
    try {
      await this.ensureListening();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  get size(): number {
    return this.listeners.size;
  }

  private ensureListening(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    client.on('notification', (n) => {
      if (n.channel !== CHAT_CHANNEL || !n.payload) return;
      const event = parseEvent(n.payload);
      if (event) for (const listener of this.listeners) listener(event);
    });
    client.on('error', (err) => {
      if (this.closed) return;
      console.error('[shop-api] chat listener lost its database connection:', err.message);
      this.client = null;
      client.end().catch(() => {});
      // Streams stay open; listening resumes shortly.
      this.retryTimer ??= setTimeout(() => {
        this.retryTimer = null;
        if (this.listeners.size > 0) void this.ensureListening().catch(() => {});
      }, 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHAT_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.listeners.clear();
    for (const end of [...this.shutdowns]) end();
    this.shutdowns.clear();
    await this.connecting?.catch(() => {});
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}

function parseEvent(payload: string): ChatEvent | null {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    if (raw.type === 'removed' && typeof raw.id === 'number') return { type: 'removed', id: raw.id };
    if (raw.type === 'message' && typeof raw.id === 'number') {
      return {
        type: 'message',
        message: { id: raw.id, author: String(raw.author), message: String(raw.message), created_at: String(raw.created_at) },
      };
    }
  } catch {
    // not ours
  }
  return null;
}
