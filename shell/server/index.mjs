#!/usr/bin/env node
// Starts the shell's server: SHELL_PORT (3000), API_URL, CATALOGUE_URL,
// CART_CHECKOUT_URL, ACCOUNT_URL (see README.md).
import './production-mode.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShellServer } from './create-server.mjs';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const port = Number(process.env.SHELL_PORT ?? 3000);

const server = createShellServer({ distDir });
server.listen(port, () => {
  console.log(`CGG Competitions shell listening on http://localhost:${port}`);
});

function stop() {
  server.close(() => process.exit(0));
  // Keep-alive connections would hold close() open; the site is going away anyway.
  server.closeAllConnections();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
