import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_INTERNAL_TOKEN } from './config.js';
import { DEMO_USERS } from './seed/seed.js';
import { createTestApp, signIn, type TestApp } from './test/app.js';

/*
 * What an operator reading the API's log at info level sees: every request's line (method,
 * address, status) and no credential, whether it came in the address or in a header.
 */

const PASSPORT_ACCESS = 'passport-access-link-secret-0003';
const RESET_TOKEN = 'reset-link-token-secret-0004';
const INVITATION_TOKEN = 'invitation-token-secret-0005';
const API_KEY = 'epcis-api-key-secret-0006';
const COOKIE = 'sid=session-cookie-secret-0007';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
}

let t: TestApp;
const output: string[] = [];
const lines = () => output.map((line) => JSON.parse(line) as LogLine);

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void output.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

/** The request's method and address, and the status it was answered with. */
function requestLine(requestId: string) {
  const mine = lines().filter((line) => line.reqId === requestId);
  const incoming = mine.find((line) => line.req);
  const completed = mine.find((line) => line.res);
  return { method: incoming?.req?.method, url: incoming?.req?.url, status: completed?.res?.statusCode };
}

describe('secrets in the log', () => {
  it('logs every request line with its credentials redacted, and no credential anywhere', async () => {
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const send = (id: string, url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-request-id': id, ...headers } });

    await send('landing', `/api/product/landing-page/page?productId=1&serviceName=acme&view=dpp&serial=S1&access=${PASSPORT_ACCESS}`, {
      'x-internal-token': DEVELOPMENT_INTERNAL_TOKEN,
    });
    await send('file', `/api/files/passports/1/manual.pdf?access=${PASSPORT_ACCESS}`);
    await send('reset', `/api/auth/password/reset/12/${RESET_TOKEN}`);
    await send('invitation', `/api/auth/invitation/7?token=${INVITATION_TOKEN}`);
    await send('console', '/api/auth/me/', { authorization: manager.authorization, cookie: COOKIE });
    await send('epcis', '/epcis/events', { authorization: `Bearer ${API_KEY}` });

    expect(requestLine('landing')).toMatchObject({ method: 'GET', url: expect.stringMatching(/&serial=S1&access=\[redacted\]$/) });
    expect(requestLine('file')).toMatchObject({ url: '/api/files/passports/1/manual.pdf?access=[redacted]' });
    expect(requestLine('reset')).toEqual({ method: 'GET', url: '/api/auth/password/reset/12/[redacted]', status: 200 });
    expect(requestLine('invitation')).toEqual({ method: 'GET', url: '/api/auth/invitation/7?token=[redacted]', status: 400 });
    expect(requestLine('console')).toEqual({ method: 'GET', url: '/api/auth/me/', status: 200 });
    expect(requestLine('epcis')).toMatchObject({ url: '/epcis/events', status: 401 });

    const log = output.join('');
    const bearer = manager.authorization.replace(/^Bearer /, '');
    for (const secret of [bearer, manager.authToken, PASSPORT_ACCESS, RESET_TOKEN, INVITATION_TOKEN, API_KEY, COOKIE, DEVELOPMENT_INTERNAL_TOKEN]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts secret headers and addresses that a log call carries itself', () => {
    t.app.log.warn({ url: `/x?token=${INVITATION_TOKEN}`, err: { headers: { authorization: `Bearer ${API_KEY}` } } }, 'logged by hand');
    const line = lines().find((l) => l.msg === 'logged by hand') as LogLine & { url: string; err: { headers: Record<string, string> } };
    expect(line.url).toBe('/x?token=[redacted]');
    expect(line.err.headers).toEqual({ authorization: '[redacted]' });
  });
});
