import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_PER_COMPANY_MAX, ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { apiKeys } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;

const createKey = (authorization: string, name = 'Warehouse scanner') =>
  call(t.app, authorization, { method: 'POST', url: '/api/auth/api-keys', payload: { name } });
const listKeys = (authorization: string) => call(t.app, authorization, { method: 'GET', url: '/api/auth/api-keys' });
const revokeKey = (authorization: string, apiKeyId: string) => call(t.app, authorization, { method: 'DELETE', url: `/api/auth/api-keys/${apiKeyId}` });
/** A call a machine client makes with the key. */
const withKey = (key: string) => t.app.inject({ method: 'GET', url: '/epcis/capture', headers: { authorization: `Bearer ${key}` } });

async function companyId(serviceName: string): Promise<number> {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, serviceName));
  return company.id;
}

async function setPlan(serviceName: string, planName: string) {
  const [plan] = await t.app.db.select().from(plans).where(eq(plans.name, planName));
  await t.app.db
    .update(subscriptions)
    .set({ planId: plan.id })
    .where(eq(subscriptions.companyId, await companyId(serviceName)));
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub } = await demoSetUp(t.app));
  // Nordic is on Starter (no DPP) in the demo; most tests need it able to trace.
  await setPlan('nordic', 'Business');
});
afterAll(async () => t?.close());

describe('API keys', () => {
  it('shows a new key once, lists it without the key, and stores only its SHA-256', async () => {
    const created = await createKey(acme);
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { apiKeyId, name, key } = created.json().result;
    expect(name).toBe('Warehouse scanner');
    expect(key).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);

    const listed = await listKeys(acme);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key);
    const entry = listed.json().result.find((k: { apiKeyId: string }) => k.apiKeyId === apiKeyId);
    expect(entry).toEqual({
      apiKeyId,
      name: 'Warehouse scanner',
      prefix: key.slice(0, 8),
      createdAt: expect.any(String),
      createdBy: DEMO_USERS.acmeManager,
      lastUsedAt: null,
      // Made without scopes: an EPCIS key, as keys were before scopes.
      scopes: ['epcis:capture', 'epcis:query'],
      projectId: null,
      projectName: null,
      expiresAt: null,
    });

    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKeyId));
    expect(row.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('authenticates a machine client by its key, records the use at most once a minute, and answers 401 once revoked', async () => {
    const { apiKeyId, key } = (await createKey(acme, 'ERP')).json().result;
    const first = await withKey(key);
    expect(first.statusCode).toBe(200);

    // The use is written without holding up the answer; wait for it.
    let usedAt: Date | null = null;
    for (let i = 0; i < 50 && !usedAt; i += 1) {
      [{ lastUsedAt: usedAt }] = await t.app.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, apiKeyId));
      if (!usedAt) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(usedAt).not.toBeNull();
    expect((await listKeys(acme)).json().result.find((k: { apiKeyId: string }) => k.apiKeyId === apiKeyId).lastUsedAt).toBe(usedAt?.toISOString());

    expect((await withKey(key)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [again] = await t.app.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, apiKeyId));
    expect(again.lastUsedAt?.getTime()).toBe(usedAt?.getTime());

    expect((await revokeKey(acme, apiKeyId)).statusCode).toBe(200);
    const refused = await withKey(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(refused.json()).toMatchObject({ type: 'epcisException:SecurityException', status: 401 });
    expect((await listKeys(acme)).json().result.map((k: { apiKeyId: string }) => k.apiKeyId)).not.toContain(apiKeyId);
    // Revoked already: nothing left to revoke.
    expect((await revokeKey(acme, apiKeyId)).statusCode).toBe(404);
  });

  it('refuses a missing, malformed or unknown key', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer pck_${'A'.repeat(43)}`, 'Bearer not-a-key']) {
      const response = await t.app.inject({ method: 'GET', url: '/epcis/capture', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json().type).toBe('epcisException:SecurityException');
    }
  });

  it("keeps companies apart: Nordic neither lists nor revokes Acme's keys", async () => {
    const { apiKeyId, key } = (await createKey(acme, 'Acme only')).json().result;
    expect((await listKeys(nordic)).json().result.map((k: { apiKeyId: string }) => k.apiKeyId)).not.toContain(apiKeyId);
    expect((await revokeKey(nordic, apiKeyId)).statusCode).toBe(404);
    expect((await withKey(key)).statusCode).toBe(200);
  });

  it('is for managers of a company whose plan has the DPP service', async () => {
    expect((await createKey(sub)).statusCode).toBe(403);
    expect((await listKeys(sub)).statusCode).toBe(403);

    const { key } = (await createKey(nordic, 'Nordic ERP')).json().result;
    expect((await withKey(key)).statusCode).toBe(200);
    await setPlan('nordic', 'Starter');
    try {
      const refused = await createKey(nordic);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ERROR_CODES.SERVICE_NOT_IN_PLAN);
      // A key made while the plan had traceability stops working when it no longer has.
      expect((await withKey(key)).statusCode).toBe(401);
    } finally {
      await setPlan('nordic', 'Business');
    }
    expect((await withKey(key)).statusCode).toBe(200);
  });

  it('stops working when the company is no longer approved', async () => {
    const { key } = (await createKey(nordic, 'Approval')).json().result;
    const nordicId = await companyId('nordic');
    await t.app.db.update(companies).set({ permission: false }).where(eq(companies.id, nordicId));
    try {
      expect((await withKey(key)).statusCode).toBe(401);
    } finally {
      await t.app.db.update(companies).set({ permission: true }).where(eq(companies.id, nordicId));
    }
  });

  it('answers 400 with a field error for a missing name, and 409 past the live keys a company may hold', async () => {
    const empty = await call(t.app, nordic, { method: 'POST', url: '/api/auth/api-keys', payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toContain('name');

    const nordicId = await companyId('nordic');
    const live = (await listKeys(nordic)).json().result.length;
    await t.app.db.insert(apiKeys).values(
      Array.from({ length: API_KEYS_PER_COMPANY_MAX - live }, (_, i) => ({ companyId: nordicId, name: `bulk ${i}`, keyHash: `bulk-${i}`, prefix: 'pck_bulk' })),
    );
    const over = await createKey(nordic, 'One too many');
    expect(over.statusCode).toBe(409);
    // A revoked key frees its place.
    const someKey = (await listKeys(nordic)).json().result[0].apiKeyId;
    expect((await revokeKey(nordic, someKey)).statusCode).toBe(200);
    expect((await createKey(nordic, 'Fits again')).statusCode).toBe(201);
  });
});
