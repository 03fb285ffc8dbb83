import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from './client-address.ts';

/** A bare Fastify with the app's trustProxy, answering the address the rate limits would see. */
async function addressSeen(configured: string[] | undefined, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustedProxies(configured) });
  app.get('/address', async (request) => ({ address: clientAddress(request) }));
  try {
    const res = await app.inject({ method: 'GET', url: '/address', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    return (res.json() as { address: string }).address;
  } finally {
    await app.close();
  }
}

describe('the visitor address (TRUST_PROXY and client-address agree)', () => {
  it('unset: believes only the shell on this machine, its last X-Forwarded-For entry', async () => {
    expect(await addressSeen(undefined, '127.0.0.1', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressSeen(undefined, '::ffff:127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await addressSeen(undefined, '127.0.0.1')).toBe('127.0.0.1');
    // A visitor talking to the API directly cannot choose their address.
    expect(await addressSeen(undefined, '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
    // Nor through the shell: only the shell's own entry counts.
    expect(await addressSeen(undefined, '127.0.0.1', '203.0.113.9, 10.0.0.5')).toBe('10.0.0.5');
  });

  it('set: skips the listed proxies too, and nothing the visitor wrote before them', async () => {
    // Visitor -> load balancer (10.0.0.5) -> shell -> API.
    expect(await addressSeen(['10.0.0.0/8'], '127.0.0.1', '192.0.2.66, 203.0.113.9, 10.0.0.5')).toBe('203.0.113.9');
    // The load balancer straight to the API.
    expect(await addressSeen(['10.0.0.0/8'], '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await addressSeen(['10.0.0.0/8'], '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
  });
});
