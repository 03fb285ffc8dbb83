import type { FastifyInstance } from 'fastify';

/** A refused body is read and dropped up to this size... */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** ...and for at most this long; past either, the connection is closed. */
export const DRAIN_MAX_MS = 10_000;

/*
 * Fastify answers some requests before reading their body (413 over the 64 KB limit, 415
 * not JSON) and then closes the connection. The client is still sending that body, so the
 * close becomes a TCP reset, and a reset can destroy the answer before the client has read
 * it: the shell's proxy then saw no answer at all and said 502 "shop unavailable" where the
 * API had said 413 (issue 14). So, like a web server's "lingering close", the connection
 * stays open while the rest of the body is read and dropped; the answer arrives whole and
 * the connection is reused. Bounded in bytes and time, so a client cannot make us read
 * forever: past either bound the connection is closed as before.
 */
export function registerRefusedBodyDrain(app: FastifyInstance, bounds = { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // Only a refusal of a body not (fully) read yet; every other answer follows its whole request.
    if (raw.complete || raw.readableEnded || reply.statusCode >= 500) return payload;
    void reply.removeHeader('connection');
    let drained = 0;
    // Requests injected in tests (light-my-request) carry a stand-in socket without destroy().
    const close = () => {
      if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    };
    const timer = setTimeout(close, bounds.maxMs);
    timer.unref();
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > bounds.maxBytes) close();
    });
    raw.once('close', () => clearTimeout(timer));
    return payload;
  });
}
