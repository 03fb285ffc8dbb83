import { apiRequest, calls, CHAT_STREAM_ROUTE, chatMessageSchema, chatRemovedEventSchema, loadZod, restUrl, type ChatMessage } from '@cgg/contracts';
import { useEffect, useState } from 'react';

function merge(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, raw: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * The recent messages, then live ones from the API's Server-Sent Events stream
 * (EventSource reconnects by itself and the API replays what it missed).
 */
export function useChat(): { messages: ChatMessage[]; status: 'loading' | 'ready' | 'error'; live: boolean; add: (m: ChatMessage) => void } {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [live, setLive] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest(calls.chatMessages, {}, { signal: controller.signal }).then(
      (answer) => {
        setMessages((current) => merge(current, answer.data));
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[shell] chat messages could not be loaded', error);
        setStatus('error');
      },
    );
    let source: EventSource | null = null;
    const listen = () => {
      if (controller.signal.aborted || typeof EventSource === 'undefined') return;
      source = new EventSource(restUrl(CHAT_STREAM_ROUTE));
      source.onopen = () => setLive(true);
      source.onerror = () => setLive(false);
      source.addEventListener('message', (event) => {
        const message = parse(chatMessageSchema, (event as MessageEvent<string>).data);
        if (message) setMessages((current) => merge(current, [message]));
      });
      source.addEventListener('removed', (event) => {
        const removed = parse(chatRemovedEventSchema, (event as MessageEvent<string>).data);
        if (removed) setMessages((current) => current.filter((m) => m.id !== removed.id));
      });
    };
    // Streamed messages are checked with zod as they come: the stream opens once it is on the page
    // (@cgg/contracts, src/zod/; it is usually there already: the request above asked for it).
    void loadZod().then(listen, (error: unknown) => {
      console.warn('[shell] the live chat could not start', error);
      setLive(false);
    });
    return () => {
      controller.abort();
      source?.close();
    };
  }, []);

  return { messages, status, live, add: (m) => setMessages((current) => merge(current, [m])) };
}
