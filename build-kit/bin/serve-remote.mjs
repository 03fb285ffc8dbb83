#!/usr/bin/env node
// Serves a remote's build: `node serve-remote.mjs <dist> [--port 3001] [--host 127.0.0.1]`.
// Files carry CORS (the shell's pages load them from another origin) and the cache rule of
// build-files.mjs; a missing file is a 404.
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildFiles } from '../src/build-files.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { port: { type: 'string', default: '3001' }, host: { type: 'string', default: '127.0.0.1' } } });
const dir = path.resolve(positionals[0] ?? 'dist');
const serve = buildFiles(dir, { cors: true });
const server = http.createServer((req, res) => {
  serve(req, res, () => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
    res.end('Not found');
  });
});
server.listen(Number(values.port), values.host, () => console.log(`serving ${dir} on http://${values.host}:${values.port}`));
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
