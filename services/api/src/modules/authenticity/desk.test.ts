import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER, serialStoryResponseSchema } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { setSerialStatus } from './serial-status.js';

let t: TestApp;
let acme: string;
let sub: string;
let nordic: string;
let tent: { id: number; entryId: number; companyId: number };
let backpack: { id: number; entryId: number; companyId: number };

async function demoProduct(name: string) {
  const [row] = await t.app.db
    .select({ id: products.id, entryId: entries.id, companyId: products.companyId })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .where(eq(products.productName, name));
  return row;
}

async function flag(product: { id: number; companyId: number }, serial: string, countries: string[], at: string): Promise<number> {
  const evidence = countries.map((country, index) => ({ at: new Date(Date.parse(at) - index * 60_000).toISOString(), country, region: null }));
  const { rows } = (await t.app.db.execute(sql`
    insert into suspicious_serials (company_id, product_id, serial, reason, evidence, flagged_at)
    values (${product.companyId}, ${product.id}, ${serial}, 'countries', ${JSON.stringify(evidence)}::jsonb, ${at}::timestamptz)
    returning id`)) as unknown as { rows: { id: number }[] };
  return rows[0].id;
}

const get = (authorization: string, url: string) => call(t.app, authorization, { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  sub = (await signIn(t.app, DEMO_USERS.acmeSubAdmin)).authorization;
  nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  tent = await demoProduct('Basecamp 2P Tent');
  backpack = await demoProduct('Summit 45L Backpack');
});
afterAll(async () => {
  await t?.close();
});

describe('flagged serials on the desk', () => {
  it('lists flags newest first with their countries, pages them, dismisses one (the verification view stops warning) and undoes that', async () => {
    const older = await flag(tent, 'TENT-F1', ['IT', 'FR', 'IT'], '2026-11-01T10:00:00Z');
    const newer = await flag(tent, '=TENT-F2', ['DE', 'US'], '2026-11-02T10:00:00Z');
    await t.app.db.insert(qualifiers).values({ companyId: tent.companyId, entryId: tent.entryId, identifierCode: '21', qualifierPath: '/21/TENT-F1', value: 'TENT-F1' });

    const first = await get(acme, `/api/authenticity/flagged?productId=${tent.id}&size=1&page=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json().pageInfo).toEqual({ total: 2, page: 1, size: 1 });
    expect(first.json().result).toEqual([
      expect.objectContaining({ id: newer, productId: tent.id, productName: 'Basecamp 2P Tent', serial: '=TENT-F2', reason: 'countries', countries: ['DE', 'US'], dismissed: false }),
    ]);
    const second = await get(acme, `/api/authenticity/flagged?productId=${tent.id}&size=1&page=2`);
    expect(second.json().result).toEqual([expect.objectContaining({ id: older, countries: ['IT', 'FR'] })]);

    const verification = () =>
      t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${tent.id}&serviceName=acme&view=verification&serial=TENT-F1` });
    expect((await verification()).json().result.verification).toMatchObject({ status: 'warning', warnings: ['copied'] });

    const dismissed = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/flagged/dismiss?id=${older}`, payload: { dismissed: true } });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().result).toMatchObject({ id: older, dismissed: true });
    expect((await get(acme, `/api/authenticity/flagged?productId=${tent.id}`)).json().result.map((row: { id: number }) => row.id)).toEqual([newer]);
    expect((await get(acme, `/api/authenticity/flagged?productId=${tent.id}&dismissed=true`)).json().result.map((row: { id: number }) => row.id)).toEqual([older]);
    expect((await verification()).json().result.verification).toMatchObject({ status: 'registered', warnings: [] });

    const undone = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/flagged/dismiss?id=${older}`, payload: { dismissed: false } });
    expect(undone.json().result).toMatchObject({ dismissed: false });
    expect((await verification()).json().result.verification).toMatchObject({ status: 'warning' });
  });

  it("scopes a sub-admin to its projects' products and another company to its own", async () => {
    const mine = await flag(backpack, 'BP-F1', ['IT', 'CH'], '2026-11-03T10:00:00Z');
    const theirs = await get(sub, '/api/authenticity/flagged?size=100');
    const ids = (theirs.json().result as { id: number; productId: number }[]).map((row) => row.productId);
    expect(ids).toContain(backpack.id);
    expect(ids).not.toContain(tent.id);
    expect((await get(sub, `/api/authenticity/flagged?productId=${tent.id}`)).statusCode).toBe(403);
    const tentFlag = (await get(acme, `/api/authenticity/flagged?productId=${tent.id}`)).json().result[0].id as number;
    expect((await call(t.app, sub, { method: 'PUT', url: `/api/authenticity/flagged/dismiss?id=${tentFlag}`, payload: { dismissed: true } })).statusCode).toBe(403);
    expect((await call(t.app, nordic, { method: 'PUT', url: `/api/authenticity/flagged/dismiss?id=${mine}`, payload: { dismissed: true } })).statusCode).toBe(404);
    expect((await get(nordic, '/api/authenticity/flagged?size=100')).json().result.map((row: { id: number }) => row.id)).not.toContain(mine);
  });

  it('exports the filtered flags as CSV, a serial that starts like a formula neutralised', async () => {
    const response = await get(acme, `/api/authenticity/flagged/export?productId=${tent.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('flagged-serials.csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('id,flaggedAt,productId,productName,serial,reason,countries,dismissed');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes(`'=TENT-F2`))).toBe(true);
    expect(lines.some((line) => line.includes('BP-F1'))).toBe(false);
  });
});

