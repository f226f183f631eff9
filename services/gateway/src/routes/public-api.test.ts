import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';
import { startHarness, type Harness } from '../test/harness.js';
import { publicApiDestination } from './public-api.js';

/** A stand-in for the API's /api/v1 routes: it records what reached it. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let upstream: FastifyInstance;
let received: Received[] = [];

async function startUpstream() {
  const app = Fastify();
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers.authorization?.startsWith('Bearer pck_unknown')) {
      return reply.code(401).type('application/problem+json').send({ type: '/api/v1/docs#problem-unauthorized', title: 'A valid API key is required', status: 401 });
    }
  });
  app.all('/api/v1/*', async (req, reply) => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body: req.body });
    reply.header('set-cookie', 'upstream=1; Path=/').header(RESOLVER_INVALIDATE_HEADER, '/01/09506000134352');
    if (req.method === 'POST') return reply.code(201).header('location', '/api/v1/products/7').send({ id: 7 });
    return reply.send({ data: [], next: null });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const KEY = `pck_${'a'.repeat(43)}`;
const OTHER_KEY = `pck_${'b'.repeat(43)}`;

let h: Harness;
beforeAll(async () => {
  upstream = await startUpstream();
  h = await startHarness({ UPSTREAM_URL: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`, PUBLIC_API_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await h?.close();
  await upstream?.close();
});
beforeEach(() => {
  received = [];
});

describe('/api/v1 on the gateway', () => {
  it('passes a write to the API with its key and body, without a session, CSRF marker or cookie, and tells the allowance', async () => {
    const res = await request(h.app.server)
      .post('/api/v1/products?dryRun=no')
      .set('Authorization', `Bearer ${KEY}`)
      .set('Cookie', 'sid=console-session')
      .set('x-internal-token', 'guess')
      .set('Idempotency-Key', 'order-1')
      .set('If-Match', '"abc"')
      .send({ product_name: 'Lamp' })
      .expect(201);
    expect(res.body).toEqual({ id: 7 });
    expect(res.headers.location).toBe('/api/v1/products/7');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
    expect(res.headers['ratelimit-policy']).toBe('"key";q=3;w=60');
    expect(res.headers.ratelimit).toMatch(/^"key";r=2;t=\d+$/);

    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call.url).toBe('/api/v1/products?dryRun=no');
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.headers['idempotency-key']).toBe('order-1');
    expect(call.headers['if-match']).toBe('"abc"');
    expect(call.body).toEqual({ product_name: 'Lamp' });
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers['x-internal-token']).toBeUndefined();
  });

  it('counts calls per key: past the allowance 429 problem+json with Retry-After, while another key still passes', async () => {
    const key = `pck_${'c'.repeat(43)}`;
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await request(h.app.server).get('/api/v1/products').set('Authorization', `Bearer ${key}`).expect(200);
      remaining.push(/r=(\d+)/.exec(res.headers.ratelimit)![1]);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await request(h.app.server).get('/api/v1/products').set('Authorization', `Bearer ${key}`);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toMatch(/^"key";r=0;t=\d+$/);
    expect(JSON.parse(refused.text)).toMatchObject({ status: 429, title: 'Too many requests' });
    expect(received).toHaveLength(3);

    await request(h.app.server).get('/api/v1/products').set('Authorization', `Bearer ${OTHER_KEY}`).expect(200);
  });

  it('passes the API’s problem answers as written', async () => {
    const res = await request(h.app.server).get('/api/v1/products').set('Authorization', `Bearer pck_unknown${'x'.repeat(36)}`);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(res.text)).toMatchObject({ type: '/api/v1/docs#problem-unauthorized' });
  });

  it('never lets a path walk out of /api/v1', async () => {
    for (const path of ['/api/v1/../product/all', '/api/v1/%2e%2e/product/all', '/api/v1/..%2F..%2Fbff%2Fapi']) {
      const res = await request(h.app.server).get(path).set('Authorization', `Bearer ${OTHER_KEY}`);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(received).toEqual([]);
    expect(publicApiDestination('/api/v1/products/./7/../8?a=1')).toBe('/api/v1/products/8?a=1');
    expect(publicApiDestination('/api/v1x')).toBeNull();
    expect(publicApiDestination('/api/product/all')).toBeNull();
  });
});
