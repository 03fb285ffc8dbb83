// Starts the whole site exactly as `npm start` does, on a fresh e2e database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
process.env.DATA_DIR = path.join(root, '.data', offset ? `e2e-${offset}` : 'e2e');
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../scripts/start.mjs');
