import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../services/api/src/modules/idempotency/tables.js';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * Finding of an external probe, replayed through the gateway against the real API: a project
 * create that answered 504 was saved when the API caught up, so the browser's retry made a
 * second one. Creating calls now take an `Idempotency-Key`: a retry with the key gets the first
 * answer again instead of creating again, a retry while the first still runs is refused (409),
 * and the key on a different request is refused (422).
 */


let stack: Stack;
let manager: string;
let gatewayPort: number;

const http = () => request(stack.gateway.server);

const signIn = (email: string) => signInThroughGateway(stack.gateway, email);

const createProject = (key: string, body: object) =>
  http().post('/bff/api/project').set('Cookie', manager).set('X-CSRF', '1').set('Idempotency-Key', key).send(body);

async function projectsNamed(name: string): Promise<number> {
  const list = await http().get('/bff/api/project/all').set('Cookie', manager).expect(200);
  return list.body.result.filter((p: { project_name: string }) => p.project_name === name).length;
}

beforeAll(async () => {
  stack = await startStack();
  await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
  gatewayPort = (stack.gateway.server.address() as AddressInfo).port;
  manager = await signIn('manager@demo.example');
});
afterAll(async () => {
  await stack?.close();
});

describe('Idempotency-Key through the gateway', () => {
  it('creates a project once for two sends of one submit, answering the same both times', async () => {
    const body = { project_name: 'Sent twice', description: 'one submit' };
    const first = await createProject('2f1c5a0e-0d5b-4f0e-9a57-0b7b3c1d2e01', body).expect(201);
    const retry = await createProject('2f1c5a0e-0d5b-4f0e-9a57-0b7b3c1d2e01', body).expect(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await projectsNamed('Sent twice')).toBe(1);
  });

  it('creates one project when two sends of one submit race each other', async () => {
    const body = { project_name: 'Raced', description: '' };
    const answers = await Promise.all([createProject('race-1', body), createProject('race-1', body), createProject('race-1', body)]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of created) expect(answer.body).toEqual(created[0].body);
    expect(await projectsNamed('Raced')).toBe(1);
  });

  it('refuses the key on a different body (422) and creates nothing more', async () => {
    await createProject('reused-1', { project_name: 'First body' }).expect(201);
    const changed = await createProject('reused-1', { project_name: 'Second body' }).expect(422);
    expect(changed.body).toEqual({ code: 'E422001', message: expect.any(String) });
    expect(await projectsNamed('Second body')).toBe(0);
  });

  it('refuses a malformed key with 400', async () => {
    const res = await createProject('x'.repeat(256), { project_name: 'Bad key' }).expect(400);
    expect(res.body.code).toBe('E400001');
    expect(await projectsNamed('Bad key')).toBe(0);
  });

  it('answers 409 to a retry while the first request is still running, and the first answer afterwards', async () => {
    // The first request is a multipart upload the browser is still sending: the API has started
    // on it (and holds the key) but cannot finish before the rest of the body arrives.
    const boundary = 'slow-upload-boundary';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="newUser"\r\n\r\n`;
    const newUser = JSON.stringify({ first_name: 'Slow', last_name: 'Upload', email: 'slow.upload@demo.example', password: 'Slow-pass-2026' });
    const tail = `\r\n--${boundary}--\r\n`;
    const key = '7d9e7c52-5a53-4d61-b1d3-5a8f0c2f7b10';

    const slow = httpRequest({
      host: '127.0.0.1',
      port: gatewayPort,
      method: 'POST',
      path: '/bff/api/auth/sub-admin/up',
      headers: { cookie: manager, 'x-csrf': '1', 'idempotency-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const firstAnswer = new Promise<{ status: number; body: string; replayed: unknown }>((resolve, reject) => {
      slow.on('response', (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, replayed: res.headers['idempotent-replayed'] }));
      });
      slow.on('error', reject);
    });
    slow.write(head);
    slow.flushHeaders();
    await expect.poll(async () => (await stack.api.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length, { timeout: 10_000 }).toBe(1);

    const whole = head + newUser + tail;
    const send = () =>
      http()
        .post('/bff/api/auth/sub-admin/up')
        .set('Cookie', manager)
        .set('X-CSRF', '1')
        .set('Idempotency-Key', key)
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(whole);
    const during = await send();
    expect(during.status).toBe(409);
    expect(during.body).toEqual({ code: 'E409007', message: expect.any(String) });

    slow.end(newUser + tail);
    const first = await firstAnswer;
    expect(first.status).toBe(201);
    expect(first.replayed).toBeUndefined();

    const after = await send();
    expect(after.status).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.body).toEqual(JSON.parse(first.body));
    const subAdmins = await http().get('/bff/api/auth/sub-admin?page=1&size=100').set('Cookie', manager).expect(200);
    expect(JSON.stringify(subAdmins.body).match(/slow\.upload@demo\.example/g)).toHaveLength(1);
  });
});
