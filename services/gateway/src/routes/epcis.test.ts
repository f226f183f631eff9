import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES } from '@product-console/shared';
import { startHarness, type Harness } from '../test/harness.js';
import { rawRequest } from '../test/raw-http.js';
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
/** Keys the stand-in looked up and refused. */
let refusedKeys = 0;

/** What the API answers a key it does not know. */
const SECURITY_PROBLEM = { type: 'epcisException:SecurityException', title: 'Unauthorized', status: 401 };

async function startEpcisUpstream() {
  // The API's body limit on capture (it answers 413 and drops the connection past it).
  const app = Fastify({ bodyLimit: EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (req, reply) => {
    if (!req.headers.authorization?.startsWith('Bearer pck_unknown')) return;
    refusedKeys += 1;
    return reply.code(401).type('application/problem+json').send(SECURITY_PROBLEM);
  });
  app.get('/epcis/queries/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return { ok: true };
  });
  app.get('/epcis/queries/hang-up', async (req, reply) => {
    req.raw.socket.destroy();
    return reply;
  });
  // What a proxy in front of a dead API answers, and the API's own answer when its capture queue is full.
  app.get('/epcis/queries/bad-gateway', async (_req, reply) => reply.code(502).type('text/html').send('<h1>502</h1> upstream 10.0.0.7:4000 refused'));
  app.post('/epcis/capture/busy', async (_req, reply) =>
    reply.code(503).header('retry-after', '5').type('application/problem+json').send({ type: 'epcisException:ImplementationException', title: 'Service busy', status: 503 }),
  );
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
  refusedKeys = 0;
});

/** The gateway's count of calls to the API that got no usable answer, of one kind. */
async function upstreamErrors(harness: Harness, kind: string): Promise<number> {
  const text = (await request(harness.app.server).get('/metrics').expect(200)).text;
  const line = text.split('\n').find((l) => l.startsWith(`bff_upstream_errors_total{kind="${kind}"}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** POSTs a capture body streamed chunk by chunk (supertest would buffer it); `declared` sends its length. */
function postCapture(port: number, size: number, declared: boolean): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  function* parts() {
    for (let sent = 0; sent < size; sent += chunk.length) yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
  }
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${KEY}`, 'content-type': 'application/ld+json' };
    if (declared) headers['content-length'] = size;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/epcis/capture', method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    // The gateway may answer and close while the body is still on its way.
    req.on('error', reject);
    const body = Readable.from(parts(), { objectMode: false });
    body.on('error', () => {});
    body.pipe(req);
  });
}

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

  it('passes an XML capture and an XML query answer as they are (decision 080)', async () => {
    const xml = '<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:1" schemaVersion="1.2" creationDate="2026-03-01T10:00:00Z"><EPCISBody><EventList/></EPCISBody></epcis:EPCISDocument>';
    await request(h.app.server)
      .post('/epcis/capture')
      .set('Authorization', `Bearer ${KEY}`)
      .set('Content-Type', 'application/xml')
      .set('GS1-EPCIS-Version', '1.2')
      .send(xml)
      .expect(202);
    await request(h.app.server).get('/epcis/events').set('Authorization', `Bearer ${KEY}`).set('Accept', 'application/xml').set('GS1-EPCIS-Max', '2.0.0').expect(200);
    const [capture, query] = received;
    expect(capture.headers['content-type']).toBe('application/xml');
    expect(capture.headers['gs1-epcis-version']).toBe('1.2');
    expect(capture.body).toBe(xml);
    expect(query.headers.accept).toBe('application/xml');
    expect(query.headers['gs1-epcis-max']).toBe('2.0.0');
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

  it('passes the query as sent, an escape that does not decode included: the API reads it', async () => {
    await request(h.app.server).get('/epcis/events?EQ_bizStep=%C3%28&perPage=%ZZ').set('Authorization', `Bearer ${KEY}`).expect(200);
    expect(received.map((r) => r.url)).toEqual(['/epcis/events?EQ_bizStep=%C3%28&perPage=%ZZ']);
  });

  it('answers a path that does not decode with 400 problem+json', async () => {
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (h.app.server.address() as AddressInfo).port;
    for (const path of ['/epcis/events/%C3%28', '/epcis/events/%E0%A4%A?x=1']) {
      const res = await rawRequest(port, { path, headers: { Authorization: `Bearer ${KEY}` } });
      expect(res.status, path).toBe(400);
      expect(res.headers['content-type'], path).toContain('application/problem+json');
      expect(JSON.parse(res.body), path).toMatchObject({ type: 'epcisException:ValidationException', status: 400 });
    }
    expect(received).toEqual([]);
  });
});

