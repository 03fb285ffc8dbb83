import type { FastifyRequest } from 'fastify';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The visitor's address, for rate limits. Behind the shell's server (on this machine)
 * the socket is loopback and the visitor is the LAST X-Forwarded-For entry: the one the
 * shell appended itself. Earlier entries come from the browser and could be forged.
 */
export function clientAddress(request: FastifyRequest): string {
  const socketAddress = request.socket.remoteAddress ?? 'unknown';
  const forwarded = request.headers['x-forwarded-for'];
  if (loopback.has(socketAddress) && typeof forwarded === 'string' && forwarded.trim()) {
    const last = forwarded.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  return socketAddress;
}
