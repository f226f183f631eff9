import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../plugins/session.js';
import { expectEachEncoding, getEncoded } from '../../test/encodings.js';
import { CATALOGUE, CATALOGUE_ETAG, PHOTO, startFakeUpstream, type FakeUpstream } from '../../test/fake-upstream.js';
import { signIn, startHarness, visibleText, type Harness } from '../../test/harness.js';
import { createTestStore, type TestStore } from '../../test/store.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  Object.assign(h.upstream.options, { refreshFails: null, refreshDelayMs: 0, accessTokenSeconds: 900 });
});

const bearerOf = (call: { headers: Record<string, unknown> }) => String(call.headers.authorization).replace(/^Bearer /, '');

async function sessionOf(harness: Harness, cookie: string): Promise<SessionRecord | null> {
  return (await harness.app.sessions.load(cookie.replace(/^sid=/, '')))?.data ?? null;
}

describe('/bff/api/* proxy', () => {
  it('answers 401 E401005 without a session, before calling the API', async () => {
    const callsBefore = h.upstream.calls.length;
    const res = await request(h.app.server).get('/bff/api/echo').expect(401);
    expect(res.body.code).toBe('E401005');
    expect(h.upstream.calls.length).toBe(callsBefore);
  });

  it("does not pass on the API's connection headers or cookies", async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    // The fake API, like any Fastify server, answers `keep-alive: timeout=72` and sets a cookie.
    const res = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).set('Connection', 'keep-alive').expect(200);
    expect(String(res.headers['keep-alive'] ?? '')).not.toContain('timeout=72');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('forwards with the bearer and a request id, and without cookie or x-csrf', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const session = await sessionOf(h, cookie);
    const res = await request(h.app.server)
      .post('/bff/api/echo/things?page=2')
      .set('Cookie', `${cookie}; theme=dark`)
      .set('X-CSRF', '1')
      .set('X-Request-Id', 'req-abc-123')
      .send({ name: 'boots' })
      .expect(200);

    const received = h.upstream.calls.at(-1)!;
    expect(received.url).toBe('/api/echo/things?page=2');
    expect(received.headers.authorization).toBe(`Bearer ${session!.accessToken}`);
    expect(received.headers['x-request-id']).toBe('req-abc-123');
    expect(received.headers.cookie).toBeUndefined();
    expect(received.headers['x-csrf']).toBeUndefined();
    expect(res.body.bodyText).toBe('{"name":"boots"}');
    expect(res.headers['x-request-id']).toBe('req-abc-123');
  });

  it('makes up a request id when the browser sends none', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(200);
    expect(h.upstream.calls.at(-1)!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never hands a token or an upstream cookie to the browser', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    for (const token of h.upstream.issuedTokens) expect(visibleText(res)).not.toContain(token);
  });

  it('requires X-CSRF: 1 on state-changing calls', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const callsBefore = h.upstream.calls.length;
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const res = await request(h.app.server)[method]('/bff/api/echo').set('Cookie', cookie).send({}).expect(403);
      expect(res.body.code).toBe('E403002');
    }
    expect(h.upstream.calls.length).toBe(callsBefore);
  });

  it('streams multipart bodies through', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server)
      .post('/bff/api/echo/upload')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .field('newUser', JSON.stringify({ first_name: 'A' }))
      .attach('primaryLogo', Buffer.from('PNGDATA'), 'logo.png')
      .expect(200);
    expect(res.body.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(res.body.bodyText).toContain('PNGDATA');
  });
});

describe("the API's answers on the wire", () => {
  it('compresses JSON as the browser asks (brotli or gzip), sends it as it is otherwise, and varies by encoding', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const { identity, br, gzip } = await expectEachEncoding(h.app, '/bff/api/catalogue', { headers: { cookie } });
    expect(JSON.parse(identity.decoded.toString('utf8'))).toEqual(CATALOGUE);
    // The API's ETag stands for its bytes: the compressed answers carry it weak, and a browser's
    // revalidation with that weak tag still gets the API's 304.
    expect(identity.headers.etag).toBe(CATALOGUE_ETAG);
    expect(br.headers.etag).toBe(`W/${CATALOGUE_ETAG}`);
    expect(gzip.headers.etag).toBe(`W/${CATALOGUE_ETAG}`);
    const again = await getEncoded(h.app, '/bff/api/catalogue', 'br', { cookie, 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('leaves a small answer as it is', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const echo = await getEncoded(h.app, '/bff/api/echo', 'br', { cookie });
    expect(echo.statusCode).toBe(200);
    expect(echo.wire.length).toBeLessThan(1024);
    expect(echo.headers['content-encoding']).toBeUndefined();
    expect(echo.headers.vary).toMatch(/accept-encoding/i);
  });

  it('never compresses an event stream or an image', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const events = await getEncoded(h.app, '/bff/api/events', 'gzip, deflate, br', { cookie });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.wire.toString('utf8')).toMatch(/^event: notification\ndata: \{"id":0,/);
    expect(events.wire.toString('utf8').match(/^event: /gm)).toHaveLength(50);
    const photo = await getEncoded(h.app, '/bff/api/photo', 'gzip, deflate, br', { cookie });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.wire.equals(PHOTO)).toBe(true);
  });
});

