import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughGateway, startStack, type Stack } from '../support/stack.js';
import { startImpostorIssuer, startTestProvider, type TestProvider } from '../support/oidc-provider.js';

/*
 * Single sign-on end to end without a browser: the real API and gateway, a real OpenID provider
 * (oidc-provider) whose development pages are filled in over HTTP, as a browser would.
 */

const CONSOLE = 'http://console.test';
let stack: Stack;
let provider: TestProvider;
let impostor: { issuer: string; close(): Promise<void> };
let manager: string;

beforeAll(async () => {
  provider = await startTestProvider([`${CONSOLE}/bff/auth/sso/callback`]);
  impostor = await startImpostorIssuer(provider);
  // Every sign-in of the suite comes from one address; the limit's own tests are the gateway's.
  stack = await startStack({}, { PUBLIC_URL: CONSOLE, SIGN_IN_RATE_LIMIT: '1000' });
  manager = await signInThroughGateway(stack.gateway, 'manager@demo.example');
});
afterAll(async () => {
  await stack?.close();
  await impostor?.close();
  await provider?.close();
});

const gateway = () => request(stack.gateway.server);

type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
function keep(jar: Jar, setCookies: string[] | undefined) {
  for (const line of setCookies ?? []) {
    const [pair] = line.split(';', 1);
    const at = pair.indexOf('=');
    const value = pair.slice(at + 1);
    if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair.slice(0, at));
    else jar.set(pair.slice(0, at), value);
  }
}

interface SsoOutcome {
  /** Where the callback sent the browser. */
  location: string;
  /** The new session's `sid=…`, if one was opened. */
  session: string | undefined;
  /** The callback path and the browser's cookies, to replay it. */
  callbackPath: string;
  jar: Jar;
}