describe('GET /api/authenticity/serial-story', () => {
  it("tells a serial's status changes, scans with countries, checks, taps, reports and flags, newest first", async () => {
    const [serial] = await t.app.db
      .insert(qualifiers)
      .values({ companyId: tent.companyId, entryId: tent.entryId, identifierCode: '21', qualifierPath: '/21/TENT-S1', value: 'TENT-S1' })
      .returning({ id: qualifiers.id });
    await t.app.db.execute(sql`
      insert into scans (company_id, product_id, entry_id, qualifier_path, serial, link_type, country, region, scanned_at)
      values (${tent.companyId}, ${tent.id}, ${tent.entryId}, '/21/TENT-S1', 'TENT-S1', 'gs1:pip', 'IT', 'IT-25', '2026-11-01T08:00:00Z'),
             (${tent.companyId}, ${tent.id}, ${tent.entryId}, '/21/TENT-S1', 'TENT-S1', 'gs1:certificationInfo', 'BR', null, '2026-11-01T09:00:00Z')`);
    await t.app.db.execute(sql`
      insert into nfc_taps (company_id, product_id, serial, counter, result, country, tapped_at)
      values (${tent.companyId}, ${tent.id}, 'TENT-S1', 7, 'genuine', 'IT', '2026-11-01T08:05:00Z'),
             (${tent.companyId}, ${tent.id}, 'TENT-S1', 7, 'replayed', 'BR', '2026-11-01T09:05:00Z')`);
    await flag(tent, 'TENT-S1', ['IT', 'BR'], '2026-11-01T09:10:00Z');
    const check = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${tent.id}&serviceName=acme&view=verification&serial=TENT-S1` });
    expect(check.statusCode).toBe(200);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/authenticity/reports',
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN, [VISITOR_ADDRESS_HEADER]: '198.51.100.7' },
      payload: { serviceName: 'acme', productId: tent.id, serial: 'TENT-S1', purchasePlace: 'Night market' },
    });
    expect(report.statusCode).toBe(201);
    await t.app.db.transaction((tx) =>
      setSerialStatus(tx, { companyId: tent.companyId, productId: tent.id, qualifierIds: [serial.id], to: 'deactivated', reason: 'returned', changedBy: { id: null, name: 'Ada Admin' } }),
    );

    const response = await get(acme, `/api/authenticity/serial-story?productId=${tent.id}&serial=TENT-S1`);
    expect(response.statusCode).toBe(200);
    const story = serialStoryResponseSchema.parse(response.json()).result;
    expect(story).toMatchObject({ productName: 'Basecamp 2P Tent', serial: 'TENT-S1', registered: true, status: 'deactivated', statusReason: 'returned' });
    expect(story.changes).toEqual([expect.objectContaining({ from: 'active', to: 'deactivated', reason: 'returned', by: 'Ada Admin' })]);
    expect(story.scans).toEqual([
      { at: '2026-11-01T09:00:00.000Z', country: 'BR', region: null, linkType: 'gs1:certificationInfo' },
      { at: '2026-11-01T08:00:00.000Z', country: 'IT', region: 'IT-25', linkType: 'gs1:pip' },
    ]);
    expect(story.checks).toEqual([expect.objectContaining({ result: 'warning' })]);
    expect(story.taps.map((tap) => [tap.counter, tap.result, tap.country])).toEqual([
      [7, 'replayed', 'BR'],
      [7, 'genuine', 'IT'],
    ]);
    expect(story.reports).toEqual([expect.objectContaining({ status: 'open', purchasePlace: 'Night market' })]);
    expect(story.flags).toEqual([expect.objectContaining({ reason: 'countries', dismissed: false, countries: ['IT', 'BR'] })]);

    const unknown = await get(acme, `/api/authenticity/serial-story?productId=${tent.id}&serial=NEVER-SEEN`);
    expect(unknown.json().result).toMatchObject({ registered: false, status: null, scans: [], reports: [] });
    expect((await get(sub, `/api/authenticity/serial-story?productId=${tent.id}&serial=TENT-S1`)).statusCode).toBe(403);
    expect((await get(nordic, `/api/authenticity/serial-story?productId=${tent.id}&serial=TENT-S1`)).statusCode).toBe(404);
    expect((await get(acme, `/api/authenticity/serial-story?productId=${tent.id}&serial=${'x'.repeat(21)}`)).statusCode).toBe(400);
  });
});
