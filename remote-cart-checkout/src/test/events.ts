import { on, type EventName, type EventPayload } from '@cgg/contracts';
import { afterEach } from 'vitest';

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** Records every event of one name (validated by the contracts' `on`) until the test ends. */
export function collect<N extends EventName>(name: N): EventPayload<N>[] {
  const seen: EventPayload<N>[] = [];
  stops.push(on(name, (p) => seen.push(p)));
  return seen;
}

/** Stores a session token the way remote-account does (base64). */
export function signIn(token = 'tok-1'): void {
  localStorage.setItem('token', btoa(token));
}
