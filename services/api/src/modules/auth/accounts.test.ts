import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, GATEWAY_HEADERS, signIn, type TestApp } from '../../test/app.js';
import { jobsSettled } from '../../test/jobs.js';
import { countMail, readOutbox, waitForMail } from '../../test/mail.js';
import { multipartBody, pngImage } from '../../test/account-forms.js';
import { accountTokens } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  // The reset tests below mail one address four times; the throttle's own test uses its limit.
  t = await createTestApp({ PUBLIC_URL: 'https://console.example', MAIL_RECIPIENT_LIMIT_15_MIN: '5', MAIL_RECIPIENT_LIMIT_HOUR: '10' });
});
afterAll(async () => {
  await t?.close();
});

const outbox = () => readOutbox(t.config);

const newUser = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Fjord Fisheries',
  service_name: 'fjord',
  category_id: 1,
  email: 'owner@fjord.example',
  gcps: ['7040001'],
  first_name: 'Frida',
  last_name: 'Fjord',
  password: 'Fjord-pass-2026',
  role_id: 2,
  department: 'Management',
  ...overrides,
});

async function signUp(fields: Record<string, unknown>) {
  const { payload, headers } = await multipartBody(fields);
  return t.app.inject({ method: 'POST', url: '/api/auth/sign/up', payload, headers });
}

const signInRaw = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign/in', headers: GATEWAY_HEADERS, payload: { email, password } });

