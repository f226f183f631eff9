import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../seed/seed.js';
import { idempotencyKeys } from '../modules/idempotency/tables.js';
import { call, createTestApp, GATEWAY_HEADERS, signIn, type TestApp } from '../test/app.js';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
});
afterAll(async () => {
  await t?.close();
});

const createProject = (authorization: string, key: string | undefined, name: string, description = '') =>
  call(t.app, authorization, {
    method: 'POST',
    url: '/api/project',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: { project_name: name, description },
  });

async function projectNames(authorization: string): Promise<string[]> {
  const list = await call(t.app, authorization, { method: 'GET', url: '/api/project/all' });
  return list.json().result.map((p: { project_name: string }) => p.project_name);
}

const BOUNDARY = 'idempotency-test-boundary';
const multipartHead = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="newUser"\r\n\r\n`;
const multipartTail = `\r\n--${BOUNDARY}--\r\n`;

describe('Idempotency-Key on creating calls', () => {
  it('runs the first request once and replays its answer to a retry', async () => {
    const first = await createProject(manager, 'create-once-1', 'Replayed project');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await createProject(manager, 'create-once-1', 'Replayed project');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    expect(retry.json()).toEqual(first.json());
    expect((await projectNames(manager)).filter((name) => name === 'Replayed project')).toHaveLength(1);
  });

  it('accepts the key as a structured string too ("...")', async () => {
    const first = await createProject(manager, '"quoted-key-1"', 'Quoted key project');
    const retry = await createProject(manager, 'quoted-key-1', 'Quoted key project');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('refuses the same key with a different body (422) and creates nothing', async () => {
    await createProject(manager, 'changed-body-1', 'Original body');
    const changed = await createProject(manager, 'changed-body-1', 'Changed body');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: ERROR_CODES.IDEMPOTENCY_KEY_REUSED, message: expect.any(String) });
    expect(await projectNames(manager)).not.toContain('Changed body');
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const first = await call(t.app, manager, {
      method: 'POST',
      url: '/api/project',
      headers: { 'idempotency-key': 'key-order-1', 'content-type': 'application/json' },
      payload: '{"project_name":"Key order","description":"d"}',
    });
    const retry = await call(t.app, manager, {
      method: 'POST',
      url: '/api/project',
      headers: { 'idempotency-key': 'key-order-1', 'content-type': 'application/json' },
      payload: '{"description":"d","project_name":"Key order"}',
    });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('answers 400 for a key that is empty, too long or not visible ASCII', async () => {
    for (const key of ['', 'x'.repeat(256), 'with space', 'naïve']) {
      const response = await createProject(manager, key, `Bad key ${key.length}`);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'Idempotency-Key' }] });
    }
    expect((await createProject(manager, 'x'.repeat(255), 'Longest key')).statusCode).toBe(201);
  });

  it('keeps keys apart per user', async () => {
    const nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
    const acme = await createProject(manager, 'shared-key-1', 'Per user');
    const other = await createProject(nordic, 'shared-key-1', 'Per user');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().result.project_id).not.toBe(acme.json().result.project_id);
  });

  it('releases the key of a failed answer, so that the retry runs again', async () => {
    const newUser = { first_name: 'Dup', last_name: 'Mail', email: DEMO_USERS.acmeSubAdmin, password: 'Another-pass-2026' };
    const send = () =>
      call(t.app, manager, { method: 'POST', url: '/api/auth/sub-admin/up', headers: { 'idempotency-key': 'failed-1' }, payload: { newUser } });
    const failed = await send();
    expect(failed.statusCode).toBe(409);
    expect(failed.json().code).toBe(ERROR_CODES.EMAIL_TAKEN);
    const retry = await send();
    expect(retry.json().code).toBe(ERROR_CODES.EMAIL_TAKEN);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 to a retry while the first request still runs, then replays its answer', async () => {
    const body = new PassThrough();
    const newUser = JSON.stringify({ first_name: 'Slow', last_name: 'Upload', email: 'slow.upload@demo.example', password: 'Slow-pass-2026' });
    const headers = { 'idempotency-key': 'slow-1', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const first = call(t.app, manager, { method: 'POST', url: '/api/auth/sub-admin/up', headers, payload: body });
    body.write(multipartHead);

    // The first request holds the key as soon as its handler starts reading the upload.
    await expect.poll(async () => (await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'slow-1'))).length).toBe(1);
    const during = await call(t.app, manager, { method: 'POST', url: '/api/auth/sub-admin/up', headers, payload: multipartHead + newUser + multipartTail });
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ code: ERROR_CODES.IDEMPOTENCY_IN_PROGRESS, message: expect.any(String) });

    body.end(newUser + multipartTail);
    const done = await first;
    expect(done.statusCode).toBe(201);
    const after = await call(t.app, manager, { method: 'POST', url: '/api/auth/sub-admin/up', headers, payload: multipartHead + newUser + multipartTail });
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json()).toEqual(done.json());
  });

  it('forgets keys after 24 hours, and takes over a claim abandoned by a dead request', async () => {
    const first = await createProject(manager, 'expiring-1', 'Expiring key');
    await t.app.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, 'expiring-1'));
    const later = await createProject(manager, 'expiring-1', 'Expiring key');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().result.project_id).not.toBe(first.json().result.project_id);

    await t.app.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, 'expiring-1'));
    expect(await t.app.idempotency.sweep()).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'expiring-1'))).toEqual([]);

    // A claim with no answer for minutes: its process died mid-request.
    const [row] = await t.app.db.select().from(idempotencyKeys).limit(1);
    await t.app.db.insert(idempotencyKeys).values({
      ...row,
      key: 'abandoned-1',
      path: '/api/project',
      statusCode: null,
      responseBody: null,
      createdAt: sql`now() - interval '10 minutes'`,
    });
    expect((await createProject(manager, 'abandoned-1', 'Taken over')).statusCode).toBe(201);
  });

  it('ignores the key on calls without a signed-in user and on calls that answer tokens', async () => {
    const signInTwice = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign/in',
        headers: { ...GATEWAY_HEADERS, 'idempotency-key': 'sign-in-1' },
        payload: { email: DEMO_USERS.acmeManager, password: 'Demo-pass-2026' },
      });
    const [one, two] = [await signInTwice(), await signInTwice()];
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(two.json().authToken).not.toBe(one.json().authToken);
    expect(await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'sign-in-1'))).toEqual([]);
  });

  it('leaves calls without a key as they were', async () => {
    await createProject(manager, undefined, 'No key');
    await createProject(manager, undefined, 'No key');
    expect((await projectNames(manager)).filter((name) => name === 'No key')).toHaveLength(2);
  });
});
