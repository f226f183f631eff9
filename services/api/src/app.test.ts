import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { DEMO_USERS } from './db/seed.js';
import { call, createTestApp, signIn, type TestApp } from './test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the API app', () => {
  it('serves its OpenAPI description at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/sign/in',
        '/api/auth/sign/out',
        '/api/auth/token/refresh',
        '/api/auth/me/',
        '/api/auth/me/company-info',
        '/api/auth/super/switch-customer',
        '/api/auth/token/switch-customer',
        '/api/service/super/customer/list',
        '/api/service/plan/info',
        '/api/service/plan/check/product',
        '/api/service/plan/check/link',
        '/api/service/notifications/unread',
        '/api/service/notifications',
        '/api/service/notifications/{id}/read',
        '/api/service/notifications/read-all',
        '/api/overview/total-count',
        '/api/overview/productList',
        '/api/project',
        '/api/project/all',
        '/api/project/{id}',
      ]),
    );
    expect(paths.some((path) => path.startsWith('/api/docs'))).toBe(false);
    const signIn = response.json().paths['/api/auth/sign/in'].post;
    expect(signIn.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('serves the OpenAPI UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers health checks at /healthz and /api/healthz', async () => {
    for (const url of ['/healthz', '/api/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers unknown routes with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ERROR_CODES.NOT_FOUND, message: MESSAGES.notFound });
  });
});

describe('unexpected failures', () => {
  it('answer a generic 500 without the cause or a stack trace', async () => {
    const broken = await createTestApp();
    try {
      const { authorization } = await signIn(broken.app, DEMO_USERS.acmeManager);
      await broken.app.db.execute(sql`drop table notifications cascade`);
      const response = await call(broken.app, authorization, { method: 'GET', url: '/api/service/notifications/unread' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: ERROR_CODES.INTERNAL, message: MESSAGES.internal });
      expect(response.body).not.toMatch(/notifications|relation|at /);
    } finally {
      await broken.close();
    }
  });
});
