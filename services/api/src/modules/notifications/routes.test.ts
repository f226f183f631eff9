import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
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

describe('read state is per user', () => {
  const list = async (authorization: string) =>
    (await call(t.app, authorization, { method: 'GET', url: '/api/service/notifications?pageSize=100' })).json().result as {
      notificationId: number;
      title: string;
      isRead: boolean;
    }[];

  it("a company-wide notification read by the sub-admin stays unread for the manager, and read-all is the caller's own", async () => {
    const { notifyCompany } = await import('./notify.js');
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const subAdmin = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    const { users } = await import('../auth/tables.js');
    const { eq } = await import('drizzle-orm');
    const [{ companyId }] = await t.app.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, manager.user.userId));
    await notifyCompany(t.app.db, companyId!, { type: 'test', title: 'Shared with everyone', message: '' });
    const shared = (await list(subAdmin.authorization)).find((n) => n.title === 'Shared with everyone')!;
    const managerUnread = await unread(manager.authorization);

    const marked = await call(t.app, subAdmin.authorization, { method: 'PATCH', url: `/api/service/notifications/${shared.notificationId}/read` });
    expect(marked.json()).toEqual({ result: true });
    expect((await list(subAdmin.authorization)).find((n) => n.notificationId === shared.notificationId)?.isRead).toBe(true);
    expect((await list(manager.authorization)).find((n) => n.notificationId === shared.notificationId)?.isRead).toBe(false);
    expect(await unread(manager.authorization)).toBe(managerUnread);

    // Marking it again is harmless.
    expect((await call(t.app, subAdmin.authorization, { method: 'PATCH', url: `/api/service/notifications/${shared.notificationId}/read` })).statusCode).toBe(200);

    await call(t.app, manager.authorization, { method: 'PATCH', url: '/api/service/notifications/read-all' });
    expect(await unread(manager.authorization)).toBe(0);
    await notifyCompany(t.app.db, companyId!, { type: 'test', title: 'Second for everyone', message: '' });
    expect(await unread(subAdmin.authorization)).toBe(2); // maintenance notice and the second one
    expect(await unread(manager.authorization)).toBe(1);
    const unreadOnly = (await call(t.app, subAdmin.authorization, { method: 'GET', url: '/api/service/notifications?unreadOnly=true' })).json();
    expect(unreadOnly.result.map((n: { title: string }) => n.title)).toEqual(['Second for everyone', 'Scheduled maintenance']);
    expect(unreadOnly.pageInfo.total).toBe(2);
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

describe('notification events', () => {
  it('pages through many notifications 10 at a time and marks them all read', async () => {
    const { notifyCompany } = await import('./notify.js');
    const manager = await signIn(t.app, DEMO_USERS.nordicManager);
    const superAdmin = await signIn(t.app, DEMO_USERS.superAdmin);
    const companyId = (await call(t.app, superAdmin.authorization, { method: 'GET', url: '/api/service/super/customer/list' }))
      .json()
      .result.find((c: { serviceName: string }) => c.serviceName === 'nordic').customerId as number;
    for (let index = 1; index <= 12; index += 1) {
      await notifyCompany(t.app.db, companyId, { type: 'test', title: `Event ${index}`, message: '' });
    }
    const page = async (n: number) =>
      (await call(t.app, manager.authorization, { method: 'GET', url: `/api/service/notifications?page=${n}&pageSize=10` })).json();
    const first = await page(1);
    expect(first.result).toHaveLength(10);
    expect(first.result[0].title).toBe('Event 12');
    const second = await page(2);
    expect(second.pageInfo).toEqual({ total: first.pageInfo.total, page: 2, size: 10 });
    expect(first.result.length + second.result.length).toBe(Math.min(20, first.pageInfo.total));

    const unreadOnly = (await call(t.app, manager.authorization, { method: 'GET', url: '/api/service/notifications?unreadOnly=true' })).json();
    expect(unreadOnly.result.every((n: { isRead: boolean }) => !n.isRead)).toBe(true);

    await call(t.app, manager.authorization, { method: 'PATCH', url: '/api/service/notifications/read-all' });
    expect(await unread(manager.authorization)).toBe(0);
    expect((await call(t.app, manager.authorization, { method: 'GET', url: '/api/service/notifications?unreadOnly=true' })).json().pageInfo.total).toBe(0);

    // Another company's notifications are untouched and unseen.
    const acme = await signIn(t.app, DEMO_USERS.acmeManager);
    const acmeTitles = (await call(t.app, acme.authorization, { method: 'GET', url: '/api/service/notifications?pageSize=100' })).json().result.map((n: { title: string }) => n.title);
    expect(acmeTitles).not.toContain('Event 1');
  });

  it('notifies the managers once when product usage reaches 80 % and 100 % of the plan', async () => {
    const { notifyPlanUsage } = await import('./notify.js');
    const { products } = await import('../products/tables.js');
    const { eq } = await import('drizzle-orm');
    const manager = await signIn(t.app, DEMO_USERS.nordicManager); // Starter: 20 products, 4 seeded
    const superAdmin = await signIn(t.app, DEMO_USERS.superAdmin);
    const nordic = (await call(t.app, superAdmin.authorization, { method: 'GET', url: '/api/service/super/customer/list' }))
      .json()
      .result.find((c: { serviceName: string }) => c.serviceName === 'nordic').customerId as number;
    const [template] = await t.app.db.select().from(products).where(eq(products.companyId, nordic)).limit(1);
    const addProducts = async (n: number, from: number) => {
      for (let index = 0; index < n; index += 1) {
        const { id: _id, ...copy } = template;
        await t.app.db.insert(products).values({ ...copy, productName: `Extra ${from + index}`, gtin: `0${String(7350053900000 + from + index)}` } as typeof products.$inferInsert);
      }
      await notifyPlanUsage(t.app.db, nordic);
    };
    const usageNotices = async () =>
      (await call(t.app, manager.authorization, { method: 'GET', url: '/api/service/notifications?pageSize=100' }))
        .json()
        .result.filter((n: { type: string | null; params?: { resource?: string } }) => n.type === 'plan.usage' && n.params?.resource === 'product');

    await addProducts(11, 0); // 15 of 20
    expect(await usageNotices()).toHaveLength(0);
    await addProducts(1, 11); // 16 of 20 = 80 %
    expect((await usageNotices()).map((n: { params: { threshold: number } }) => n.params.threshold)).toEqual([80]);
    await addProducts(1, 12); // 17: nothing new
    expect(await usageNotices()).toHaveLength(1);
    await addProducts(3, 13); // 20 of 20
    const notices = await usageNotices();
    expect(notices.map((n: { params: { threshold: number } }) => n.params.threshold)).toEqual([100, 80]);
    expect(notices[0].message).toBe('You have used 20 of 20 products of your Starter plan.');
  });
});
