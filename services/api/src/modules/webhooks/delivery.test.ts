import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject } from '../../test/demo.js';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';
import { repairLostLines } from './delivery.js';
import { recordWebhookEvents, webhookBody } from './outbox.js';
import { webhookDeliveries, webhookStreams } from './tables.js';

/*
 * Deliveries to a local receiver. Loopback is refused in production; these apps allow it with the
 * operator's test-only switch EPCIS_WEBHOOK_ALLOW_PRIVATE (as the EPCIS webhook tests do), and
 * retry quickly: two retries a second apart, doubling.
 */

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  answered: number;
  time: number;
}

let t: TestApp;
let acme: string;
let projectIds: Record<string, number>;
let receiver: Server;
let base: string;
let acmeId: number;
let productIds: number[];
const received: Received[] = [];
/** Per path: how many of the next requests fail (Infinity: all). */
const failures = new Map<string, number>();

const createHook = async (path: string, eventTypes: string[] = ['product.updated', 'product.deleted']) =>
  (await call(t.app, acme, { method: 'POST', url: '/api/webhooks', payload: { url: `${base}${path}`, eventTypes } })).json().result as { webhookId: string; secret: string };
const setNfc = (productId: number, isNFC: 0 | 1) => call(t.app, acme, { method: 'PUT', url: '/api/product/nfc', payload: { productId, isNFC } });
const deliveriesOf = async (webhookId: string) => (await call(t.app, acme, { method: 'GET', url: `/api/webhooks/${webhookId}/deliveries?size=50` })).json().result;
const at = (path: string) => received.filter((request) => request.path === path);

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const left = failures.get(path) ?? 0;
      const answered = left > 0 ? 500 : 204;
      if (left > 0) failures.set(path, left - 1);
      received.push({ path, headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), answered, time: Date.now() });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ EPCIS_WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_LIMIT: '2', WEBHOOK_RETRY_DELAY_SECONDS: '1' });
  ({ acme, projectIds } = await demoSetUp(t.app));
  [{ id: acmeId }] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'acme'));
  productIds = (
    await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, acmeId), isNull(products.deletedAt)))
      .orderBy(asc(products.id))
  ).map((row) => row.id);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('product-data webhook deliveries', () => {
  it('arrive signed, and verify with the Standard Webhooks reference check', async () => {
    const hook = await createHook('/signed');
    expect((await setNfc(productIds[0], 1)).statusCode).toBe(200);
    const [request] = await until(() => at('/signed'), (list) => list.length >= 1);
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(request.headers['content-type']).toBe('application/json');
    // The receiver's check: throws unless the signature, id and timestamp match the secret.
    const payload = new Webhook(hook.secret).verify(request.body, request.headers);
    expect(payload).toMatchObject({ type: 'product.updated', timestamp: expect.any(String), data: { productId: productIds[0] } });
    // Another secret, or a changed body, does not verify.
    const other = (await call(t.app, acme, { method: 'POST', url: `/api/webhooks/${hook.webhookId}/secret` })).json().result.secret;
    expect(() => new Webhook(other).verify(request.body, request.headers)).toThrow();
    expect(() => new Webhook(hook.secret).verify(request.body.replace(String(productIds[0]), '999999'), request.headers)).toThrow();

    const [logged] = await until(
      () => deliveriesOf(hook.webhookId),
      (page) => page.items[0]?.status === 'delivered',
    ).then((page) => page.items);
    expect(logged).toMatchObject({ eventType: 'product.updated', status: 'delivered', attempts: 1, responseStatus: 204, messageId: request.headers['webhook-id'] });
  });

  it('sends a test event that the log shows', async () => {
    const hook = await createHook('/test-event', ['report.received']);
    const queued = await call(t.app, acme, { method: 'POST', url: `/api/webhooks/${hook.webhookId}/test` });
    expect(queued.statusCode).toBe(202);
    expect(queued.json().result).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    const [request] = await until(() => at('/test-event'), (list) => list.length >= 1);
    expect(new Webhook(hook.secret).verify(request.body, request.headers)).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.webhookId } });
    await until(
      () => deliveriesOf(hook.webhookId),
      (page) => page.items[0]?.status === 'delivered',
    );
  });

  it("delivers one product's events in order, a failed one retried before the next", async () => {
    const hook = await createHook('/order', ['product.updated']);
    failures.set('/order', 1);
    for (const isNFC of [0, 1, 0] as const) expect((await setNfc(productIds[1], isNFC)).statusCode).toBe(200);
    const requests = await until(() => at('/order'), (list) => list.length >= 4);
    // The first attempt failed; its retry came before anything later of the product.
    expect(requests.map((request) => request.answered)).toEqual([500, 204, 204, 204]);
    expect(requests[1].headers['webhook-id']).toBe(requests[0].headers['webhook-id']);
    const inOrder = await t.app.db
      .select({ messageId: webhookDeliveries.messageId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, hook.webhookId))
      .orderBy(asc(webhookDeliveries.seq));
    expect(requests.slice(1).map((request) => request.headers['webhook-id'])).toEqual(inOrder.map((row) => row.messageId));
    const times = requests.slice(1).map((request) => (JSON.parse(request.body) as { timestamp: string }).timestamp);
    expect([...times].sort()).toEqual(times);
  });

  it('retries with back-off, then lists the delivery as dead, and resends it with the same id', async () => {
    const hook = await createHook('/dead', ['product.deleted']);
    failures.set('/dead', Number.POSITIVE_INFINITY);
    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/product/${productIds[2]}` })).statusCode).toBe(200);
    const [dead] = await until(
      () => deliveriesOf(hook.webhookId),
      (page) => page.items[0]?.status === 'dead',
    ).then((page) => page.items);
    // The first try and two retries, each later than the one before by at least the back-off.
    expect(dead).toMatchObject({ eventType: 'product.deleted', attempts: 3, responseStatus: 500 });
    const tries = at('/dead');
    expect(tries).toHaveLength(3);
    expect(tries[1].time - tries[0].time).toBeGreaterThanOrEqual(900);
    expect(tries[2].time - tries[1].time).toBeGreaterThanOrEqual(1_900);
    const listed = (await call(t.app, acme, { method: 'GET', url: '/api/webhook-deliveries/dead' })).json().result;
    expect(listed.items.map((item: { deliveryId: string }) => item.deliveryId)).toContain(dead.deliveryId);
    expect((await call(t.app, acme, { method: 'GET', url: '/api/webhooks' })).json().result.find((item: { webhookId: string }) => item.webhookId === hook.webhookId).deadDeliveries).toBe(1);
    // The queue keeps it among its dead letters too (the operator's view).
    expect((await t.app.jobs.deadLetters(50)).some((letter) => letter.queue === 'product-webhooks' && (letter.data as { deliveryId?: string }).deliveryId === dead.deliveryId)).toBe(true);

    // Only a dead delivery can be resent; the destination works again.
    failures.set('/dead', 0);
    const resent = await call(t.app, acme, { method: 'POST', url: `/api/webhook-deliveries/${dead.deliveryId}/resend` });
    expect(resent.statusCode).toBe(202);
    expect(resent.json().result).toMatchObject({ status: 'pending', attempts: 0 });
    const again = await until(() => at('/dead'), (list) => list.length >= 4);
    expect(again[3]).toMatchObject({ answered: 204 });
    expect(again[3].headers['webhook-id']).toBe(dead.messageId);
    expect(new Webhook(hook.secret).verify(again[3].body, again[3].headers)).toMatchObject({ type: 'product.deleted', data: { productId: productIds[2] } });
    await until(
      () => deliveriesOf(hook.webhookId),
      (page) => page.items[0]?.status === 'delivered',
    );
    expect((await call(t.app, acme, { method: 'POST', url: `/api/webhook-deliveries/${dead.deliveryId}/resend` })).statusCode).toBe(409);
    expect((await call(t.app, acme, { method: 'GET', url: '/api/webhook-deliveries/dead' })).json().result.items.map((item: { deliveryId: string }) => item.deliveryId)).not.toContain(dead.deliveryId);
  });

  it("tells of a serial's status change and a recall, in the order they happened", async () => {
    const hook = await createHook('/lifecycle', ['serial.statusChanged', 'batch.recalled']);
    const product = await productInProject(t.app, acme, projectIds.Camping!);
    const ref = { entryId: product.entry.entry_id, entryPath: product.entry.entryPath };
    const serial = await call(t.app, acme, {
      method: 'POST',
      url: '/api/entry/qualifiers/',
      payload: { qualifierPath: '/21/HOOK-77', identifierCode: '21', ...ref, gcp: product.entry.gcp },
    });
    expect(serial.statusCode).toBe(201);
    const changed = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/entry/qualifiers/status',
      payload: { ...ref, qualifierId: serial.json().result.qualifierId, status: 'deactivated', reason: 'Returned to the shop' },
    });
    expect(changed.statusCode).toBe(200);
    const recall = await call(t.app, acme, {
      method: 'POST',
      url: '/api/recall/',
      payload: { productId: product.productId, scope: 'serials', serialFrom: 'HOOK-70', serialTo: 'HOOK-79', reason: 'Possible contamination.', action: 'Return it to the shop.', contact: 'recall@acme.example' },
    });
    expect(recall.statusCode).toBe(201);
    const requests = await until(() => at('/lifecycle'), (list) => list.length >= 2);
    const [status, recalled] = requests.map((request) => new Webhook(hook.secret).verify(request.body, request.headers));
    expect(status).toMatchObject({
      type: 'serial.statusChanged',
      data: { productId: product.productId, status: 'deactivated', reason: 'Returned to the shop', changed: 1, serials: ['HOOK-77'] },
    });
    expect(recalled).toMatchObject({ type: 'batch.recalled', data: { productId: product.productId, recallId: recall.json().result.recallId, scope: 'serials' } });
  });

  it("frees a line whose head lost its job, and leaves a recent one alone", async () => {
    const hook = await createHook('/lost', ['product.updated']);
    const draft = (seq: number, resourceKey: string, createdAt: Date) => ({
      subscriptionId: hook.webhookId,
      companyId: acmeId,
      messageId: `msg_lost${seq}${resourceKey.length}`,
      eventType: 'product.updated',
      resourceKey,
      seq,
      payload: webhookBody('product.updated', { productId: 1 }),
      createdAt,
    });
    const old = new Date(Date.now() - 60 * 60_000);
    // A busy line whose head's job is gone (as when its last try expired), with a later event waiting; and a line just started.
    await t.app.db.insert(webhookStreams).values([
      { subscriptionId: hook.webhookId, resourceKey: 'product:990001', nextSeq: 3, busy: true },
      { subscriptionId: hook.webhookId, resourceKey: 'product:990002', nextSeq: 2, busy: true },
    ]);
    await t.app.db.insert(webhookDeliveries).values([draft(1, 'product:990001', old), draft(2, 'product:990001', old), draft(1, 'product:990002', new Date())]);

    expect(await repairLostLines(t.app.db, t.app.jobs, 'product-webhooks')).toBe(1);
    const rows = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, hook.webhookId)).orderBy(asc(webhookDeliveries.resourceKey), asc(webhookDeliveries.seq));
    expect(rows.map((row) => [row.resourceKey, row.seq, row.status])).toEqual([
      ['product:990001', 1, 'dead'],
      ['product:990001', 2, expect.stringMatching(/pending|delivered/)],
      ['product:990002', 1, 'pending'],
    ]);
    // The next of the freed line goes out.
    const [next] = await until(() => at('/lost'), (list) => list.length >= 1);
    expect(next.headers['webhook-id']).toBe(rows[1].messageId);
  });

  it('records nothing when the change rolls back, and nothing for a disabled webhook', async () => {
    const hook = await createHook('/quiet', ['product.updated']);
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordWebhookEvents(tx, t.app.jobs, acmeId, [{ type: 'product.updated', productId: productIds[3], data: {} }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, hook.webhookId))).toEqual([]);

    await call(t.app, acme, { method: 'PATCH', url: `/api/webhooks/${hook.webhookId}`, payload: { enabled: false } });
    expect((await setNfc(productIds[3], 1)).statusCode).toBe(200);
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, hook.webhookId))).toEqual([]);
  });
});
