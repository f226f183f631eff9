import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../db/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const unread = async (authorization: string) =>
  (await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications/unread' })).json().result.count;

describe('notifications', () => {
  it("lists the caller's notifications newest first, paged", async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    const first = await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications?page=1&pageSize=3' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.pageInfo).toEqual({ total: 4, page: 1, size: 3 });
    expect(body.result.map((n: { title: string }) => n.title)).toEqual(['Scheduled maintenance', 'New sub-admin', 'Product limit']);

    const second = await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications?page=2&pageSize=3' });
    expect(second.json().result.map((n: { title: string }) => n.title)).toEqual(['Plan renewed']);

    const defaults = await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications' });
    expect(defaults.json().pageInfo).toEqual({ total: 4, page: 1, size: 10 });
  });

  it('counts unread, marks one read and then all', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    expect(await unread(authorization)).toBe(2);

    const list = (await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications' })).json().result;
    const target = list.find((n: { isRead: boolean; title: string }) => !n.isRead && n.title === 'New sub-admin');
    const marked = await call(t.app, authorization, { method: 'PATCH', url: `/api/service/notifications/${target.notificationId}/read` });
    expect(marked.json()).toEqual({ result: true });
    expect(await unread(authorization)).toBe(1);

    await call(t.app, authorization, { method: 'PATCH', url: '/api/service/notifications/read-all' });
    expect(await unread(authorization)).toBe(0);
  });

  it("answers 404 for someone else's notification", async () => {
    const acme = await signIn(t.app, DEMO_USERS.acmeManager);
    const nordic = await signIn(t.app, DEMO_USERS.nordicManager);
    const [foreign] = (await call(t.app, acme.authorization, { method: 'GET', url: '/api/service/notifications' })).json().result;
    const response = await call(t.app, nordic.authorization, {
      method: 'PATCH',
      url: `/api/service/notifications/${foreign.notificationId}/read`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ERROR_CODES.NOT_FOUND);
  });

  it("gives the super-admin the notifications of no company", async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.superAdmin);
    const list = (await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications' })).json();
    expect(list.pageInfo.total).toBe(2);
    expect(list.result[0].title).toBe('New company registered: Borealis Labs');
    expect(await unread(authorization)).toBe(1);
  });

  it('rejects a page below 1', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.nordicManager);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications?page=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('page');
  });
});

describe('calls without a body', () => {
  it('accept an empty body sent as application/json', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.nordicManager);
    const response = await call(t.app, authorization, {
      method: 'PATCH',
      url: '/api/service/notifications/read-all',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(await unread(authorization)).toBe(0);
  });
});
