import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, GATEWAY_HEADERS, signIn, type SignedIn, type TestApp } from '../../test/app.js';
import { countMail, readOutbox, waitForMail } from '../../test/mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const outbox = () => readOutbox(t.config);
const get = (who: SignedIn, url: string) => call(t.app, who.authorization, { method: 'GET', url });
const send = (who: SignedIn, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  call(t.app, who.authorization, { method, url, payload: payload as Record<string, unknown> });

async function createSubAdmin(who: SignedIn, newUser: Record<string, unknown>) {
  return send(who, 'POST', '/api/auth/sub-admin/up', { newUser });
}

describe('sub-admin list', () => {
  it("lists the company's sub-admins with paging and canAdd", async () => {
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const response = await get(manager, '/api/auth/sub-admin?page=1&size=10');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.canAdd).toBe(true);
    expect(body.pageInfo).toEqual({ total: 1, page: 1, size: 10 });
    expect(body.result[0]).toMatchObject({
      email: DEMO_USERS.acmeSubAdmin,
      first_name: 'Sid',
      active: { joined: true, expired: false },
      projectIds: [expect.any(Number)],
    });
  });

  it('lets a sub-admin read its own access flags but nobody else\'s', async () => {
    const sub = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const project = (await get(sub, '/api/project/all')).json().result[0].project_id;
    const own = await get(sub, `/api/auth/sub-admin/access?projectId=${project}&subAdminId=${sub.user.userId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().accessInfo.product).toEqual({ r: true, w: true });
    const managerId = (await get(manager, '/api/auth/me/')).json().user.userId;
    expect((await get(sub, `/api/auth/sub-admin/access?projectId=${project}&subAdminId=${managerId}`)).statusCode).toBe(403);
    expect((await get(sub, '/api/auth/sub-admin?page=1&size=10')).statusCode).toBe(403);
  });

  it("keeps companies apart: no other company's sub-admins, 404 on theirs", async () => {
    const acme = await signIn(t.app, DEMO_USERS.acmeManager);
    const nordic = await signIn(t.app, DEMO_USERS.nordicManager);
    const acmeSub = (await get(acme, '/api/auth/sub-admin')).json().result[0];
    expect((await get(nordic, '/api/auth/sub-admin')).json().result).toEqual([]);
    expect((await send(nordic, 'PUT', `/api/auth/sub-admin/del?subAdminId=${acmeSub.user_id}`)).statusCode).toBe(404);
    expect((await send(nordic, 'POST', '/api/auth/sub-admin/invitation', { subAdminId: acmeSub.user_id })).statusCode).toBe(404);
    const nordicProject = (await get(nordic, '/api/project/all')).json().result[0].project_id;
    expect(
      (await send(nordic, 'POST', '/api/auth/sub-admin/access', { subAdminId: acmeSub.user_id, projectIds: [nordicProject], accessInfo: { product: { r: true, w: true } } }))
        .statusCode,
    ).toBe(404);
    expect((await get(nordic, `/api/auth/sub-admin/access?projectId=${nordicProject}&subAdminId=${acmeSub.user_id}`)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const sub = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    expect((await get(sub, '/api/auth/sub-admin')).statusCode).toBe(403);
    expect((await createSubAdmin(sub, { first_name: 'A', last_name: 'B', email: 'ab@acme.example' })).statusCode).toBe(403);
  });
});

describe('plan limit', () => {
  it('turns canAdd off at the limit, refuses another on the server and notifies at 100 %', async () => {
    const nordic = await signIn(t.app, DEMO_USERS.nordicManager); // Starter: 2 sub-admins
    const first = await createSubAdmin(nordic, { first_name: 'Olle', last_name: 'One', email: 'olle@nordic.example', password: 'Olle-pass-2026' });
    expect(first.statusCode).toBe(201);
    expect(first.json().result).toMatchObject({ email: 'olle@nordic.example', active: { joined: true, expired: false }, projectIds: [] });
    expect((await get(nordic, '/api/auth/sub-admin')).json().canAdd).toBe(true);

    await createSubAdmin(nordic, { first_name: 'Tove', last_name: 'Two', email: 'tove@nordic.example' });
    expect((await get(nordic, '/api/auth/sub-admin')).json().canAdd).toBe(false);

    const refused = await createSubAdmin(nordic, { first_name: 'Tre', last_name: 'Three', email: 'tre@nordic.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERROR_CODES.PLAN_LIMIT_REACHED);

    const notices = (await get(nordic, '/api/service/notifications')).json().result;
    const usage = notices.filter((n: { type: string | null }) => n.type === 'plan.usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ params: { resource: 'subAdmin', threshold: 100, used: 2, limit: 2 } });

    // Deleting one frees a place again.
    const tove = (await get(nordic, '/api/auth/sub-admin')).json().result.find((s: { email: string }) => s.email === 'tove@nordic.example');
    expect((await send(nordic, 'PUT', `/api/auth/sub-admin/del?subAdminId=${tove.user_id}`)).json()).toEqual({ result: true });
    expect((await get(nordic, '/api/auth/sub-admin')).json().canAdd).toBe(true);
  });

  it('refuses a taken email', async () => {
    const acme = await signIn(t.app, DEMO_USERS.acmeManager);
    const taken = await createSubAdmin(acme, { first_name: 'X', last_name: 'Y', email: DEMO_USERS.nordicManager });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(ERROR_CODES.EMAIL_TAKEN);
  });
});

describe('invitation', () => {
  it('mails a single-use link to /new-member/{userId} that sets the password; the managers are told', async () => {
    const acme = await signIn(t.app, DEMO_USERS.acmeManager);
    const created = (await createSubAdmin(acme, { first_name: 'Ina', last_name: 'Invited', email: 'ina@acme.example', department: 'Camping' })).json().result;
    expect(created.active).toMatchObject({ joined: false, expired: true, invitedAt: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign/in', headers: GATEWAY_HEADERS, payload: { email: 'ina@acme.example', password: 'anything-at-all' } })).statusCode).toBe(401);

    const before = await countMail(outbox, 'ina@acme.example');
    expect((await send(acme, 'POST', '/api/auth/sub-admin/invitation', { subAdminId: created.user_id })).json()).toEqual({ result: true });
    // Listed as invited as soon as the invitation is answered, before its mail has left.
    const invited = (await get(acme, '/api/auth/sub-admin')).json().result.find((s: { user_id: number }) => s.user_id === created.user_id);
    expect(invited.active).toMatchObject({ joined: false, expired: false, invitedAt: expect.any(String) });
    const mail = await waitForMail(outbox, 'ina@acme.example', before);
    expect(mail.subject).toBe('You are invited to Acme Outdoor');
    const link = new URL(mail.links[0]);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe(`/new-member/${created.user_id}`);
    const token = link.searchParams.get('token')!;

    const listed = (await get(acme, '/api/auth/sub-admin')).json().result.find((s: { user_id: number }) => s.user_id === created.user_id);
    expect(listed.active).toMatchObject({ joined: false, expired: false, invitedAt: expect.any(String) });

    const info = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${created.user_id}?token=${token}` });
    expect(info.json().result).toEqual({ email: 'ina@acme.example', firstName: 'Ina', lastName: 'Invited', companyName: 'Acme Outdoor' });

    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { userId: created.user_id, token, password: 'Ina-pass-2026' } });
    expect(accepted.json()).toEqual({ result: true });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { userId: created.user_id, token, password: 'Other-pass-2026' } });
    expect(again.json().code).toBe(ERROR_CODES.LINK_INVALID);

    const ina = await signIn(t.app, 'ina@acme.example', 'Ina-pass-2026');
    expect(ina.user).toMatchObject({ roleId: 3, serviceName: 'acme' });
    const joined = (await get(acme, '/api/service/notifications')).json().result[0];
    expect(joined).toMatchObject({ type: 'subAdmin.joined', message: 'Ina Invited joined your company.' });
    expect((await send(acme, 'POST', '/api/auth/sub-admin/invitation', { subAdminId: created.user_id })).json().code).toBe(ERROR_CODES.ALREADY_JOINED);
  });

  it('a re-invitation spends the earlier link', async () => {
    const acme = await signIn(t.app, DEMO_USERS.acmeManager);
    const created = (await createSubAdmin(acme, { first_name: 'Rex', last_name: 'Again', email: 'rex@acme.example' })).json().result;
    const before = await countMail(outbox, 'rex@acme.example');
    await send(acme, 'POST', '/api/auth/sub-admin/invitation', { subAdminId: created.user_id });
    const first = new URL((await waitForMail(outbox, 'rex@acme.example', before)).links[0]).searchParams.get('token')!;
    await send(acme, 'POST', '/api/auth/sub-admin/invitation', { subAdminId: created.user_id });
    const second = new URL((await waitForMail(outbox, 'rex@acme.example', before + 1)).links[0]).searchParams.get('token')!;
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${created.user_id}?token=${first}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${created.user_id}?token=${second}` })).statusCode).toBe(200);
  });
});

describe('access per project', () => {
  it('enforces no access, read only and read/write on projects and products', async () => {
    const acme = await signIn(t.app, DEMO_USERS.acmeManager);
    const projects = (await get(acme, '/api/project/all')).json().result as { project_id: number; project_name: string }[];
    const camping = projects.find((p) => p.project_name === 'Camping')!.project_id;
    const campingProduct = (await get(acme, `/api/product/all?projectId=${camping}&page=1&size=10`)).json().result[0];
    const productId = campingProduct.entry_id ?? campingProduct.productId ?? campingProduct.id;

    const created = (await createSubAdmin(acme, { first_name: 'Max', last_name: 'Matrix', email: 'max@acme.example', password: 'Max-pass-2026' })).json().result;
    const max = await signIn(t.app, 'max@acme.example', 'Max-pass-2026');
    const setAccess = (accessInfo: Record<string, { r: boolean; w: boolean }>) =>
      send(acme, 'POST', '/api/auth/sub-admin/access', { subAdminId: created.user_id, projectIds: [camping], accessInfo });

    // No access at all.
    expect((await get(max, '/api/project/all')).json().result).toEqual([]);
    expect((await get(max, `/api/project/${camping}`)).statusCode).toBe(403);
    expect((await get(max, `/api/product/?productId=${productId}`)).statusCode).toBe(403);
    expect((await get(max, '/api/product/all?page=1&size=10')).json().result).toEqual([]);

    // Read only.
    expect((await setAccess({ product: { r: true, w: false } })).json()).toEqual({ result: true });
    expect((await get(acme, `/api/auth/sub-admin/access?projectId=${camping}&subAdminId=${created.user_id}`)).json().accessInfo).toMatchObject({
      product: { r: true, w: false },
      link: { r: false, w: false },
    });
    expect((await get(max, '/api/project/all')).json().result.map((p: { project_name: string }) => p.project_name)).toEqual(['Camping']);
    expect((await get(max, `/api/project/${camping}`)).statusCode).toBe(200);
    expect((await get(max, `/api/product/?productId=${productId}`)).statusCode).toBe(200);
    expect((await send(max, 'PATCH', `/api/project/${camping}`, { description: 'changed' })).statusCode).toBe(403);
    expect((await send(max, 'PUT', '/api/product/nfc', { productId, isNFC: 0 })).statusCode).toBe(403);
    const others = projects.filter((p) => p.project_id !== camping);
    for (const other of others) expect((await get(max, `/api/project/${other.project_id}`)).statusCode).toBe(403);

    // Read and write (w implies r).
    await setAccess({ product: { r: false, w: true } });
    expect((await send(max, 'PATCH', `/api/project/${camping}`, { description: 'Tents and stoves.' })).statusCode).toBe(200);
    expect((await send(max, 'PUT', '/api/product/nfc', { productId, isNFC: 0 })).statusCode).toBe(200);

    // All flags off removes the access again.
    await setAccess({});
    expect((await get(max, '/api/project/all')).json().result).toEqual([]);
    expect((await get(acme, '/api/auth/sub-admin')).json().result.find((s: { user_id: number }) => s.user_id === created.user_id).projectIds).toEqual([]);

    // A deleted sub-admin is signed out at once.
    await send(acme, 'PUT', `/api/auth/sub-admin/del?subAdminId=${created.user_id}`);
    expect((await get(max, '/api/auth/me/')).statusCode).toBe(401);
  });
});