/** Runs a whole sign-in: start at the gateway, the provider's login and consent pages, the callback. */
async function ssoSignIn(email: string, login = email, { withoutIss = false } = {}): Promise<SsoOutcome> {
  const jar: Jar = new Map();
  const start = await gateway().post('/bff/auth/sso/start').set('X-CSRF', '1').send({ email }).expect(200);
  keep(jar, [start.headers['set-cookie']].flat().filter(Boolean) as string[]);
  let url = new URL(start.body.redirectUrl as string);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  for (let step = 0; step < 20; step += 1) {
    if (url.origin === CONSOLE) {
      // The RFC 9207 `iss` of the authorization response, left out as an attacker in the middle could.
      if (withoutIss) url.searchParams.delete('iss');
      const callbackPath = url.pathname + url.search;
      const res = await gateway().get(callbackPath).set('Cookie', cookieHeader(jar));
      expect(res.status).toBe(303);
      const sid = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='));
      return { location: res.headers.location as string, session: sid?.split(';', 1)[0], callbackPath, jar };
    }
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
    keep(jar, res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url.href}: ${res.status} ${html.slice(0, 300)}`);
    const form = html.includes('value="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    keep(jar, posted.headers.getSetCookie());
    url = new URL(posted.headers.get('location')!, url);
  }
  throw new Error('the sign-in did not come back');
}

function saveSettings(cookie: string, changes: Record<string, unknown> = {}) {
  return gateway()
    .put('/bff/api/auth/me/sso')
    .set('X-CSRF', '1')
    .set('Cookie', cookie)
    .send({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      domains: ['demo.example'],
      jitRole: 'sub-admin',
      mandatory: false,
      ...changes,
    });
}

async function me(session: string) {
  return (await gateway().get('/bff/auth/me').set('Cookie', session).expect(200)).body.user;
}

describe('the settings', () => {
  it('answers 400 with field errors for an invalid body', async () => {
    const res = await saveSettings(manager, { issuer: 'not a url', domains: ['Not A Domain'], jitRole: 'owner' }).expect(400);
    expect(res.body.code).toBe('E400001');
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['domains.0', 'issuer', 'jitRole']);
  });

  it('refuses an issuer whose discovery document does not answer, or names another issuer', async () => {
    const silent = await saveSettings(manager, { issuer: 'http://127.0.0.1:9/realm' }).expect(400);
    expect(silent.body).toMatchObject({ code: 'E400010', details: [{ path: 'issuer' }] });
    const other = await saveSettings(manager, { issuer: `${provider.issuer}/` }).expect(400);
    expect(other.body.details[0].message).toMatch(/names another issuer/);
    expect((await gateway().get('/bff/api/auth/me/sso').set('Cookie', manager).expect(200)).body.result).toBeNull();
  });

  it('keeps the secret to itself and tells the redirect URI', async () => {
    const saved = await saveSettings(manager).expect(200);
    expect(saved.body.result).toMatchObject({ issuer: provider.issuer, clientSecretSet: true, domains: ['demo.example'], jitRole: 'sub-admin' });
    const read = await gateway().get('/bff/api/auth/me/sso').set('Cookie', manager).expect(200);
    expect(read.body.redirectUri).toBe('http://localhost:3000/bff/auth/sso/callback');
    expect(JSON.stringify(read.body)).not.toContain(provider.clientSecret);
    // Saved again without a secret: the stored one stays.
    await saveSettings(manager, { clientSecret: undefined }).expect(200);
  });

  it('lets only admins read or change them', async () => {
    const subAdmin = await signInThroughGateway(stack.gateway, 'subadmin@demo.example');
    await gateway().get('/bff/api/auth/me/sso').set('Cookie', subAdmin).expect(403);
    await saveSettings(subAdmin).expect(403);
  });

  it('gives a domain to one company only', async () => {
    const nordic = await signInThroughGateway(stack.gateway, 'manager@nordic.example');
    const res = await saveSettings(nordic, { domains: ['nordic.example', 'demo.example'] }).expect(409);
    expect(res.body).toMatchObject({ code: 'E409030', details: [{ path: 'domains.1' }] });
  });

  it('keeps the internal routes out of the browser', async () => {
    // The proxy does not pass the gateway's own calls on: the route does not exist for a browser.
    const proxied = await gateway().post('/bff/api/internal/sso/lookup').set('X-CSRF', '1').set('Cookie', manager).send({ email: 'manager@demo.example' }).expect(404);
    expect(JSON.stringify(proxied.body)).not.toContain(provider.clientSecret);
    const direct = await request(stack.api.app.server)
      .post('/api/internal/sso/sign-in')
      .send({ companyId: 1, issuer: provider.issuer, subject: 'x', email: 'manager@demo.example', emailVerified: true });
    expect(direct.status).toBe(401);
  });
});

describe('signing in', () => {
  it('signs an existing user of the company in and opens the usual session', async () => {
    const outcome = await ssoSignIn('manager@demo.example');
    expect(outcome.location).toBe('/');
    expect(outcome.session).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
    expect(await me(outcome.session!)).toMatchObject({ email: 'manager@demo.example', serviceName: 'acme', roleId: 2 });
  });

  it('refuses a replayed state', async () => {
    const first = await ssoSignIn('manager@demo.example');
    expect(first.session).toBeDefined();
    const replay = await gateway().get(first.callbackPath).set('Cookie', cookieHeader(first.jar)).expect(303);
    expect(replay.headers.location).toBe('/login?sso=state');
    expect([replay.headers['set-cookie']].flat().some((c) => c?.startsWith('sid='))).toBe(false);
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    const start = await gateway().post('/bff/auth/sso/start').set('X-CSRF', '1').send({ email: 'manager@demo.example' }).expect(200);
    const state = new URL(start.body.redirectUrl).searchParams.get('state');
    const res = await gateway().get(`/bff/auth/sso/callback?code=forged&state=${state}`).expect(303);
    expect(res.headers.location).toBe('/login?sso=state');
  });

  it('creates a new user of the domain just in time, with the chosen role', async () => {
    provider.accounts.set('new.person@demo.example', { email: 'new.person@demo.example', email_verified: true, given_name: 'Nova', family_name: 'Person' });
    const outcome = await ssoSignIn('new.person@demo.example');
    expect(outcome.location).toBe('/');
    expect(await me(outcome.session!)).toMatchObject({ email: 'new.person@demo.example', roleId: 3, serviceName: 'acme', firstName: 'Nova' });
  });

  it('refuses an e-mail the provider has not verified', async () => {
    provider.accounts.set('unverified', { email: 'unverified@demo.example', email_verified: false });
    const outcome = await ssoSignIn('manager@demo.example', 'unverified');
    expect(outcome).toMatchObject({ location: '/login?sso=unverified', session: undefined });
  });

  it("refuses an e-mail outside the company's domains", async () => {
    provider.accounts.set('outsider', { email: 'manager@nordic.example', email_verified: true });
    const outcome = await ssoSignIn('manager@demo.example', 'outsider');
    expect(outcome).toMatchObject({ location: '/login?sso=domain', session: undefined });
  });

  it("never signs in another company's user, even at a domain the company claimed", async () => {
    await saveSettings(manager, { domains: ['demo.example', 'nordic.example'] }).expect(200);
    try {
      const outcome = await ssoSignIn('manager@nordic.example');
      expect(outcome).toMatchObject({ location: '/login?sso=no-account', session: undefined });
    } finally {
      await saveSettings(manager).expect(200);
    }
  });

  it('signs in only existing users when just-in-time creation is off', async () => {
    await saveSettings(manager, { jitRole: 'off' }).expect(200);
    const outcome = await ssoSignIn('someone.else@demo.example');
    expect(outcome).toMatchObject({ location: '/login?sso=no-account', session: undefined });
    expect((await ssoSignIn('manager@demo.example')).session).toBeDefined();
  });

  it('refuses an ID token from another issuer than the configured one', async () => {
    await saveSettings(manager, { issuer: impostor.issuer }).expect(200);
    try {
      // Refused by the authorization response's `iss`, and without it by the ID token's.
      expect(await ssoSignIn('manager@demo.example')).toMatchObject({ location: '/login?sso=provider', session: undefined });
      expect(await ssoSignIn('manager@demo.example', undefined, { withoutIss: true })).toMatchObject({ location: '/login?sso=provider', session: undefined });
    } finally {
      await saveSettings(manager).expect(200);
    }
  });

  it('answers 404 for an e-mail domain without single sign-on', async () => {
    const res = await gateway().post('/bff/auth/sso/start').set('X-CSRF', '1').send({ email: 'someone@elsewhere.example' }).expect(404);
    expect(res.body.code).toBe('E404010');
  });
});

describe('mandatory single sign-on', () => {
  it("refuses password sign-in for the company's domain, with a message pointing to SSO", async () => {
    // Claiming the domain of another company's users does not take their passwords away.
    await saveSettings(manager, { mandatory: true, domains: ['demo.example', 'nordic.example'] }).expect(200);
    try {
      await signInThroughGateway(stack.gateway, 'manager@nordic.example');
      const res = await gateway().post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email: 'manager@demo.example', password: DEMO_PASSWORD }).expect(403);
      expect(res.body.code).toBe('E403010');
      expect(res.body.message).toMatch(/Sign in with SSO/);
      // The super-admin, of no company, keeps its password.
      await signInThroughGateway(stack.gateway, 'super@demo.example');
      // Single sign-on still works.
      expect((await ssoSignIn('manager@demo.example')).session).toBeDefined();
    } finally {
      await saveSettings(manager).expect(200);
    }
  });
});
