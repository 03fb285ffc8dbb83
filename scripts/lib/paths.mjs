import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const frontEnds = ['shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account', 'remote-backoffice'];
