import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../test/fake-upstream.js';
import { signIn, startHarness, type Harness } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';

/*
 * Every check of the gateway looks at the path its router routes. These requests spell paths the
 * ways a probe does (escapes, dot segments, doubled and encoded slashes) and are sent byte for
 * byte, since HTTP client libraries tidy paths up before sending them.
 */

let h: Harness;
let port: number;
let cookie: string;

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  port = (h.app.server.address() as AddressInfo).port;
  cookie = await signIn(h.app, 'manager@demo.example');
});
afterAll(async () => {
  await h?.close();
});

const json = { 'Content-Type': 'application/json', 'X-CSRF': '1' };

describe('API calls that issue tokens', () => {
  const tokenCalls = [
    '/bff/api/auth/sign/in',
    '/bff/api/auth/sign/in/',
    '/bff/api/auth//sign/in',
    '/bff/api/auth/sign/%69n',
    '/bff/api/auth%2Fsign%2Fin',
    '/bff/api/./auth/sign/in',
    '/bff/api/%2e/auth/sign/in',
    '/bff/api/projects/../auth/sign/in',
    '/bff/api/AUTH/Sign/In',
    '/%62ff/api/auth/sign/in',
    '/bff/api/auth/token/refresh',
    '/bff/api/auth/token/switch-customer',
    '/bff/api/auth/token/%72efresh',
  ];

  it.each(tokenCalls)('are refused through the proxy: POST %s', async (path) => {
    const issued = h.upstream.issuedTokens.length;
    const res = await rawRequest(port, {
      method: 'POST',
      path,
      headers: { ...json, Cookie: cookie },
      body: JSON.stringify({ email: 'manager@demo.example', password: 'wrong', refreshToken: 'x', customerId: 2 }),
    });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).code).toBe('E404001');
    expect(res.body).not.toMatch(/eyJ|accessToken|refreshToken/);
    expect(h.upstream.issuedTokens.length).toBe(issued);
  });

  it.each(['/bff/public/auth/sign/in', '/bff/public/auth/token/refresh', '/bff/public/auth/password/reset/1/x/../../../sign/in'])(
    'are refused through the public pass-through: POST %s',
    async (path) => {
      const issued = h.upstream.issuedTokens.length;
      const res = await rawRequest(port, { method: 'POST', path, headers: json, body: JSON.stringify({ email: 'manager@demo.example', password: 'x' }) });
      expect(res.status).toBe(404);
      expect(h.upstream.issuedTokens.length).toBe(issued);
    },
  );

  it("still lets the gateway's own sign-in through", async () => {
    await request(h.app.server).post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email: 'manager@demo.example', password: PASSWORD }).expect(200);
  });
});

describe('the internal calls', () => {
  it.each(['/bff/api/internal/resolver/01/09506000134352', '/bff/api/./internal/resolver/x', '/bff/api/x/../internal/resolver/x', '/bff/api/%69nternal/x', '/bff/api/Internal/x'])(
    'are refused by the gateway itself: GET %s',
    async (path) => {
      const before = h.upstream.calls.length;
      const res = await rawRequest(port, { path, headers: { Cookie: cookie } });
      expect(res.status).toBe(404);
      expect(h.upstream.calls.length).toBe(before);
    },
  );
});

describe('the path the API is sent', () => {
  it('is the path the gateway checked, not the spelling of the request (an encoded slash is a slash)', async () => {
    const res = await rawRequest(port, { path: '/bff/api/echo//things/./%6Cist/a%2Fb/?page=2', headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(h.upstream.calls.at(-1)!.url).toBe('/api/echo/things/list/a/b/?page=2');
  });

  it('answers 400 in the house shape for an escape that cannot be decoded', async () => {
    for (const path of ['/bff/api/echo/%E0%A4%A', '/01/%ZZ', '/bff/%zz/x']) {
      const res = await rawRequest(port, { path, headers: { Cookie: cookie } });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toMatchObject({ code: 'E400004', message: 'The request path is not valid.' });
    }
  });
});

describe('CSRF on an encoded path', () => {
  it('refuses a state-changing call without X-CSRF however /bff is spelt', async () => {
    for (const path of ['/%62ff/api/echo', '/%62%66%66/api/echo', '//bff/api/echo', '/./bff/api/echo']) {
      const before = h.upstream.calls.length;
      const res = await rawRequest(port, { method: 'POST', path, headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status, path).toBe(403);
      expect(JSON.parse(res.body).code).toBe('E403002');
      expect(h.upstream.calls.length).toBe(before);
    }
  });

  it('does not sign a user out through /%62ff/auth/sign-out without X-CSRF', async () => {
    const own = await signIn(h.app, 'manager@demo.example');
    const res = await rawRequest(port, { method: 'POST', path: '/%62ff/auth/sign-out', headers: { Cookie: own } });
    expect(res.status).toBe(403);
    await request(h.app.server).get('/bff/auth/me').set('Cookie', own).expect(200);
  });
});

describe('Expect: 100-continue', () => {
  it('passes a JSON body on to the API', async () => {
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/bff/api/echo/things',
      headers: { ...json, Cookie: cookie, Expect: '100-continue' },
      body: JSON.stringify({ name: 'boots' }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).bodyText).toBe('{"name":"boots"}');
  });

  it('passes a streamed upload on to the API', async () => {
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'a'.repeat(2048)}\r\n--${boundary}--\r\n`;
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/bff/api/upload/count',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'X-CSRF': '1', Cookie: cookie, Expect: '100-continue' },
      body,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).bytes).toBe(Buffer.byteLength(body));
  });
});

describe('requests the parser refuses', () => {
  it('answers oversized headers with 431 in the house shape', async () => {
    const res = await rawRequest(port, { path: '/bff/auth/me', headers: { 'X-Big': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'E431001' });
  });

  it('answers a raw non-ASCII path with 400 in the house shape', async () => {
    const res = await rawRequest(port, { path: Buffer.from('/01/0950600013435\u00e9', 'utf8') });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'E400004' });
  });
});

describe('the per-session limit on an encoded path', () => {
  it('counts /%62ff/auth/me against the same allowance', async () => {
    const limited = await startHarness({ BFF_RATE_LIMIT: '3' });
    try {
      await limited.app.listen({ host: '127.0.0.1', port: 0 });
      const limitedPort = (limited.app.server.address() as AddressInfo).port;
      const own = await signIn(limited.app, 'manager@demo.example');
      for (let i = 0; i < 3; i++) await request(limited.app.server).get('/bff/auth/me').set('Cookie', own).expect(200);
      for (const path of ['/%62ff/auth/me', '//bff/auth/me', '/bff/./auth/me']) {
        const res = await rawRequest(limitedPort, { path, headers: { Cookie: own } });
        expect(res.status, path).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});
