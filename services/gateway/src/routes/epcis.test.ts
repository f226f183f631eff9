import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness.js';
import { epcisDestination } from './epcis.js';

/** A stand-in for the API's /epcis routes: it records what reached it and answers like a capture. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let upstream: FastifyInstance;
let upstreamUrl: string;
let received: Received[] = [];

async function startEpcisUpstream() {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.all('/epcis', async (req, reply) => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body: '' });
    return reply.header('gs1-epcis-version', '2.0.0').send({ type: 'Collection' });
  });
  app.all('/epcis/*', async (req, reply) => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body: typeof req.body === 'string' ? req.body : '' });
    reply.header('gs1-epcis-version', '2.0.0').header('gs1-cbv-version', '2.0.0').header('set-cookie', 'upstream=1; Path=/');
    if (req.method === 'POST' && req.url.startsWith('/epcis/capture')) return reply.code(202).header('location', '/epcis/capture/5b0c8f5e-1111-4111-8111-111111111111').send();
    return reply.send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let h: Harness;
beforeAll(async () => {
  ({ app: upstream, url: upstreamUrl } = await startEpcisUpstream());
  h = await startHarness({ UPSTREAM_URL: upstreamUrl });
});
afterAll(async () => {
  await h?.close();
  await upstream?.close();
});
beforeEach(() => {
  received = [];
});

const KEY = `pck_${'k'.repeat(43)}`;
const DOCUMENT = JSON.stringify({ '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'], type: 'EPCISDocument', epcisBody: { eventList: [] } });

describe('/epcis on the gateway', () => {
  it('passes a capture to the API with its key, GS1 headers and body, without the session cookie or a CSRF marker', async () => {
    // A browser signed in to the console that calls /epcis sends its cookies: they must not travel on.
    const cookie = 'sid=console-session; theme=dark';
    const res = await request(h.app.server)
      .post('/epcis/capture?source=erp')
      .set('Authorization', `Bearer ${KEY}`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/ld+json')
      .set('GS1-Capture-Error-Behaviour', 'proceed')
      .set('GS1-EPCIS-Version', '2.0.0')
      .set('x-internal-token', 'guess')
      .send(DOCUMENT)
      .expect(202);
    expect(res.headers.location).toBe('/epcis/capture/5b0c8f5e-1111-4111-8111-111111111111');
    expect(res.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(res.headers['gs1-cbv-version']).toBe('2.0.0');
    expect(res.headers['set-cookie']).toBeUndefined();

    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/epcis/capture?source=erp');
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.headers['gs1-capture-error-behaviour']).toBe('proceed');
    expect(call.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(call.headers['content-type']).toBe('application/ld+json');
    expect(call.body).toBe(DOCUMENT);
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers['x-internal-token']).toBeUndefined();
    expect(call.headers['x-request-id']).toBeTruthy();
  });

  it('passes GET, OPTIONS and the root as they are, an eventID with encoded slashes included', async () => {
    const eventId = encodeURIComponent('ni:///sha-256;4f143d1adf7b2950a34f5e82a240ce5280530b06a9f3c2b9cfe49f5ca5001815?ver=CBV2.0');
    await request(h.app.server).get(`/epcis/events/${eventId}?perPage=2`).set('Authorization', `Bearer ${KEY}`).expect(200);
    await request(h.app.server).options('/epcis/capture').expect(200);
    await request(h.app.server).get('/epcis').expect(200);
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /epcis/events/${eventId}?perPage=2`, 'OPTIONS /epcis/capture', 'GET /epcis']);
  });

  it('never lets a path walk out of /epcis', async () => {
    for (const path of ['/epcis/../api/product/all', '/epcis/%2e%2e/api/product/all', '/epcis/.%2E/bff/api/x', '/epcis/..%2Fapi%2Fproduct']) {
      const res = await request(h.app.server).get(path).set('Authorization', `Bearer ${KEY}`);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(received).toEqual([]);
    expect(epcisDestination('/epcis/events/./x/../y?a=1')).toBe('/epcis/events/y?a=1');
    expect(epcisDestination('/epcis//capture')).toBe('/epcis/capture');
    expect(epcisDestination('/epcisx')).toBeNull();
  });

  it('answers as the EPCIS bindings do (problem+json, version headers) when the API cannot be reached', async () => {
    const down = await startHarness({ UPSTREAM_URL: 'http://127.0.0.1:1' }, { store: h.testStore });
    try {
      const res = await request(down.app.server).get('/epcis/capture').set('Authorization', `Bearer ${KEY}`);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['gs1-epcis-version']).toBe('2.0.0');
      expect(JSON.parse(res.text)).toMatchObject({ type: 'epcisException:ImplementationException', status: 503 });
    } finally {
      await down.close();
    }
  });

  it("is not taken by the console's page fallback, even for a browser asking for HTML", async () => {
    const web = mkdtempSync(join(tmpdir(), 'gw-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>console</title>');
    const withConsole = await startHarness({ UPSTREAM_URL: upstreamUrl, WEB_DIST_DIR: web }, { store: h.testStore });
    try {
      const res = await request(withConsole.app.server).get('/epcis/capture').set('Accept', 'text/html').set('Authorization', `Bearer ${KEY}`).expect(200);
      expect(res.text).not.toContain('console');
      expect(received.map((r) => r.url)).toEqual(['/epcis/capture']);
      // The console's own page of a company's traceability is a page of the console.
      const page = await request(withConsole.app.server).get('/acme/epcis').set('Accept', 'text/html').expect(200);
      expect(page.text).toContain('console');
    } finally {
      await withConsole.close();
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('limits calls per key, each key on its own allowance', async () => {
    const limited = await startHarness({ UPSTREAM_URL: upstreamUrl, BFF_RATE_LIMIT: '3' }, { store: h.testStore });
    try {
      // Counters live in the shared test store: a key no other test used.
      const key = `pck_${'r'.repeat(43)}`;
      for (let i = 0; i < 3; i += 1) await request(limited.app.server).get('/epcis/capture').set('Authorization', `Bearer ${key}`).expect(200);
      const refused = await request(limited.app.server).get('/epcis/capture').set('Authorization', `Bearer ${key}`);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeTruthy();
      expect(refused.headers['content-type']).toContain('application/problem+json');
      await request(limited.app.server).get('/epcis/capture').set('Authorization', `Bearer pck_${'o'.repeat(43)}`).expect(200);
    } finally {
      await limited.close();
    }
  });
});
