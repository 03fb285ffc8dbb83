import http from 'node:http';

/*
 * A minimal fetch over node:http with one keep-alive agent, for the load generator
 * only. The benchmark's client runs on the same 2 cores as the server it measures;
 * Node's built-in fetch costs it about twice the CPU per request, CPU the server then
 * lacks. Supports what storeRequest uses: method, headers, string body, status, ok,
 * headers.get, json().
 */
// An idle connection is dropped by the client after 4 s, before a server or HAProxy drops it
// (HAProxy's `timeout http-keep-alive` is 10 s): reusing one the other side is closing at that
// moment fails a request that never arrived ("socket hang up"), which a basket add cannot retry.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4_000 });

export const httpFetch = ((input: string | URL, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new Promise((resolve, reject) => {
    const url = typeof input === 'string' ? new URL(input) : input;
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: init.method ?? 'GET', headers: { ...init.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: { get: (name: string) => { const v = res.headers[name.toLowerCase()]; return Array.isArray(v) ? v.join(', ') : v ?? null; } },
            json: async () => JSON.parse(text) as unknown,
            text: async () => text,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  })) as unknown as typeof fetch;
