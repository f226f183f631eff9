import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../services/gateway/src/test/raw-http.js';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * The probe's attacks on the gateway, replayed through a real gateway in front of the real API,
 * with paths sent byte for byte as the probe sent them.
 */

const PASSWORD = 'Demo-pass-2026';
let stack: Stack;
let port: number;

beforeAll(async () => {
  stack = await startStack({}, { ACCOUNT_RATE_LIMIT: '3', SIGN_IN_RATE_LIMIT: '1000' });
  await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
  port = (stack.gateway.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await stack?.close();
});

const signIn = (email: string) => signInThroughGateway(stack.gateway, email);

const postJson = (path: string, cookie: string | null, body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(port, {
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json', 'X-CSRF': '1', ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });

describe('password guessing and tokens through the proxy', () => {
  it("cannot try another account's password through /bff/api, and never sees a token", async () => {
    const attacker = await signIn('manager@nordic.example');
    const spellings = ['/bff/api/auth/sign/in', '/bff/api/auth//sign/in/', '/bff/api/auth/sign/%69n', '/%62ff/api/./auth/sign/in', '/bff/public/auth/sign/in'];
    for (const path of spellings) {
      const res = await postJson(path, attacker, { email: 'manager@demo.example', password: PASSWORD });
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toMatch(/eyJ|Authorization|refresh/i);
    }
    for (const path of ['/bff/api/auth/token/refresh', '/bff/api/auth/token/switch-customer', '/bff/api/auth/token/%72efresh/']) {
      const res = await postJson(path, attacker, { refreshToken: 'x', customerId: 1 });
      expect(res.status, path).toBe(404);
      expect(res.body).not.toMatch(/eyJ/);
    }
  });

  it("refuses the API's internal calls at the gateway, however spelt", async () => {
    const cookie = await signIn('manager@demo.example');
    for (const path of ['/bff/api/./internal/resolver/entries', '/bff/api/x/../internal/scans', '/bff/api/%69nternal/resolver/entries']) {
      const res = await rawRequest(port, { path, headers: { Cookie: cookie } });
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body).code).toBe('E404001');
    }
  });
});

describe('CSRF and the session limit on encoded paths', () => {
  it('does not create a sub-admin through /%62ff/api without X-CSRF', async () => {
    const cookie = await signIn('manager@demo.example');
    const before = await request(stack.gateway.server).get('/bff/api/auth/sub-admin?page=1&size=50').set('Cookie', cookie).expect(200);
    const boundary = 'probe-boundary';
    const newUser = { first_name: 'Eve', last_name: 'Probe', department: 'x', email: 'eve.probe@demo.example', password: 'Probe-pass-2026' };
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="newUser"\r\n\r\n${JSON.stringify(newUser)}\r\n--${boundary}--\r\n`;
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/%62ff/api/auth/sub-admin/up',
      headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).code).toBe('E403002');
    const after = await request(stack.gateway.server).get('/bff/api/auth/sub-admin?page=1&size=50').set('Cookie', cookie).expect(200);
    expect(after.body.pageInfo.total).toBe(before.body.pageInfo.total);
  });

  it('does not sign a user out through /%62ff/auth/sign-out without X-CSRF', async () => {
    const cookie = await signIn('manager@demo.example');
    const res = await rawRequest(port, { method: 'POST', path: '/%62ff/auth/sign-out', headers: { Cookie: cookie } });
    expect(res.status).toBe(403);
    await request(stack.gateway.server).get('/bff/auth/me').set('Cookie', cookie).expect(200);
  });
});

describe('Expect: 100-continue', () => {
  it('creates a project once, as without the header', async () => {
    const cookie = await signIn('manager@demo.example');
    const name = `Expect ${Date.now()}`;
    const res = await postJson('/bff/api/project', cookie, { project_name: name, description: 'sent by curl' }, { Expect: '100-continue' });
    expect(res.status).toBeLessThan(300);
    const all = await request(stack.gateway.server).get('/bff/api/project/all').set('Cookie', cookie).expect(200);
    expect(all.body.result.filter((p: { project_name: string }) => p.project_name === name)).toHaveLength(1);
  });
});

describe("visitors' account calls", () => {
  it('are limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postJson('/bff/public/auth/password/forgot', null, { email: `nobody${i}@example.com` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3).every((s) => s < 400)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
