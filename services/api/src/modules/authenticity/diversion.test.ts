import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, setSubAdminProductAccess, type DemoProduct } from '../../test/demo.js';
import { notifications } from '../notifications/tables.js';
import { diversionSignals } from './tables.js';

/*
 * Diversion signals as the resolver's scan batches raise them (decision 070): scans in a country
 * outside the product's intended markets are counted per product, serial and country, and the
 * managers hear of each new signal once.
 */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** geoip-lite places these in Great Britain, Japan and France; the last is a documentation range (no place). */
const GB = '81.2.69.142';
const JP = '133.242.0.1';
const FR = '62.210.0.1';
const NOWHERE = '203.0.113.7';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const scan = (product: DemoProduct, serial: string | null, ip: string, at = new Date().toISOString()) => ({
  entryPath: product.entry.entryPath,
  qualifierPath: serial === null ? null : `/21/${serial}`,
  linkType: 'gs1:pip',
  lang: null,
  device: 'other' as const,
  at,
  ip,
  ua: IPHONE,
});

async function postScans(scans: ReturnType<typeof scan>[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/internal/resolver/scans',
    payload: { scans },
    headers: { [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
  });
  expect(response.statusCode).toBe(202);
  expect(response.json()).toEqual({ accepted: scans.length });
}

async function register(product: DemoProduct, serial: string) {
  const response = await call(t.app, acme, {
    method: 'POST',
    url: '/api/entry/qualifiers/',
    payload: { qualifierPath: `/21/${serial}`, identifierCode: '21', entryId: product.entry.entry_id, entryPath: product.entry.entryPath, gcp: product.entry.gcp },
  });
  expect(response.statusCode).toBe(201);
}

const setMarkets = async (product: DemoProduct, intendedMarkets: string[]) =>
  expect((await call(t.app, acme, { method: 'PUT', url: '/api/product/markets', payload: { productId: product.productId, intendedMarkets } })).statusCode).toBe(200);

const signalsOf = async (product: DemoProduct) =>
  (await t.app.db.select().from(diversionSignals).where(eq(diversionSignals.productId, product.productId)))
    .map(({ serial, country, scans, firstAt, lastAt }) => ({ serial, country, scans, firstAt: firstAt.toISOString(), lastAt: lastAt.toISOString() }))
    .sort((a, b) => `${a.serial}/${a.country}`.localeCompare(`${b.serial}/${b.country}`));

const notesOf = async (type: string, productName: string) =>
  (await t.app.db.select().from(notifications).where(eq(notifications.type, type))).filter(
    (note) => (note.params as Record<string, unknown>).productName === productName,
  );

const list = (authorization: string, query = '') => call(t.app, authorization, { method: 'GET', url: `/api/authenticity/diversions?size=100${query}` });

let lantern: DemoProduct;
let lanternName: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  lantern = await productInProject(t.app, acme, projectIds.Camping);
  lanternName = (await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${lantern.productId}` })).json().product.product_name;
  await register(lantern, 'DV-1');
  await register(lantern, 'DV-2');
});
afterAll(async () => {
  await t?.close();
});

describe('scans outside the intended markets', () => {
  it('counts them per serial and country in one batch, leaves scans inside the markets or without a place alone, and notifies each new signal once', async () => {
    await setMarkets(lantern, ['FR', 'DE']);
    const [first, second, third] = [ago(30), ago(20), ago(10)];
    await postScans([
      scan(lantern, 'DV-1', GB, second),
      scan(lantern, 'DV-1', GB, first),
      scan(lantern, 'DV-1', JP, third),
      scan(lantern, 'DV-2', FR, first),
      scan(lantern, 'DV-2', NOWHERE, first),
      scan(lantern, null, GB, third),
    ]);
    expect(await signalsOf(lantern)).toEqual([
      { serial: '', country: 'GB', scans: 1, firstAt: third, lastAt: third },
      { serial: 'DV-1', country: 'GB', scans: 2, firstAt: first, lastAt: second },
      { serial: 'DV-1', country: 'JP', scans: 1, firstAt: third, lastAt: third },
    ]);

    const serialNotes = await notesOf('diversion.serial', lanternName);
    const perSignal = (country: string) => serialNotes.filter((note) => (note.params as Record<string, unknown>).country === country);
    expect(perSignal('GB').length).toBeGreaterThan(0);
    expect(perSignal('GB')[0]).toMatchObject({
      title: `Scanned outside its markets: ${lanternName} DV-1`,
      message: expect.stringContaining('was scanned in United Kingdom'),
      params: { productName: lanternName, serial: 'DV-1', country: 'GB', at: first },
    });
    // One notification per manager and signal.
    expect(perSignal('JP')).toHaveLength(perSignal('GB').length);
    const productNotes = await notesOf('diversion.product', lanternName);
    expect(productNotes.map((note) => note.params)).toContainEqual({ productName: lanternName, country: 'GB', at: third });

    // Later scans of the same signals count on and notify nobody again.
    await postScans([scan(lantern, 'DV-1', GB), scan(lantern, 'DV-1', GB)]);
    const after = await signalsOf(lantern);
    expect(after.find((row) => row.serial === 'DV-1' && row.country === 'GB')).toMatchObject({ scans: 4, firstAt: first });
    expect(await notesOf('diversion.serial', lanternName)).toHaveLength(serialNotes.length);
  });

  it('raises nothing for a product sold anywhere', async () => {
    const anywhere = await productInProject(t.app, acme, projectIds['Trail Gear']);
    await register(anywhere, 'DV-ANY');
    await postScans([scan(anywhere, 'DV-ANY', GB), scan(anywhere, 'DV-ANY', JP)]);
    expect(await signalsOf(anywhere)).toEqual([]);
  });
});

describe('GET /api/authenticity/diversions and dismissing', () => {
  it('pages the signals latest first with the product name, filters them, and dismisses and restores one', async () => {
    const page = await list(acme, `&productId=${lantern.productId}`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.pageInfo).toEqual({ total: 3, page: 1, size: 100 });
    expect(body.result[0]).toEqual({
      id: expect.any(Number),
      productId: lantern.productId,
      productName: lanternName,
      serial: 'DV-1',
      country: 'GB',
      scans: 4,
      firstAt: expect.any(String),
      lastAt: expect.any(String),
      dismissed: false,
    });
    expect(body.result.map((row: { serial: string | null }) => row.serial)).toContain(null);
    const lastAts = body.result.map((row: { lastAt: string }) => row.lastAt);
    expect([...lastAts].sort().reverse()).toEqual(lastAts);

    const firstPage = (await call(t.app, acme, { method: 'GET', url: `/api/authenticity/diversions?page=1&size=2&productId=${lantern.productId}` })).json();
    expect(firstPage.result).toEqual(body.result.slice(0, 2));

    const id = body.result[0].id;
    const dismissed = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/diversions/dismiss?id=${id}` });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().result).toMatchObject({ id, dismissed: true });
    expect((await list(acme, `&productId=${lantern.productId}&dismissed=true`)).json().result.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await list(acme, `&productId=${lantern.productId}&dismissed=false`)).json().pageInfo.total).toBe(2);

    // A dismissed signal still counts scans (and does not notify again).
    await postScans([scan(lantern, 'DV-1', GB)]);
    const [row] = await t.app.db.select().from(diversionSignals).where(eq(diversionSignals.id, id));
    expect(row).toMatchObject({ scans: 5, dismissed: true });

    const restored = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/diversions/undismiss?id=${id}` });
    expect(restored.json().result).toMatchObject({ id, dismissed: false });
    expect((await list(acme, '&dismissed=maybe')).statusCode).toBe(400);
  });

  it("keeps other companies out and shows a sub-admin its projects' products only", async () => {
    const [signal] = await t.app.db
      .select()
      .from(diversionSignals)
      .where(and(eq(diversionSignals.productId, lantern.productId), eq(diversionSignals.country, 'JP')));
    expect((await list(nordic)).json()).toEqual({ result: [], pageInfo: { total: 0, page: 1, size: 100 } });
    expect((await call(t.app, nordic, { method: 'PUT', url: `/api/authenticity/diversions/dismiss?id=${signal.id}` })).statusCode).toBe(404);

    // The sub-admin has no access to the Camping project (the lantern's).
    expect((await list(sub)).json().result.filter((row: { productId: number }) => row.productId === lantern.productId)).toEqual([]);
    expect((await call(t.app, sub, { method: 'PUT', url: `/api/authenticity/diversions/dismiss?id=${signal.id}` })).statusCode).toBe(404);

    const trail = await productInProject(t.app, acme, projectIds['Trail Gear'], 1);
    await setMarkets(trail, ['KR']);
    await postScans([scan(trail, null, JP)]);
    const seen = (await list(sub)).json().result as { id: number; productId: number }[];
    expect(seen.map((row) => row.productId)).toEqual([trail.productId]);
    await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await call(t.app, sub, { method: 'PUT', url: `/api/authenticity/diversions/dismiss?id=${seen[0].id}` })).statusCode).toBe(403);
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
      expect((await call(t.app, sub, { method: 'PUT', url: `/api/authenticity/diversions/dismiss?id=${seen[0].id}` })).statusCode).toBe(200);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
    }
  });
});
