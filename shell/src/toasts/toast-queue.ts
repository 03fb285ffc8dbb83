import type { EventPayload } from '@cgg/contracts';

export type Toast = EventPayload<'shell:toast'>;
/** A toast to show, or the id of one to close (`shell:toast-dismiss`). */
export type ToastCommand = { kind: 'show'; toast: Toast } | { kind: 'dismiss'; id: string };
type Sink = (command: ToastCommand) => void;

let buffered: ToastCommand[] = [];
let sink: Sink | null = null;

/** Hands a toast to the renderer, or keeps it until the renderer has loaded. */
export function pushToast(toast: Toast): void {
  if (sink) return sink({ kind: 'show', toast });
  // A named toast replaces a kept one of the same name (a loading toast's outcome).
  if (toast.id !== undefined) buffered = buffered.filter((c) => c.kind !== 'show' || c.toast.id !== toast.id);
  buffered.push({ kind: 'show', toast });
}

/** Closes the named toast; one still waiting for the renderer is simply dropped. */
export function dismissToast(id: string): void {
  if (sink) return sink({ kind: 'dismiss', id });
  buffered = buffered.filter((c) => c.kind !== 'show' || c.toast.id !== id);
}

/** The renderer attaches once loaded and receives what arrived before it. */
export function attachToastSink(next: Sink): () => void {
  sink = next;
  const waiting = buffered;
  buffered = [];
  for (const command of waiting) next(command);
  return () => {
    if (sink === next) sink = null;
  };
}

/**
 * The renderer could not be loaded: what was kept for it is dropped, as it belonged to a moment
 * that has passed (shown with a later toast, an old "Added to your basket" would mislead).
 */
export function dropWaitingToasts(): void {
  buffered = [];
}

/** Tests only: forget kept toasts and the renderer. */
export function resetToastQueueForTests(): void {
  buffered = [];
  sink = null;
}