describe('a capture past the capture file size limit', () => {
  let port: number;
  beforeAll(async () => {
    if (!h.app.server.listening) await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });

  it('is answered 413 CaptureLimitExceededException by the gateway when its length says so, not sent', async () => {
    const res = await postCapture(port, EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES + 1, true);
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ type: 'epcisException:CaptureLimitExceededException', status: 413 });
    expect(received).toEqual([]);
  });

  it('is answered 413 when a chunked body runs past it, never the 503 of a dropped connection', async () => {
    const res = await postCapture(port, EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES + 1, false);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ type: 'epcisException:CaptureLimitExceededException', status: 413 });
    expect(received).toEqual([]);
  });
});

describe('/epcis when the API does not answer', () => {
  it('answers 504 for an API too slow and 502 for a dropped connection, as problem+json, and counts both', async () => {
    const slow = await startHarness({ UPSTREAM_URL: upstreamUrl, UPSTREAM_TIMEOUT_MS: '200' }, { store: h.testStore, processMetrics: true });
    try {
      const [timeoutsBefore, brokenBefore] = [await upstreamErrors(slow, 'timeout'), await upstreamErrors(slow, 'bad_gateway')];
      const timedOut = await request(slow.app.server).get('/epcis/queries/slow').set('Authorization', `Bearer ${KEY}`);
      expect(timedOut.status).toBe(504);
      expect(timedOut.headers['content-type']).toContain('application/problem+json');
      expect(JSON.parse(timedOut.text)).toMatchObject({ type: 'epcisException:ImplementationException', status: 504 });
      const dropped = await request(slow.app.server).get('/epcis/queries/hang-up').set('Authorization', `Bearer ${KEY}`);
      expect(dropped.status).toBe(502);
      expect(JSON.parse(dropped.text)).toMatchObject({ type: 'epcisException:ImplementationException', status: 502 });
      expect(dropped.text).not.toContain('127.0.0.1');
      expect(await upstreamErrors(slow, 'timeout')).toBe(timeoutsBefore + 1);
      expect(await upstreamErrors(slow, 'bad_gateway')).toBe(brokenBefore + 1);
    } finally {
      await slow.close();
    }
  });

  it("answers a proxy's 502 page with its own problem, and passes the API's busy 503 as the API wrote it", async () => {
    const page = await request(h.app.server).get('/epcis/queries/bad-gateway').set('Authorization', `Bearer ${KEY}`).expect(502);
    expect(page.headers['content-type']).toContain('application/problem+json');
    expect(page.text).not.toContain('10.0.0.7');
    const busy = await request(h.app.server).post('/epcis/capture/busy').set('Authorization', `Bearer ${KEY}`).send({}).expect(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(JSON.parse(busy.text)).toMatchObject({ title: 'Service busy' });
  });
});

describe('keys the API refuses', () => {
  it('refuses made-up keys from an address that spent its allowance of refused keys, before the API looks them up; a key seen accepted keeps working', async () => {
    // A store of its own: the count is per client address, and every test calls from 127.0.0.1.
    const guarded = await startHarness({ UPSTREAM_URL: upstreamUrl, EPCIS_KEY_FAILURE_LIMIT: '3' });
    try {
      const call = (key: string) => request(guarded.app.server).get('/epcis/events').set('Authorization', `Bearer ${key}`);
      await call(KEY).expect(200);
      const madeUp = () => `pck_unknown${randomBytes(16).toString('hex')}`;
      for (let i = 0; i < 3; i += 1) await call(madeUp()).expect(401);
      expect(refusedKeys).toBe(3);

      const refused = await call(madeUp());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refusedKeys).toBe(3);

      await call(KEY).expect(200);
    } finally {
      await guarded.close();
    }
  });
});


