import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtin14, PLAN_USAGE_CHANGED_HEADER, sessionInfoSchema } from '@product-console/shared';
import { DEMO_PASSWORD, signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * The gateway's own /bff/auth and /bff/plan routes against the real API: what sign-in, the
 * company switch and the plan checks answer is the API's to say. (The gateway's tests keep a
 * stand-in API only for what a real one cannot easily be made to do: fail, hang, answer late.)
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const gateway = () => request(stack.gateway.server);
const signIn = (email: string) => signInThroughGateway(stack.gateway, email);
/** Nothing token-like reaches the browser: no bearer, no JWT, no refresh token. */
const expectNoTokens = (res: { headers: object; text: string }) => expect(JSON.stringify(res.headers) + res.text).not.toMatch(/Bearer|eyJ|authToken/);

async function metric(name: string): Promise<number> {
  const text = (await gateway().get('/metrics')).text;
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

async function customerIdOf(superAdmin: string, serviceName: string): Promise<number> {
  const customers = await gateway().get('/bff/api/service/super/customer/list').set('Cookie', superAdmin).expect(200);
  return customers.body.result.find((c: { serviceName: string }) => c.serviceName === serviceName).customerId;
}

describe('sign-in, me and sign-out', () => {
  it('answers the user only and sets an HttpOnly, SameSite=Strict session cookie on /', async () => {
    const res = await gateway().post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email: 'manager@demo.example', password: DEMO_PASSWORD }).expect(200);
    expect(Object.keys(res.body)).toEqual(['user']);
    expect(res.body.user).toMatchObject({ email: 'manager@demo.example', serviceName: 'acme' });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='))!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expectNoTokens(res);
  });

  it("passes on the API's refusal of wrong credentials, and keeps no session", async () => {
    const res = await gateway().post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email: 'manager@demo.example', password: 'Wrong-pass-2026' }).expect(401);
    expect(res.body.code).toBe('E401001');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers the session info without any token, and ends it on sign-out', async () => {
    const cookie = await signIn('manager@demo.example');
    const me = await gateway().get('/bff/auth/me').set('Cookie', cookie).expect(200);
    expect(sessionInfoSchema.parse(me.body)).toMatchObject({ user: { email: 'manager@demo.example' }, switchedCustomerId: null });
    expectNoTokens(me);

    const out = await gateway().post('/bff/auth/sign-out').set('X-CSRF', '1').set('Cookie', cookie).expect(200);
    expect(out.body).toEqual({ result: true });
    expect([out.headers['set-cookie']].flat().join()).toMatch(/sid=;.*Expires=Thu, 01 Jan 1970/);
    await gateway().get('/bff/auth/me').set('Cookie', cookie).expect(401);
  });
});

describe('company switch', () => {
  it('is refused to anyone but a super-admin', async () => {
    const manager = await signIn('manager@demo.example');
    const res = await gateway().post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', manager).send({ customerId: 1 }).expect(403);
    expect(res.body.code).toBe('E403001');
    await gateway().delete('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', manager).expect(403);
  });

  it('lets the super-admin act for a company through the proxy, then leave it', async () => {
    const cookie = await signIn('super@demo.example');
    const nordic = await customerIdOf(cookie, 'nordic');

    const switched = await gateway().post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).send({ customerId: nordic }).expect(200);
    expect(sessionInfoSchema.parse(switched.body)).toMatchObject({ user: { roleId: 1, serviceName: 'nordic' }, switchedCustomerId: nordic });
    expectNoTokens(switched);
    const me = await gateway().get('/bff/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body).toMatchObject({ user: { serviceName: 'nordic' }, switchedCustomerId: nordic });
    // Proxied calls carry the switched company's token.
    const counts = await gateway().get('/bff/api/overview/total-count').set('Cookie', cookie).expect(200);
    expect(counts.body.result.projects).toBe(2);

    const left = await gateway().delete('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).expect(200);
    expect(left.body).toMatchObject({ user: { roleId: 1 }, switchedCustomerId: null });
    await gateway().get('/bff/api/overview/total-count').set('Cookie', cookie).expect(403);
  });

  it("passes on the API's 404 for an unknown company and checks the body itself", async () => {
    const cookie = await signIn('super@demo.example');
    await gateway().post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).send({ customerId: 999_999 }).expect(404);
    const bad = await gateway().post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).send({}).expect(400);
    expect(bad.body.details[0].path).toBe('customerId');
  });
});

describe('plan-limit checks', () => {
  it("answers the API's verdict, asked once per company for every user acting for it", async () => {
    const manager = await signIn('manager@nordic.example');
    const superAdmin = await signIn('super@demo.example');
    await gateway().post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', superAdmin).send({ customerId: await customerIdOf(superAdmin, 'nordic') }).expect(200);

    const missesBefore = await metric('bff_plan_cache_misses_total');
    const verdicts = await Promise.all([manager, superAdmin, manager, superAdmin].map((cookie) => gateway().get('/bff/plan/check/product').set('Cookie', cookie).expect(200)));
    expect(verdicts.map((res) => res.body)).toEqual(Array(4).fill({ isLimit: false }));
    expect(await metric('bff_plan_cache_misses_total')).toBe(missesBefore + 1);
  });

  it('asks the API again after a product is created through the proxy, and never shows the browser why', async () => {
    const cookie = await signIn('manager@nordic.example');
    await gateway().get('/bff/plan/check/product').set('Cookie', cookie).expect(200);
    const missesBefore = await metric('bff_plan_cache_misses_total');

    const projects = await gateway().get('/bff/api/project/all').set('Cookie', cookie).expect(200);
    const product = {
      project_id: projects.body.result[0].project_id,
      product_name: 'Gateway Rye Crispbread',
      gtin: gtin14(0, '7350053', 80_000 + Math.floor(Math.random() * 9_000)),
    };
    const created = await gateway()
      .post('/bff/api/product/?service=DL')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .field('product', JSON.stringify([product]))
      .expect(201);
    expect(created.headers[PLAN_USAGE_CHANGED_HEADER]).toBeUndefined();

    await gateway().get('/bff/plan/check/product').set('Cookie', cookie).expect(200);
    expect(await metric('bff_plan_cache_misses_total'), `the API marks a created product with ${PLAN_USAGE_CHANGED_HEADER}`).toBe(missesBefore + 1);
  });
});