describe('token expiry (401 E401002)', () => {
  it('refreshes once for five concurrent requests and retries each once with the new token', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const before = await sessionOf(h, cookie);
    h.upstream.expireAccessTokens();
    h.upstream.options.refreshDelayMs = 50;
    const refreshesBefore = h.upstream.refreshCalls;
    const callsBefore = h.upstream.calls.length;

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        request(h.app.server).put(`/bff/api/echo/${i}`).set('Cookie', cookie).set('X-CSRF', '1').send({ i }),
      ),
    );

    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.body.bodyText)).toEqual([0, 1, 2, 3, 4].map((i) => JSON.stringify({ i })));
    expect(h.upstream.refreshCalls - refreshesBefore).toBe(1);
    const after = await sessionOf(h, cookie);
    expect(after!.accessToken).not.toBe(before!.accessToken);
    const retried = h.upstream.calls.slice(callsBefore);
    expect(retried).toHaveLength(5);
    for (const call of retried) expect(bearerOf(call)).toBe(after!.accessToken);
  });

  it('shares one refresh between replicas that share the store', async () => {
    const second = await startHarness({}, { upstream: h.upstream, store: h.testStore });
    try {
      const cookie = await signIn(h.app, 'manager@demo.example');
      h.upstream.expireAccessTokens();
      h.upstream.options.refreshDelayMs = 100;
      const refreshesBefore = h.upstream.refreshCalls;
      const answers = await Promise.all(
        [h, second, h, second].map((replica) => request(replica.app.server).get('/bff/api/echo').set('Cookie', cookie)),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(h.upstream.refreshCalls - refreshesBefore).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('retries a GET with the query string intact', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.expireAccessTokens();
    const res = await request(h.app.server).get('/bff/api/echo/list?page=3&size=10').set('Cookie', cookie).expect(200);
    expect(res.body.url).toBe('/api/echo/list?page=3&size=10');
  });

  it('renews a token about to expire before streaming an upload', async () => {
    h.upstream.options.accessTokenSeconds = 5;
    const cookie = await signIn(h.app, 'manager@demo.example');
    const refreshesBefore = h.upstream.refreshCalls;
    await request(h.app.server)
      .post('/bff/api/echo/upload')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .attach('file', Buffer.from('abc'), 'a.csv')
      .expect(200);
    expect(h.upstream.refreshCalls - refreshesBefore).toBe(1);
  });

  it('destroys the session when the refresh token is refused with E401003', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.expireAccessTokens();
    h.upstream.options.refreshFails = 'E401003';
    const res = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(401);
    expect(res.body.code).toBe('E401003');
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/sid=;/);
    expect(await sessionOf(h, cookie)).toBeNull();
    await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie).expect(401);
  });

  it("answers 'Error. Please log in again.' when the refresh fails otherwise", async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.expireAccessTokens();
    h.upstream.options.refreshFails = 500;
    const res = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(401);
    expect(res.body.message).toBe('Error. Please log in again.');
    expect(res.text).not.toContain('boom');
  });

  it("renews the switched company's pair (isSwitch) and leaves the main pair alone", async () => {
    const cookie = await signIn(h.app, 'super@demo.example');
    await request(h.app.server).post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).send({ customerId: 11 }).expect(200);
    const before = await sessionOf(h, cookie);
    h.upstream.expireAccessTokens();
    const res = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(200);
    expect(res.body.customerId).toBe(11);
    const after = await sessionOf(h, cookie);
    expect(after!.switch!.accessToken).not.toBe(before!.switch!.accessToken);
    expect(after!.switch!.customerId).toBe(11);
    expect(after!.accessToken).toBe(before!.accessToken);
    expect(bearerOf(h.upstream.calls.at(-1)!)).toBe(after!.switch!.accessToken);
  });

  it('renews an expired token for /bff/auth/me too', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.expireAccessTokens();
    const res = await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie).expect(200);
    expect(res.body.user.userId).toBe(2);
    for (const token of h.upstream.issuedTokens) expect(visibleText(res)).not.toContain(token);
  });
});

