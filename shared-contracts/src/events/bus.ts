import { isZodLoaded, loadZod, whenZodLoaded } from '../zod/zod-runtime.ts';
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
  let listening = true;
  const deliver = (detail: unknown) => {
    if (!listening) return;
    const parsed = schema.safeParse(detail);
    if (!parsed.success) {
      console.warn(`[contracts] ignored ${name} with a bad payload`, parsed.error.issues);
      return;
    }
    handler(parsed.data as EventPayload<N>);
  };
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    // At once when zod is on the page. In the browser it comes after the first screen (src/zod/):
    // an event sent before that asks for it, and is validated and handled once it has arrived,
    // in the order the events came.
    whenZodLoaded(() => deliver(detail));
    // A failed download leaves the events queued: the next use of zod asks for it again.
    if (!isZodLoaded()) loadZod().catch(() => undefined);
  };
  target.addEventListener(name, listener);
  return () => {
    listening = false;
    target.removeEventListener(name, listener);
  };
}