describe('WebSocket query streams', () => {
  it("passes an upgrade to the API with the key and the format asked for, never the browser's cookie, and relays its messages", async () => {
    // A stand-in API that accepts stream handshakes and says which headers reached it.
    const wss = new WebSocketServer({ noServer: true });
    const handshakes: IncomingHttpHeaders[] = [];
    const api = Fastify();
    const preflights: IncomingHttpHeaders[] = [];
    api.get('/epcis/queries/:name', async (req, reply) => {
      preflights.push(req.headers);
      if (req.headers.authorization !== `Bearer ${KEY}`) return reply.code(401).type('application/problem+json').send(SECURITY_PROBLEM);
      if ((req.params as { name: string }).name !== 'shipped') return reply.code(404).type('application/problem+json').send({ type: 'epcisException:NoSuchNameException', status: 404 });
      return { name: 'shipped', query: {} };
    });
    api.server.on('upgrade', (req, socket, head) => {
      handshakes.push(req.headers);
      wss.handleUpgrade(req, socket, head, (ws) => ws.send(JSON.stringify({ url: req.url, authorization: req.headers.authorization ?? null })));
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    const gateway = await startHarness({ UPSTREAM_URL: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}` });
    try {
      await gateway.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (gateway.app.server.address() as AddressInfo).port;
      const client = new WebSocket(`ws://127.0.0.1:${port}/epcis/queries/shipped/events?stream=true`, {
        headers: { authorization: `Bearer ${KEY}`, 'gs1-epc-format': 'Always_EPC_URN', cookie: 'sid=browser-session', 'x-forwarded-for': '10.9.9.9' },
      });
      const message = await new Promise<string>((resolve, reject) => {
        client.once('message', (data) => resolve(data.toString()));
        client.once('error', reject);
      });
      expect(JSON.parse(message)).toEqual({ url: '/epcis/queries/shipped/events?stream=true', authorization: `Bearer ${KEY}` });
      expect(handshakes).toHaveLength(1);
      expect(handshakes[0]).toMatchObject({ authorization: `Bearer ${KEY}`, 'gs1-epc-format': 'Always_EPC_URN' });
      expect(handshakes[0].cookie).toBeUndefined();
      expect(handshakes[0]['x-forwarded-for']).toBeUndefined();
      expect(typeof handshakes[0]['x-request-id']).toBe('string');
      // The key and the query were asked for first, with the key only.
      expect(preflights).toHaveLength(1);
      expect(preflights[0]).toMatchObject({ authorization: `Bearer ${KEY}` });
      expect(preflights[0].cookie).toBeUndefined();
      client.close();

      // A key or a query the API refuses is answered over HTTP, as the API answered, and nothing is upgraded.
      const refusal = (path: string, key: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const refused = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${key}` } });
          refused.once('unexpected-response', (_req, response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
          refused.once('open', () => reject(new Error('upgraded')));
          refused.once('error', reject);
        });
      const unknownKey = await refusal('/epcis/queries/shipped/events?stream=true', `pck_other${'x'.repeat(38)}`);
      expect(unknownKey.status).toBe(401);
      expect(JSON.parse(unknownKey.body)).toMatchObject({ type: 'epcisException:SecurityException' });
      expect((await refusal('/epcis/queries/elsewhere/events?stream=true', KEY)).status).toBe(404);
      // Only a named query's events stream: any other path is refused without asking the API.
      const asked = preflights.length;
      expect((await refusal('/epcis/events', KEY)).status).toBe(404);
      expect(preflights.length).toBe(asked);
      expect(handshakes).toHaveLength(1);
    } finally {
      await gateway.close();
      wss.close();
      await api.close();
    }
  });

  it('answers an upgrade on the other pass-through surfaces as a path that does not exist, at once', async () => {
    if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    const statusOf = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const client = new WebSocket(`ws://127.0.0.1:${port}${path}`, { handshakeTimeout: 3_000 });
        client.once('unexpected-response', (_req, response) => resolve(response.statusCode ?? 0));
        client.once('open', () => reject(new Error('upgraded')));
        client.once('error', reject);
      });
    expect(await statusOf('/bff/public/landing/anything')).toBe(404);
    expect(await statusOf('/bff/api/projects')).toBe(404);
  });
});
