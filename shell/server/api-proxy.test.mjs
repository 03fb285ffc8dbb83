// @vitest-environment node
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyToApi } from './api-proxy.mjs';

/*
 * The API's own refusals keep their status, headers and body through the shell's proxy
 * (issue 14: a body over 64 KB got 502 "shop unavailable" through the shell while the
 * API itself said 413). The stand-in APIs refuse as Fastify does: before reading the body.
 */

const servers = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections?.();
    await new Promise((resolve) => s.close(() => resolve()));
  }
});

function listen(server) {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

const shellFor = (apiUrl) => listen(http.createServer((req, res) => proxyToApi(req, res, apiUrl)));

const wpError = (status, code, message) => JSON.stringify({ code, message, data: { status } });
const TOO_LARGE = wpError(413, 'rest_request_too_large', 'The request body is too large.');

/** A browser's POST: the answer as received, and how its own upload ended. */
function post(base, body, { headers = {}, onAnswer } = {}) {
  return new Promise((resolve, reject) => {
    let answer;
    let upload = 'pending';
    const settle = () => {
      if (answer && upload !== 'pending') resolve({ ...answer, upload });
    };
    const req = http.request(`${base}/?rest_route=/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        answer = { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() };
        onAnswer?.();
        settle();
      });
    });
    req.on('finish', () => {
      upload = 'sent';
      settle();
    });
    req.on('error', (err) => {
      upload = `failed: ${err.code}`;
      if (answer) settle();
      else resolve({ status: null, upload });
    });
    req.end(body);
  });
}

/** An API that answers at once without reading the body, then reads and drops the rest (as shop-api does). */
function refusingApi(status, headers, body) {
  return listen(http.createServer((req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(body), ...headers });
    res.end(body);
  }));
}

describe('the API refusing a request keeps its answer through the shell', () => {
  it('413 for a body over the limit: its status and body, and the upload completes', async () => {
    const base = await shellFor(await refusingApi(413, {}, TOO_LARGE));
    const got = await post(base, Buffer.alloc(5 * 1024 * 1024, 'x'));
    expect(got).toMatchObject({ status: 413, body: TOO_LARGE, upload: 'sent' });
  });

  it('415 for a body that is not JSON', async () => {
    const body = wpError(415, 'rest_unsupported_media_type', 'Send the request body as application/json.');
    const base = await shellFor(await refusingApi(415, {}, body));
    const got = await post(base, Buffer.from('a=1'), { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(got).toMatchObject({ status: 415, body, upload: 'sent' });
  });

  it('429 with Retry-After', async () => {
    const body = JSON.stringify({ code: 'too_many_attempts', message: 'Too many attempts.', data: { status: 429, retry_after: 900 } });
    const base = await shellFor(await refusingApi(429, { 'Retry-After': '900' }, body));
    const got = await post(base, Buffer.from('{"email":"a@b.c","password":"x"}'));
    expect(got).toMatchObject({ status: 429, body, upload: 'sent' });
    expect(got.headers['retry-after']).toBe('900');
  });

  it('the API answering early and then resetting the connection mid-upload: the browser keeps the answer and its upload is not cut', async () => {
    // A raw API: answers 413 on the request line, stops reading (the upload backs up), and
    // resets the connection once the browser has the whole answer.
    const sockets = [];
    const api = net.createServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => {
        socket.pause();
        socket.write(`HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(TOO_LARGE)}\r\nConnection: close\r\n\r\n${TOO_LARGE}`);
      });
    });
    const base = await shellFor(await listen(api));
    // Far more than the socket buffers on the way hold, so the upload is still going at the reset.
    const got = await post(base, Buffer.alloc(64 * 1024 * 1024, 'x'), { onAnswer: () => sockets.forEach((s) => s.resetAndDestroy()) });
    expect(got).toMatchObject({ status: 413, body: TOO_LARGE, upload: 'sent' });
  });

  it('an API that cannot be reached is still 502 "shop unavailable"', async () => {
    const closed = await listen(net.createServer());
    const port = new URL(closed).port;
    await new Promise((resolve) => servers.pop().close(() => resolve()));
    const base = await shellFor(`http://127.0.0.1:${port}`);
    const got = await post(base, Buffer.from('{}'));
    expect(got.status).toBe(502);
    expect(JSON.parse(got.body).code).toBe('cgg_api_unavailable');
  });
});
