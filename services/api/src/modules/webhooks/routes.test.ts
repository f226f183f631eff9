import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOKS_PER_COMPANY_MAX } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { webhookSubscriptions } from './tables.js';

/*
 * The console's webhook routes without deliveries (the SSRF guard is on, as in production):
 * validation, the secret shown once, company scoping, the manager-only rule and refused destinations.
 */

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;

const create = (authorization: string, payload: object) => call(t.app, authorization, { method: 'POST', url: '/api/webhooks', payload });
const list = (authorization: string) => call(t.app, authorization, { method: 'GET', url: '/api/webhooks' });
const valid = { url: 'https://hooks.example.com/products', description: 'ERP sync', eventTypes: ['product.created', 'product.updated'] };

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub } = await demoSetUp(t.app));
});
afterAll(async () => t?.close());

describe('webhook subscriptions', () => {
  it('shows the secret once, lists the webhook without it, and rotates it', async () => {
    const created = await create(acme, { ...valid, eventTypes: ['product.created', 'product.created', 'batch.recalled'] });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const webhook = created.json().result;
    expect(webhook).toMatchObject({ url: valid.url, description: 'ERP sync', eventTypes: ['product.created', 'batch.recalled'], enabled: true, deadDeliveries: 0 });
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(webhook.secret.slice(6), 'base64')).toHaveLength(32);

    const listed = await list(acme);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(webhook.secret);
    expect(listed.json().result.map((item: { webhookId: string }) => item.webhookId)).toContain(webhook.webhookId);

    const rotated = await call(t.app, acme, { method: 'POST', url: `/api/webhooks/${webhook.webhookId}/secret` });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(rotated.json().result.secret).toMatch(/^whsec_/);
    expect(rotated.json().result.secret).not.toBe(webhook.secret);
    const [row] = await t.app.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, webhook.webhookId));
    expect(row.secret).toBe(rotated.json().result.secret);
  });

  it('never keeps an answer with a secret for an Idempotency-Key replay', async () => {
    const headers = { 'idempotency-key': 'webhook-create-1' };
    const first = await call(t.app, acme, { method: 'POST', url: '/api/webhooks', payload: valid, headers });
    const second = await call(t.app, acme, { method: 'POST', url: '/api/webhooks', payload: valid, headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().result.secret).not.toBe(first.json().result.secret);
    for (const response of [first, second]) await call(t.app, acme, { method: 'DELETE', url: `/api/webhooks/${response.json().result.webhookId}` });
  });

  it('answers 400 with field errors for a bad URL, no or unknown events, and an over-long description', async () => {
    const response = await create(acme, { url: 'ftp://hooks.example.com', description: 'x'.repeat(201), eventTypes: [] });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['url', 'description', 'eventTypes']));
    expect((await create(acme, { ...valid, eventTypes: ['product.exploded'] })).statusCode).toBe(400);
    expect((await create(acme, { ...valid, url: 'not a url' })).statusCode).toBe(400);
    const empty = await call(t.app, acme, { method: 'PATCH', url: `/api/webhooks/${crypto.randomUUID()}`, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'https://10.1.2.3/hook',
    'https://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://metadata.google.internal/hook',
  ])('refuses the private or loopback destination %s, on create and on change', async (url) => {
    const refused = await create(acme, { ...valid, url });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ path: 'url', message: 'webhooks.error.private' }]);
    const { webhookId } = (await create(acme, valid)).json().result;
    const changed = await call(t.app, acme, { method: 'PATCH', url: `/api/webhooks/${webhookId}`, payload: { url } });
    expect(changed.statusCode).toBe(400);
    await call(t.app, acme, { method: 'DELETE', url: `/api/webhooks/${webhookId}` });
  });

  it("keeps each company's webhooks to itself: another company's is 404 on every route", async () => {
    const { webhookId } = (await create(acme, valid)).json().result;
    expect((await list(nordic)).json().result.map((item: { webhookId: string }) => item.webhookId)).not.toContain(webhookId);
    for (const [method, url, payload] of [
      ['GET', `/api/webhooks/${webhookId}`],
      ['PATCH', `/api/webhooks/${webhookId}`, { enabled: false }],
      ['POST', `/api/webhooks/${webhookId}/secret`],
      ['POST', `/api/webhooks/${webhookId}/test`],
      ['GET', `/api/webhooks/${webhookId}/deliveries`],
      ['DELETE', `/api/webhooks/${webhookId}`],
    ] as const) {
      const response = await call(t.app, nordic, { method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(t.app, acme, { method: 'GET', url: `/api/webhooks/${webhookId}` })).json().result.enabled).toBe(true);
  });

  it('is for managers: a sub-admin and an anonymous caller are refused', async () => {
    expect((await list(sub)).statusCode).toBe(403);
    expect((await create(sub, valid)).statusCode).toBe(403);
    expect((await call(t.app, sub, { method: 'GET', url: '/api/webhook-deliveries/dead' })).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
  });

  it('disables, changes and deletes a webhook; a disabled one takes no test event', async () => {
    const { webhookId } = (await create(acme, valid)).json().result;
    const disabled = await call(t.app, acme, { method: 'PATCH', url: `/api/webhooks/${webhookId}`, payload: { enabled: false, eventTypes: ['report.received'] } });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().result).toMatchObject({ enabled: false, eventTypes: ['report.received'] });
    expect((await call(t.app, acme, { method: 'POST', url: `/api/webhooks/${webhookId}/test` })).statusCode).toBe(409);
    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/webhooks/${webhookId}` })).statusCode).toBe(200);
    expect((await call(t.app, acme, { method: 'GET', url: `/api/webhooks/${webhookId}` })).statusCode).toBe(404);
    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/webhooks/${webhookId}` })).statusCode).toBe(404);
  });

  it(`holds at most ${WEBHOOKS_PER_COMPANY_MAX} webhooks per company`, async () => {
    const held = (await list(nordic)).json().result.length;
    for (let i = held; i < WEBHOOKS_PER_COMPANY_MAX; i += 1) expect((await create(nordic, valid)).statusCode).toBe(201);
    const over = await create(nordic, valid);
    expect(over.statusCode).toBe(409);
  });
});