describe('sign-up and approval', () => {
  it('registers an unapproved company whose users get E401004 until a super-admin grants permission', async () => {
    const created = await signUp({ newUser: newUser(), primaryLogo: await pngImage() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ result: { serviceName: 'fjord', email: 'owner@fjord.example', permission: false } });

    const refused = await signInRaw('owner@fjord.example', 'Fjord-pass-2026');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: ERROR_CODES.COMPANY_NOT_AUTHORIZED, message: MESSAGES.companyNotAuthorized });

    const superAdmin = await signIn(t.app, DEMO_USERS.superAdmin);
    const list = await call(t.app, superAdmin.authorization, { method: 'GET', url: '/api/service/super/customer/list' });
    const registered = list.json().result.find((c: { serviceName: string }) => c.serviceName === 'fjord');
    expect(registered).toMatchObject({ permission: false, planName: 'Starter' });
    const { customerId } = registered as { customerId: number };
    const notices = await call(t.app, superAdmin.authorization, { method: 'GET', url: '/api/service/notifications' });
    expect(notices.json().result[0]).toMatchObject({
      title: 'New company registered: Fjord Fisheries',
      type: 'company.registered',
      params: { companyName: 'Fjord Fisheries' },
      isRead: false,
    });

    const granted = await call(t.app, superAdmin.authorization, {
      method: 'PUT',
      url: '/api/service/super/customer/permission',
      payload: { customerId, permission: true },
    });
    expect(granted.json()).toEqual({ result: true });

    const owner = await signIn(t.app, 'owner@fjord.example', 'Fjord-pass-2026');
    expect(owner.user).toMatchObject({ serviceName: 'fjord', roleId: 2 });
    const info = await call(t.app, owner.authorization, { method: 'GET', url: '/api/auth/me/company-info' });
    expect(info.json().result).toMatchObject({ companyName: 'Fjord Fisheries', gcps: ['7040001'] });
    const logo = await call(t.app, owner.authorization, { method: 'GET', url: '/api/auth/me/primary-logo' });
    const logoPath = logo.json().result.primaryLogo as string;
    expect(logoPath).toMatch(/^\/files\/companies\/\d+\/[0-9a-f]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: `/api${logoPath}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    const approved = await call(t.app, owner.authorization, { method: 'GET', url: '/api/service/notifications' });
    expect(approved.json().result[0]).toMatchObject({ type: 'company.approved', title: 'Your company has been approved' });

    // Revoking takes effect on the next request, not when the token expires.
    await call(t.app, superAdmin.authorization, {
      method: 'PUT',
      url: '/api/service/super/customer/permission',
      payload: { customerId, permission: false },
    });
    const revoked = await call(t.app, owner.authorization, { method: 'GET', url: '/api/auth/me/' });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe(ERROR_CODES.COMPANY_NOT_AUTHORIZED);
  });

  it('answers a sign-up with an address that has an account like a new one, creates nothing and mails the owner', async () => {
    const fresh = await signUp({ newUser: newUser({ service_name: 'fresh-one', email: 'Someone.New@Fresh.example' }) });
    const before = await countMail(outbox, DEMO_USERS.acmeManager);
    const taken = await signUp({ newUser: newUser({ company_name: 'Taken Address Ltd', service_name: 'fresh-two', email: DEMO_USERS.acmeManager.toUpperCase() }), primaryLogo: await pngImage() });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual({ result: { serviceName: 'fresh-two', email: DEMO_USERS.acmeManager, permission: false } });
    expect(Object.keys(taken.json().result)).toEqual(Object.keys(fresh.json().result));

    const mail = await waitForMail(outbox, DEMO_USERS.acmeManager, before);
    expect(mail.subject).toBe('Someone tried to register with your e-mail address');
    expect(mail.links).toEqual(['https://console.example/login', 'https://console.example/forgot-password']);

    // Nothing of the attempt is kept: the name is still free, the owner's password unchanged, no notice.
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/service-name/check?serviceName=fresh-two' });
    expect(check.json()).toEqual({ available: true, reason: null });
    expect((await signInRaw(DEMO_USERS.acmeManager, 'Fjord-pass-2026')).statusCode).toBe(401);
    const superAdmin = await signIn(t.app, DEMO_USERS.superAdmin);
    const notices = await call(t.app, superAdmin.authorization, { method: 'GET', url: '/api/service/notifications' });
    expect(notices.json().result.map((n: { title: string }) => n.title)).not.toContain('New company registered: Taken Address Ltd');
  });

  it('refuses a taken service name, a reserved or malformed name and a non-image logo', async () => {
    expect((await signUp({ newUser: newUser({ service_name: 'acme', email: 'a@x.example' }) })).json().code).toBe(ERROR_CODES.SERVICE_NAME_TAKEN);
    // A taken name is a field error even with an address that has an account: names are public, addresses are not.
    const both = await signUp({ newUser: newUser({ service_name: 'acme', email: DEMO_USERS.nordicManager }) });
    expect(both.statusCode).toBe(409);
    expect(both.json().code).toBe(ERROR_CODES.SERVICE_NAME_TAKEN);
    const reserved = await signUp({ newUser: newUser({ service_name: 'login', email: 'b@x.example' }) });
    expect(reserved.statusCode).toBe(400);
    // `/gtin/...` paths belong to the Digital Link resolver.
    expect((await signUp({ newUser: newUser({ service_name: 'gtin', email: 'b@x.example' }) })).statusCode).toBe(400);
    const malformed = await signUp({ newUser: newUser({ service_name: 'Not OK!', gcps: ['12'], email: 'c@x.example' }) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['newUser.gcps.0', 'newUser.service_name']);
    const badLogo = await signUp({
      newUser: newUser({ service_name: 'text-logo', email: 'd@x.example' }),
      primaryLogo: { data: Buffer.from('not an image'), filename: 'logo.png', type: 'image/png' },
    });
    expect(badLogo.statusCode).toBe(400);
    expect(badLogo.json().message).toBe(MESSAGES.invalidImage);
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/service-name/check?serviceName=text-logo' });
    expect(check.json()).toEqual({ available: true, reason: null });
  });

  it('checks service names as the user types', async () => {
    const check = async (name: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/auth/service-name/check?serviceName=${encodeURIComponent(name)}` })).json();
    expect(await check('acme')).toEqual({ available: false, reason: 'taken' });
    expect(await check('ACME')).toEqual({ available: false, reason: 'taken' });
    expect(await check('register')).toEqual({ available: false, reason: 'reserved' });
    expect(await check('a')).toEqual({ available: false, reason: 'invalid' });
    expect(await check('12345')).toEqual({ available: false, reason: 'invalid' });
    expect(await check('brand-new')).toEqual({ available: true, reason: null });
  });

  it('lets only the super-admin change a permission', async () => {
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const response = await call(t.app, manager.authorization, {
      method: 'PUT',
      url: '/api/service/super/customer/permission',
      payload: { customerId: 1, permission: false },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('password reset by e-mail', () => {
  const email = DEMO_USERS.nordicManager;
  const linkParts = (link: string) => {
    const match = /\/reset-password\/(\d+)\/([\w-]+)$/.exec(new URL(link).pathname);
    if (!match) throw new Error(`not a reset link: ${link}`);
    return { userId: Number(match[1]), token: match[2] };
  };

  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = (await outbox()).length;
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'nobody@nowhere.example' } });
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: DEMO_USERS.borealisManager } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
    expect(known.statusCode).toBe(response.statusCode);
    expect(known.body).toBe(response.body);
    await jobsSettled(t.app, 'mail');
    const sent = await outbox();
    expect(sent.length).toBe(before + 1);
    expect(sent.some((mail) => mail.to.includes('nobody@nowhere.example'))).toBe(false);
  });

  it('mails one address at most MAIL_RECIPIENT_LIMIT_15_MIN times, answering every request alike, and keeps the newest link working', async () => {
    const address = DEMO_USERS.acmeSubAdmin;
    const limit = t.config.MAIL_RECIPIENT_LIMIT_15_MIN;
    const before = await countMail(outbox, address);
    const answers = [];
    for (let i = 0; i < limit + 3; i += 1) {
      answers.push(await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: address } }));
    }
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(new Set(['200 {"result":true}']));
    await jobsSettled(t.app, 'mail');
    const mails = (await outbox()).filter((mail) => mail.to.includes(address));
    expect(mails.length - before).toBe(limit);
    // Throttled requests issue nothing, so the newest mailed link still works.
    const validity = await Promise.all(
      mails.slice(before).map(async (mail) => {
        const { userId, token } = linkParts(mail.links[0]);
        return (await t.app.inject({ method: 'GET', url: `/api/auth/password/reset/${userId}/${token}` })).json().result.valid as boolean;
      }),
    );
    expect(validity.filter(Boolean)).toHaveLength(1);
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const session = await signIn(t.app, email);
    const before = await countMail(outbox, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: email.toUpperCase() } });
    const mail = await waitForMail(outbox, email, before);
    expect(mail.subject).toBe('Reset your password');
    const link = mail.links.find((l) => l.includes('/reset-password/'))!;
    expect(link.startsWith('https://console.example/reset-password/')).toBe(true);
    const { userId, token } = linkParts(link);

    const valid = await t.app.inject({ method: 'GET', url: `/api/auth/password/reset/${userId}/${token}` });
    expect(valid.json()).toEqual({ result: { valid: true } });

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { userId, token, password: 'Brand-new-pass-1' } });
    expect(reset.json()).toEqual({ result: true });

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { userId, token, password: 'Other-pass-2222' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(ERROR_CODES.LINK_INVALID);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/password/reset/${userId}/${token}` })).json()).toEqual({ result: { valid: false } });

    expect((await signInRaw(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signInRaw(email, 'Brand-new-pass-1')).statusCode).toBe(200);
    // The session opened before the reset is over.
    expect((await call(t.app, session.authorization, { method: 'GET', url: '/api/auth/me/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh', headers: GATEWAY_HEADERS, payload: { authToken: session.authToken } })).statusCode).toBe(401);
  });

  it('refuses an expired link', async () => {
    const before = await countMail(outbox, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    const { userId, token } = linkParts((await waitForMail(outbox, email, before)).links[0]);
    await t.app.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, userId));
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { userId, token, password: 'Too-late-pass-1' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe(ERROR_CODES.LINK_INVALID);
  });

  it('a newer request spends the older link; the mailed code gives a fresh link once', async () => {
    const before = await countMail(outbox, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    const first = await waitForMail(outbox, email, before);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    const second = await waitForMail(outbox, email, before + 1);
    const old = linkParts(first.links[0]);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/password/reset/${old.userId}/${old.token}` })).json().result.valid).toBe(false);

    const code = /verification code: (\d{6})/.exec(second.text)![1];
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/password/verify-code', payload: { email, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.json().code).toBe(ERROR_CODES.LINK_INVALID);
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/auth/password/verify-code', payload: { email, code } });
    expect(exchanged.statusCode).toBe(200);
    const { userId, token } = exchanged.json().result;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password/verify-code', payload: { email, code } })).statusCode).toBe(400);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { userId, token, password: 'Code-path-pass-1' } });
    expect(reset.json()).toEqual({ result: true });
  });
});