describe('upstream failures', () => {
  let closedPort: number;
  let down: Harness;
  let downStore: TestStore;

  beforeAll(async () => {
    // A port that was just free: nothing listens there.
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    downStore = createTestStore();
    down = await startHarness({ UPSTREAM_URL: `http://127.0.0.1:${closedPort}` }, { store: downStore, upstream: h.upstream });
  });
  afterAll(async () => {
    await down?.close();
    await downStore?.cleanup();
  });

  const expectUnavailable = (res: request.Response) => {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 'E503001', message: 'Unable to connect to the service' });
    expect(res.text).not.toContain('127.0.0.1');
    expect(res.text).not.toContain(String(closedPort));
  };

  it('answers 503 E503001 for a proxied call when the API is unreachable', async () => {
    const handle = await down.app.sessions.create({ userId: 2, roleId: 2, accessToken: 'a', refreshToken: 'r', switch: null });
    const res = await request(down.app.server).get('/bff/api/echo').set('Cookie', `sid=${handle.id}`);
    expectUnavailable(res);
  });

  it('answers 503 E503001 for sign-in when the API is unreachable', async () => {
    const res = await request(down.app.server)
      .post('/bff/auth/sign-in')
      .set('X-CSRF', '1')
      .send({ email: 'manager@demo.example', password: 'x' });
    expectUnavailable(res);
  });

  it('answers 504 with the same message when the API is too slow', async () => {
    const slow = await startHarness({ UPSTREAM_TIMEOUT_MS: '200' }, { upstream: h.upstream });
    try {
      const cookie = await signIn(slow.app, 'manager@demo.example');
      const res = await request(slow.app.server).get('/bff/api/slow').set('Cookie', cookie).expect(504);
      expect(res.body.message).toBe('Unable to connect to the service');
    } finally {
      await slow.close();
    }
  });
});

describe('proxy hardening', () => {
  afterEach(() => {
    h.upstream.options.flakyFailures = 0;
  });

  const UNABLE = 'Unable to connect to the service';

  it('tries a GET once more when the API answers 503', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.options.flakyFailures = 1;
    const before = h.upstream.flakyCalls;
    await request(h.app.server).get('/bff/api/flaky').set('Cookie', cookie).expect(200, { ok: true });
    expect(h.upstream.flakyCalls - before).toBe(2);
  });

  it('tries at most once more, then answers 503 E503001', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.options.flakyFailures = 5;
    const before = h.upstream.flakyCalls;
    const res = await request(h.app.server).get('/bff/api/flaky').set('Cookie', cookie).expect(503);
    expect(res.body).toEqual({ code: 'E503001', message: UNABLE });
    expect(h.upstream.flakyCalls - before).toBe(2);
  });

  it('never sends a POST twice', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const before = h.upstream.flakyCalls;
    const res = await request(h.app.server).post('/bff/api/flaky').set('Cookie', cookie).set('X-CSRF', '1').send({}).expect(503);
    expect(res.body).toEqual({ code: 'E503001', message: UNABLE });
    expect(h.upstream.flakyCalls - before).toBe(1);
  });

  it('answers 502 with the catalogue message instead of a 502 page naming internal addresses', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server).get('/bff/api/bad-gateway').set('Cookie', cookie).expect(502);
    expect(res.body).toEqual({ code: 'E502001', message: UNABLE });
    expect(res.text).not.toContain('10.0.0.7');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 502 when the API drops the connection', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server).get('/bff/api/hang-up').set('Cookie', cookie).expect(502);
    expect(res.body).toEqual({ code: 'E502001', message: UNABLE });
    expect(res.text).not.toContain('127.0.0.1');
  });

  it('refuses a JSON body above BODY_LIMIT_BYTES with 413 E413001, before the API sees it', async () => {
    const small = await startHarness({ BODY_LIMIT_BYTES: '1024' }, { upstream: h.upstream });
    try {
      const cookie = await signIn(small.app, 'manager@demo.example');
      const callsBefore = h.upstream.calls.length;
      const res = await request(small.app.server)
        .post('/bff/api/echo')
        .set('Cookie', cookie)
        .set('X-CSRF', '1')
        .send({ text: 'x'.repeat(2_048) })
        .expect(413);
      expect(res.body).toEqual({ code: 'E413001', message: 'The request is too large.' });
      expect(h.upstream.calls.length).toBe(callsBefore);
      await request(small.app.server).post('/bff/api/echo').set('Cookie', cookie).set('X-CSRF', '1').send({ text: 'ok' }).expect(200);
    } finally {
      await small.close();
    }
  });

  it('passes the query as sent, an escape that does not decode included: the API reads it', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server).get('/bff/api/echo?search=%C3%28&page=1').set('Cookie', cookie).expect(200);
    expect(res.body.url).toBe('/api/echo?search=%C3%28&page=1');
  });

  it('keeps idle connections longer than a load balancer does (Keep-Alive: timeout=65)', async () => {
    const res = await request(h.app.server).get('/healthz').set('Connection', 'keep-alive').expect(200);
    expect(res.headers['keep-alive']).toBe('timeout=65');
  });
});

describe('the fake API itself', () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(async () => fake?.close());

  it('answers E401002 for an expired token (the signal the gateway acts on)', async () => {
    const signedIn = await fetch(`${fake.url}/api/auth/sign/in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.example', password: 'correct-horse' }),
    }).then((r) => r.json() as Promise<{ Authorization: string }>);
    fake.expireAccessTokens();
    const res = await fetch(`${fake.url}/api/echo`, { headers: { authorization: signedIn.Authorization } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'E401002' });
  });
});
