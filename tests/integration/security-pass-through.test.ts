import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES } from '@product-console/shared';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * The gateway's one pass-through (decision 061) in front of the real API: odd input gets the
 * API's answer or the gateway's own 4xx, never a 500 or a 503, on /bff/api, /bff/public and /epcis.
 */

let stack: Stack;
let cookie: string;
let key: string;
beforeAll(async () => {
  stack = await startStack();
  cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
  const created = await gateway().post('/bff/api/auth/api-keys').set('Cookie', cookie).set('X-CSRF', '1').send({ name: 'Pass-through probe' }).expect(201);
  key = created.body.result.key;
});
afterAll(async () => {
  await stack?.close();
});

const gateway = () => request(stack.gateway.server);
/** The gateway on a port of its own, for calls that stream their bodies. */
const listening = async () => {
  if (!stack.gateway.server.listening) await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
};

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** POSTs a capture body of `size` bytes streamed chunk by chunk, with its declared length. */
const postCapture = (size: number) => sendStreamed('POST', '/epcis/capture', { authorization: `Bearer ${key}`, 'content-type': 'application/ld+json', 'content-length': size }, size);

/**
 * Sends `size` bytes of spaces to the gateway (which must listen), chunk by chunk; chunked unless
 * `headers` declares the length.
 */
function sendStreamed(method: string, path: string, headers: Record<string, string | number>, size: number): Promise<Answer> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const port = (stack.gateway.server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') }));
    });
    // The gateway may answer and close while the body is still on its way.
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const part = sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('a query escape that does not decode', () => {
  it("gets the API's own answer on every surface, never a 500", async () => {
    const products = await gateway().get('/bff/api/product/all?search=%C3%28').set('Cookie', cookie).expect(200);
    expect(products.body.result).toEqual([]);

    const landing = await gateway().get('/bff/public/product/landing-page/preview-productInfo?productId=%C3%28').expect(400);
    expect(landing.body).toMatchObject({ code: 'E400001', details: [{ path: 'productId' }] });

    const events = await gateway().get('/epcis/events?EQ_bizStep=%C3%28').set('Authorization', `Bearer ${key}`).expect(400);
    expect(events.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(events.text)).toMatchObject({ type: 'epcisException:QueryParameterException', status: 400 });
    expect(JSON.parse(events.text).detail).toContain("'%C3%28'");
  });
});

describe('a capture past GS1-EPCIS-Capture-File-Size-Limit', () => {
  it('is answered 413 CaptureLimitExceededException, never the 503 a client would retry forever', async () => {
    await listening();
    const res = await postCapture(EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES + 1);
    expect(res.status).toBe(413);
    expect(res.contentType).toContain('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ type: 'epcisException:CaptureLimitExceededException', status: 413 });
  });
});

describe("a body past one API route's own limit, within the gateway's", () => {
  it("gets the API's 413, never a 502, declared or chunked", async () => {
    await listening();
    // Under the capture limit the gateway holds /epcis to, past the API's 1 MiB for a named query or a subscription.
    const size = EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES - 1024 * 1024;
    for (const path of ['/epcis/queries', '/epcis/queries/Probe/subscriptions']) {
      for (const declared of [{ 'content-length': size }, {}]) {
        const res = await sendStreamed('POST', path, { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...declared }, size);
        expect(res.status, `${path} ${res.body}`).toBe(413);
        expect(res.contentType).toContain('application/problem+json');
        expect(JSON.parse(res.body)).toMatchObject({ status: 413 });
      }
    }
    // The API took the rest of each body and kept going: the next call is answered as usual.
    await gateway().get('/epcis/queries').set('Authorization', `Bearer ${key}`).expect(200);
  });
});

describe('made-up API keys', () => {
  it('are answered 429 once an address has spent its allowance of refused keys; a real key goes on', async () => {
    // A gateway of its own: the allowance is per client address, and every suite calls from loopback.
    const guarded = await startStack({}, { EPCIS_KEY_FAILURE_LIMIT: '5' });
    try {
      const manager = await signInThroughGateway(guarded.gateway, 'manager@demo.example');
      const made = await request(guarded.gateway.server).post('/bff/api/auth/api-keys').set('Cookie', manager).set('X-CSRF', '1').send({ name: 'Line 1' }).expect(201);
      const realKey = made.body.result.key as string;
      const call = (bearer: string) => request(guarded.gateway.server).get('/epcis/events').set('Authorization', `Bearer ${bearer}`);
      await call(realKey).expect(200);

      const madeUp = () => `pck_${randomBytes(32).toString('base64url')}`;
      for (let i = 0; i < 5; i += 1) {
        const refused = await call(madeUp()).expect(401);
        expect(JSON.parse(refused.text)).toMatchObject({ type: 'epcisException:SecurityException' });
      }
      const limited = await call(madeUp()).expect(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['content-type']).toContain('application/problem+json');

      await call(realKey).expect(200);
    } finally {
      await guarded.close();
    }
  });
});
