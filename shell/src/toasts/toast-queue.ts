import type { EventPayload } from '@cgg/contracts';

export type Toast = EventPayload<'shell:toast'>;
type Sink = (toast: Toast) => void;

const buffered: Toast[] = [];
let sink: Sink | null = null;

/** Hands a toast to the renderer, or keeps it until the renderer has loaded. */
export function pushToast(toast: Toast): void {
  if (sink) sink(toast);
  else buffered.push(toast);
}

/** The renderer attaches once loaded and receives what arrived before it. */
export function attachToastSink(next: Sink): () => void {
  sink = next;
  for (const toast of buffered.splice(0)) next(toast);
  return () => {
    if (sink === next) sink = null;
  };
}
