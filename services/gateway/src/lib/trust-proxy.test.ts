import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, trustProxyOption } from './trust-proxy.js';

/** The client address Fastify derives for a request from `remoteAddress` carrying `forwardedFor`. */
async function clientAddress(setting: boolean | number | string, remoteAddress: string, forwardedFor: string) {
  const app = Fastify({ trustProxy: trustProxyOption(setting) });
  app.get('/', async (request) => ({ ip: request.ip }));
  const res = await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return res.json<{ ip: string }>().ip;
}

describe('trustProxyOption', () => {
  it('reads a hop count as that many load balancers on a private network', async () => {
    expect(await clientAddress(1, '10.0.3.7', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress(2, '10.0.3.7', '198.51.100.1, 172.18.0.4')).toBe('198.51.100.1');
  });

  it('never lets a client on the internet choose its address with X-Forwarded-For', async () => {
    expect(await clientAddress(1, '203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
  });

  it('passes addresses, ranges and booleans through', async () => {
    expect(await clientAddress('10.0.0.0/8', '10.1.1.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress('10.0.0.0/8', '192.168.1.1', '203.0.113.9')).toBe('192.168.1.1');
    expect(await clientAddress(false, '10.1.1.1', '203.0.113.9')).toBe('10.1.1.1');
  });
});

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.2.3.4', '172.20.0.2', '192.168.0.9', 'fd00::1'])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
  it.each(['203.0.113.9', '8.8.8.8', '172.32.0.1', '2001:db8::1', 'not-an-address'])('%s is not', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
