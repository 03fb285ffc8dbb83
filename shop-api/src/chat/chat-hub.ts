import type { ChatMessage } from '@cgg/contracts';
import type pg from 'pg';
import { createClient } from '../db/pool.ts';
import type { Logger } from '../lib/logger.ts';

export type ChatEvent = { type: 'message'; message: ChatMessage } | { type: 'removed'; id: number };
type Listener = (event: ChatEvent) => void;

export const CHAT_CHANNEL = 'chat_events';
/** How soon a hub that lost its LISTEN connection tries again (while anyone is subscribed). */
const RETRY_MS = 1000;

/**
 * One PostgreSQL LISTEN connection per API instance, fanned out to that instance's
 * browsers. The chat_messages trigger NOTIFYs on every insert and removal, so posts
 * through any instance (and removals from the CLI) reach every open stream.
 */
export class ChatHub {
  private readonly listeners = new Set<Listener>();
  /**
   * Open streams end when the instance shuts down, so closing the server never waits on them, and
   * when the LISTEN connection drops, so browsers reconnect and are sent what they missed.
   */
  private readonly shutdowns = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly log?: Logger,
  ) {}

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
    const client = createClient(this.clientConfig, 'shop-api chat listener', () => this.lost(client), this.log);
    client.on('notification', (n) => {
      if (n.channel !== CHAT_CHANNEL || !n.payload) return;
      const event = parseEvent(n.payload);
      if (event) for (const listener of this.listeners) listener(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHAT_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  /**
   * The LISTEN connection dropped (createClient has logged it). Whatever was posted until we
   * listen again would never reach the open streams, so they are ended: each browser's
   * EventSource reconnects with the last id it saw, and the stream route replays what it missed.
   * Meanwhile the hub tries to listen again every RETRY_MS while anyone is subscribed.
   */
  private lost(client: pg.Client): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    for (const end of [...this.shutdowns]) end();
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed || this.listeners.size === 0) return; // the next subscriber listens again
      this.ensureListening().catch(() => this.retryLater());
    }, RETRY_MS);
    this.retryTimer.unref();
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
