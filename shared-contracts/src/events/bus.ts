import { eventContracts, type EventInput, type EventName, type EventPayload } from './contracts.ts';

/**
 * Typed DOM CustomEvents on window. The sender's payload is not trusted: a remote
 * released by another team may send an old shape, so every receiver validates and
 * drops (and logs) what does not match instead of crashing.
 */
export function emit<N extends EventName>(name: N, payload: EventInput<N>, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent(name, { detail: payload }));
}

export function on<N extends EventName>(
  name: N,
  handler: (payload: EventPayload<N>) => void,
  target: EventTarget = window,
): () => void {
  const schema = eventContracts[name].schema;
  const listener = (event: Event) => {
    const parsed = schema.safeParse((event as CustomEvent<unknown>).detail);
    if (!parsed.success) {
      console.warn(`[contracts] ignored ${name} with a bad payload`, parsed.error.issues);
      return;
    }
    handler(parsed.data as EventPayload<N>);
  };
  target.addEventListener(name, listener);
  return () => target.removeEventListener(name, listener);
}
