import { isZodLoaded, loadZod, whenZodLoaded } from '../zod/zod-runtime.ts';
import { eventContracts, type EventInput, type EventName, type EventPayload } from './contracts.ts';

/**
 * Dispatched on the target when an event marked `holdUntilHeard` found nobody listening and is
 * held: the shell starts the remotes it was waiting to load (after-interactive.ts).
 */
export const EVENT_HELD = 'cgg:event-held';

/**
 * Dispatched on the target when a receiver has been handed what was held for it: whoever said
 * "waiting" (the shell's toast) can stop.
 */
export const HELD_EVENTS_HANDED_OVER = 'cgg:held-events-handed-over';

// Global symbols, not module state: every remote bundles its own copy of this file, and the
// sender's copy must see what the receiver's did.
const HEARD = Symbol.for('cgg.events.heard');
const HELD = Symbol.for('cgg.events.held');

type Marked = Event & { [HEARD]?: true };
type HoldingTarget = EventTarget & { [HELD]?: Record<string, unknown[]> };

const holdsUntilHeard = (name: EventName): boolean => 'holdUntilHeard' in eventContracts[name];

/**
 * Typed DOM CustomEvents on window. The sender's payload is not trusted: a remote
 * released by another team may send an old shape, so every receiver validates and
 * drops (and logs) what does not match instead of crashing. An event marked
 * `holdUntilHeard` that nobody heard is kept, in order, for the first receiver.
 */
export function emit<N extends EventName>(name: N, payload: EventInput<N>, target: EventTarget = window): void {
  const event: Marked = new CustomEvent(name, { detail: payload });
  target.dispatchEvent(event);
  if (event[HEARD] || !holdsUntilHeard(name)) return;
  const held = ((target as HoldingTarget)[HELD] ??= {});
  (held[name] ??= []).push(payload);
  target.dispatchEvent(new CustomEvent(EVENT_HELD, { detail: { name } }));
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
  const listener = (event: Marked) => {
    event[HEARD] = true;
    const detail = (event as CustomEvent<unknown>).detail;
    // At once when zod is on the page. In the browser it comes after the first screen (src/zod/):
    // an event sent before that asks for it, and is validated and handled once it has arrived,
    // in the order the events came.
    whenZodLoaded(() => deliver(detail));
    // A failed download leaves the events queued: the next use of zod asks for it again.
    if (!isZodLoaded()) loadZod().catch(() => undefined);
  };
  target.addEventListener(name, listener);
  // What was sent before anyone listened, handed over once.
  const held = (target as HoldingTarget)[HELD]?.[name];
  if (held?.length) {
    for (const detail of held.splice(0)) listener(new CustomEvent(name, { detail }));
    target.dispatchEvent(new CustomEvent(HELD_EVENTS_HANDED_OVER, { detail: { name } }));
  }
  return () => {
    listening = false;
    target.removeEventListener(name, listener);
  };
}

/**
 * Takes what is held of an event, answering it as sent (not validated): for the one who knows
 * that no receiver is coming (the shell, when the remote that would hear it is down), so a request
 * the shopper was told failed is not carried out later, and its sender can be answered.
 */
export function takeHeld(name: EventName, target: EventTarget = window): unknown[] {
  const held = (target as HoldingTarget)[HELD]?.[name];
  return held ? held.splice(0) : [];
}

/** Drops what is held of an event and answers how many there were (takeHeld, counted). */
export function dropHeld(name: EventName, target: EventTarget = window): number {
  return takeHeld(name, target).length;
}
