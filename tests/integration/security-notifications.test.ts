import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * Finding of an external probe, replayed through the gateway against the real API: the read flag
 * of a notification addressed to a whole company was one flag for everyone, so a sub-admin
 * marking it read marked it read for the manager too. Read state is each user's own.
 */


let stack: Stack;
let manager: string;
let subAdmin: string;

const http = () => request(stack.gateway.server);

const signIn = (email: string) => signInThroughGateway(stack.gateway, email);

interface ListedNotification {
  notificationId: number;
  title: string;
  isRead: boolean;
}

async function notifications(cookie: string): Promise<ListedNotification[]> {
  return (await http().get('/bff/api/service/notifications?pageSize=100').set('Cookie', cookie).expect(200)).body.result;
}

async function unreadCount(cookie: string): Promise<number> {
  return (await http().get('/bff/api/service/notifications/unread').set('Cookie', cookie).expect(200)).body.result.count;
}

beforeAll(async () => {
  stack = await startStack();
  manager = await signIn('manager@demo.example');
  subAdmin = await signIn('subadmin@demo.example');
});
afterAll(async () => {
  await stack?.close();
});

describe('notification read state through the gateway', () => {
  it("a company-wide notification the sub-admin marks read stays unread for the manager, and read-all is the caller's own", async () => {
    // "Scheduled maintenance" is addressed to every user of Acme.
    const maintenance = (await notifications(subAdmin)).find((n) => n.title === 'Scheduled maintenance');
    expect(maintenance).toMatchObject({ isRead: false });
    const managerUnread = await unreadCount(manager);
    expect(managerUnread).toBeGreaterThan(0);

    await http()
      .patch(`/bff/api/service/notifications/${maintenance!.notificationId}/read`)
      .set('Cookie', subAdmin)
      .set('X-CSRF', '1')
      .expect(200, { result: true });

    expect((await notifications(subAdmin)).find((n) => n.notificationId === maintenance!.notificationId)?.isRead).toBe(true);
    expect((await notifications(manager)).find((n) => n.notificationId === maintenance!.notificationId)?.isRead).toBe(false);
    expect(await unreadCount(manager)).toBe(managerUnread);

    // The sub-admin reads everything: the manager's unread count does not move.
    await http().patch('/bff/api/service/notifications/read-all').set('Cookie', subAdmin).set('X-CSRF', '1').expect(200);
    expect(await unreadCount(subAdmin)).toBe(0);
    expect(await unreadCount(manager)).toBe(managerUnread);
    const managerUnreadOnly = await http().get('/bff/api/service/notifications?unreadOnly=true').set('Cookie', manager).expect(200);
    expect(managerUnreadOnly.body.pageInfo.total).toBe(managerUnread);
    expect(managerUnreadOnly.body.result.map((n: ListedNotification) => n.title)).toContain('Scheduled maintenance');

    // And the other way round.
    await http().patch('/bff/api/service/notifications/read-all').set('Cookie', manager).set('X-CSRF', '1').expect(200);
    expect(await unreadCount(manager)).toBe(0);
  });
});
