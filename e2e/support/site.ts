import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Moves every e2e port (and the data folder) so two runs on one machine, e.g. CI beside
 * a developer's run, do not collide: E2E_PORT_OFFSET=1000 runs on 4100, 9180, ...
 */
export const e2ePortOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number): string => String(base + e2ePortOffset);

/** The e2e site runs on its own ports and data folder, so it never touches a developer's `npm start`. */
export const e2ePorts = {
  SHELL_PORT: port(3100),
  CATALOGUE_PORT: port(3101),
  CART_CHECKOUT_PORT: port(3102),
  ACCOUNT_PORT: port(3103),
  BACKOFFICE_PORT: port(3104),
  API_PORT: port(8180),
  RTDB_PORT: port(9100),
  PG_PORT: port(5533),
};

/**
 * How long the e2e site's API holds a basket's tickets once checkout starts (RESERVATION_SECONDS;
 * the shop's default is 10 minutes): short, so the reservation-expiry spec waits seconds, and
 * still far longer than any other journey takes from Place order to paid.
 */
export const e2eReservationSeconds = 30;

/** A free port for a test's own server (a second shell), beside the e2e site's. */
export const spareE2ePort = (n: number): number => 3110 + n + e2ePortOffset;

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const baseURL = `http://localhost:${e2ePorts.SHELL_PORT}`;
export const apiURL = `http://127.0.0.1:${e2ePorts.API_PORT}`;
export const remoteURLs = {
  catalogue: `http://localhost:${e2ePorts.CATALOGUE_PORT}`,
  cartCheckout: `http://localhost:${e2ePorts.CART_CHECKOUT_PORT}`,
  account: `http://localhost:${e2ePorts.ACCOUNT_PORT}`,
  backoffice: `http://localhost:${e2ePorts.BACKOFFICE_PORT}`,
};