describe('profile and password', () => {
  it('reads and updates the own profile with an image', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    const before = await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/profile' });
    expect(before.json().result).toMatchObject({ email: DEMO_USERS.acmeSubAdmin, firstName: 'Sid', profile: null });

    const { payload, headers } = await multipartBody({
      updateInfo: { first_name: 'Sidney', mobile: '+1 555 0142', showDefaultPage: false },
      profileImage: await pngImage('#00aa00'),
    });
    const updated = await call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/profile', payload, headers });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({ firstName: 'Sidney', lastName: 'Sub', mobile: '+1 555 0142', showDefaultPage: false });
    expect(updated.json().result.profile).toMatch(/^\/files\/users\/\d+\//);

    const me = await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/' });
    expect(me.json().user).toMatchObject({ firstName: 'Sidney', showDefaultPage: false });

    const invalid = await call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/profile', payload: { updateInfo: { first_name: '' } } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('updateInfo.first_name');
  });

  it('lets admins, not sub-admins, update the company info', async () => {
    const sub = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    expect((await call(t.app, sub.authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload: { updateInfo: { country: 'DE' } } })).statusCode).toBe(403);
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const { payload, headers } = await multipartBody({ updateInfo: { description: 'Gear for every trail.', contactHour: '9-5' }, primaryLogo: await pngImage() });
    const updated = await call(t.app, manager.authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload, headers });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({ description: 'Gear for every trail.', contactHour: '9-5', serviceName: 'acme' });
    expect(updated.json().result.primaryLogo).toMatch(/^\/files\/companies\//);
  });

  it('changes the password after checking the old one and signs out the other sessions only', async () => {
    const current = await signIn(t.app, DEMO_USERS.acmeManager);
    const other = await signIn(t.app, DEMO_USERS.acmeManager);

    const wrong = await call(t.app, current.authorization, {
      method: 'PUT',
      url: '/api/auth/me/password',
      payload: { oldPassword: 'not-my-password', password: 'Changed-pass-2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(ERROR_CODES.WRONG_PASSWORD);

    const changed = await call(t.app, current.authorization, {
      method: 'PUT',
      url: '/api/auth/me/password',
      payload: { oldPassword: DEMO_PASSWORD, password: 'Changed-pass-2026' },
    });
    expect(changed.json()).toEqual({ result: true });

    expect((await call(t.app, other.authorization, { method: 'GET', url: '/api/auth/me/' })).statusCode).toBe(401);
    const otherRefresh = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh', headers: GATEWAY_HEADERS, payload: { authToken: other.authToken } });
    expect(otherRefresh.json().code).toBe(ERROR_CODES.REFRESH_INVALID);

    expect((await call(t.app, current.authorization, { method: 'GET', url: '/api/auth/me/' })).statusCode).toBe(200);
    const currentRefresh = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh', headers: GATEWAY_HEADERS, payload: { authToken: current.authToken } });
    expect(currentRefresh.statusCode).toBe(200);
    expect((await signInRaw(DEMO_USERS.acmeManager, 'Changed-pass-2026')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('describes the account, sub-admin and pricing calls', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/sign/up',
        '/api/auth/service-name/check',
        '/api/auth/password/forgot',
        '/api/auth/password/reset',
        '/api/auth/password/reset/{userId}/{token}',
        '/api/auth/password/verify-code',
        '/api/auth/me/profile',
        '/api/auth/me/primary-logo',
        '/api/auth/me/password',
        '/api/service/super/customer/permission',
        '/api/auth/sub-admin',
        '/api/auth/sub-admin/up',
        '/api/auth/sub-admin/invitation',
        '/api/auth/sub-admin/access',
        '/api/auth/sub-admin/del',
        '/api/auth/invitation/{userId}',
        '/api/auth/invitation/accept',
        '/api/service/plan/list',
      ]),
    );
  });
});
