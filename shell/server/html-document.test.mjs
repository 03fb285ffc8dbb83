// @vitest-environment node
import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from './create-server.mjs';
import { contentSecurityPolicy, isPageRequest } from './html-document.mjs';

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
const close = (server) => new Promise((resolve) => server.close(() => resolve()));

let dist;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'shell-csp-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head><script defer src="/assets/main.0123456789.js"></script></head><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1)');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function withShell(env, run) {
  const server = createShellServer({ distDir: dist, env, renderPage: null });
  const base = await listen(server);
  try {
    await run(base);
  } finally {
    server.closeAllConnections();
    await close(server);
  }
}

describe('HTML pages and their Content-Security-Policy', () => {
  it('puts a fresh nonce on the scripts and in the CSP of every page response', async () => {
    await withShell({ CATALOGUE_URL: 'https://cat.example.com', ACCOUNT_URL: 'http://localhost:4003' }, async (base) => {
      const first = await fetch(`${base}/faq`);
      const second = await fetch(`${base}/legal-terms?tab=3`);
      const csp = first.headers.get('content-security-policy');
      const nonce = /'nonce-([^']+)'/.exec(csp)[1];
      expect(await first.text()).toContain(`<script nonce="${nonce}" defer src="/assets/main.0123456789.js">`);
      expect(second.headers.get('content-security-policy')).not.toContain(nonce);
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}' https://cat.example.com http://localhost:3002 http://localhost:4003 http://localhost:3004`);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src 'self' https:\/\/cat\.example\.com .*ws:\/\/127\.0\.0\.1:9000/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
    });
  });

  it('never allows inline script without the nonce, and adds configured origins', () => {
    const csp = contentSecurityPolicy('abc', { CSP_SCRIPT_ORIGINS: 'https://www.googletagmanager.com' });
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).toContain('https://www.googletagmanager.com');
  });

  it('treats extensionless paths as pages and files as files', () => {
    expect(isPageRequest('/')).toBe(true);
    expect(isPageRequest('/competition/details/audi-1')).toBe(true);
    expect(isPageRequest('/assets/main.0123456789.js')).toBe(false);
  });
});

describe('Server-Sent Events through the API forwarding', () => {
  it('delivers each event as soon as the API sends it, and closes the API side when the browser leaves', async () => {
    let apiClosed;
    const apiGone = new Promise((resolve) => (apiClosed = resolve));
    let pushEvent;
    const api = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': connected\n\n');
      pushEvent = (text) => res.write(`data: ${text}\n\n`);
      res.on('close', () => apiClosed());
    });
    const apiUrl = await listen(api);
    try {
      await withShell({ API_URL: apiUrl }, async (base) => {
        const controller = new AbortController();
        const res = await fetch(`${base}/?rest_route=/api/v1/chat_stream`, { signal: controller.signal });
        expect(res.headers.get('content-type')).toBe('text/event-stream');
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        const readUntil = async (text) => {
          let seen = '';
          while (!seen.includes(text)) seen += decoder.decode((await reader.read()).value);
          return seen;
        };
        await readUntil(': connected');
        // The stream is still open: only a forwarded-at-once event can arrive now.
        pushEvent('first');
        expect(await readUntil('data: first')).toContain('data: first');
        pushEvent('second');
        expect(await readUntil('data: second')).toContain('data: second');
        controller.abort();
        await apiGone;
      });
    } finally {
      api.closeAllConnections();
      await close(api);
    }
  });
});
