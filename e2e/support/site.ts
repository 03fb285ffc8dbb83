import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e site runs on its own ports and data folder, so it never touches a developer's `npm start`. */
export const e2ePorts = {
  SHELL_PORT: '3100',
  CATALOGUE_PORT: '3101',
  CART_CHECKOUT_PORT: '3102',
  ACCOUNT_PORT: '3103',
  API_PORT: '8180',
  RTDB_PORT: '9100',
  PG_PORT: '5533',
};

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const baseURL = `http://localhost:${e2ePorts.SHELL_PORT}`;
export const apiURL = `http://127.0.0.1:${e2ePorts.API_PORT}`;
export const remoteURLs = {
  catalogue: `http://localhost:${e2ePorts.CATALOGUE_PORT}`,
  cartCheckout: `http://localhost:${e2ePorts.CART_CHECKOUT_PORT}`,
  account: `http://localhost:${e2ePorts.ACCOUNT_PORT}`,
};
