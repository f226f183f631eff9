import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, gtin14 } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';
import { registerScannedSerials } from '../../test/serials.js';
import { companies } from '../companies/tables.js';
import { notifications } from '../notifications/tables.js';
import { createSaltBook, recordScans } from './scans.js';
import { countriesWindow, createMedianCache, flagSuspiciousSerials } from './suspicious.js';
import { suspiciousSerials } from './tables.js';

/*
 * Suspicious serials as the resolver's scan batches raise them (decision 065): the rules count
 * visitors (addresses), so one address cannot get a serial flagged however many scans or
 * User-Agents it sends, and fresh serials do not drag the product's median down.
 */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** The iPhone's User-Agent on another system version: one address, many agents. */
const iphoneOn = (minor: number) => IPHONE.replace('17_0', `17_${minor}`);
/** geoip-lite places these in Great Britain (England), Japan (Tokyo) and France. */
const GB = '81.2.69.142';
const GB_2 = '81.2.69.160';
const JP = '133.242.0.1';
const FR = '62.210.0.1';
/** Addresses of a documentation range: distinct visitors without a place. */
const somewhere = (i: number) => `203.0.113.${i}`;

let t: TestApp;
let acme: string;
let acmeCompanyId: number;
let campingId: number;
let nextReference = 2900;

async function newProduct(): Promise<{ productId: number; entryPath: string }> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({ product: JSON.stringify([{ project_id: campingId, product_name: `Trail Lantern ${nextReference}`, gtin }]) });
  const response = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...body });
  expect(response.statusCode).toBe(201);
  return { productId: response.json().productId, entryPath: `/01/${gtin}` };
}

const DAY_MS = 24 * 60 * 60_000;
/**
 * The tests' clock: now, or a minute before today's UTC midnight in the first hours of a day, so
 * that no test's hour of scans falls on two UTC days (a visitor's key is per day: one address on
 * both sides of midnight is two visitors, which the rules count as such).
 */
const NOW = (() => {
  const now = Date.now();
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  return now - midnight < 3 * 60 * 60_000 ? midnight - 60_000 : now;
})();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const daysAgo = (days: number) => ago(days * 24 * 60);

/** A scan of `serial` from `ip` with `ua` (an iPhone unless told), now unless `at`. */
const scan = (entryPath: string, serial: string, ip: string, input: { ua?: string; at?: string } = {}) => ({
  entryPath,
  qualifierPath: `/21/${serial}`,
  linkType: 'gs1:pip',
  lang: null,
  device: 'other' as const,
  at: input.at ?? ago(0),
  ip,
  ua: input.ua ?? IPHONE,
});

async function postScans(scanList: ReturnType<typeof scan>[]) {
  await registerScannedSerials(t.app.db, scanList);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/internal/resolver/scans',
    payload: { scans: scanList },
    headers: { [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
  });
  expect(response.statusCode).toBe(202);
  // Every scan counts (none is taken for a bot): what the rules see is what the test sent.
  expect(response.json()).toEqual({ accepted: scanList.length });
}

const flagsOf = async (productId: number) =>
  (await t.app.db.select().from(suspiciousSerials).where(eq(suspiciousSerials.productId, productId))).map(({ serial, reason, evidence }) => ({ serial, reason, evidence }));

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  const list = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  campingId = list.find((project) => project.project_name === 'Camping')!.project_id;
  [{ id: acmeCompanyId }] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'acme'));
});
afterAll(async () => {
  await t?.close();
});

describe('several countries within the window', () => {
  it('flags a serial scanned by three visitors from two countries, once, with the evidence, and tells the managers', async () => {
    const product = await newProduct();
    const [first, second, third] = [ago(120), ago(100), ago(90)];
    await postScans([scan(product.entryPath, 'X1', GB, { at: first }), scan(product.entryPath, 'X1', JP, { ua: WINDOWS, at: second })]);
    // Two addresses in two countries may be one traveller (a home SIM beside a hotel's network): not yet.
    expect(await flagsOf(product.productId)).toEqual([]);
    await postScans([scan(product.entryPath, 'X1', GB_2, { at: third })]);
    expect(await flagsOf(product.productId)).toEqual([
      {
        serial: 'X1',
        reason: 'countries',
        evidence: [
          { at: first, country: 'GB', region: 'ENG' },
          { at: second, country: 'JP', region: '13' },
          { at: third, country: 'GB', region: 'ENG' },
        ],
      },
    ]);
    const notes = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, acmeCompanyId), eq(notifications.type, 'serial.suspiciousCountries')));
    const mine = notes.filter((note) => (note.params as Record<string, unknown>).serial === 'X1');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0].params).toMatchObject({ serial: 'X1', countries: 'GB, JP' });

    // A third country later: still one flag, no new notification.
    await postScans([scan(product.entryPath, 'X1', FR, { at: ago(80) })]);
    expect(await flagsOf(product.productId)).toHaveLength(1);
    const after = await t.app.db.select().from(notifications).where(eq(notifications.type, 'serial.suspiciousCountries'));
    expect(after.filter((note) => (note.params as Record<string, unknown>).serial === 'X1')).toHaveLength(mine.length);
  });

  it('does not flag one address with twenty User-Agents and another country, one country, or countries a day apart', async () => {
    const product = await newProduct();
    await postScans([
      ...Array.from({ length: 20 }, (_, i) => scan(product.entryPath, 'AGENTS', GB, { ua: iphoneOn(i), at: ago(60 - i) })),
      scan(product.entryPath, 'AGENTS', JP, { at: ago(30) }),
      scan(product.entryPath, 'ONE-COUNTRY', GB, { at: ago(100) }),
      scan(product.entryPath, 'ONE-COUNTRY', GB_2, { at: ago(95) }),
      scan(product.entryPath, 'ONE-COUNTRY', '81.2.69.1', { at: ago(90) }),
      scan(product.entryPath, 'APART', GB, { at: ago(24 * 60 + 30) }),
      scan(product.entryPath, 'APART', GB_2, { at: ago(24 * 60 + 20) }),
      scan(product.entryPath, 'APART', JP, { at: ago(10) }),
    ]);
    expect(await flagsOf(product.productId)).toEqual([]);
  });

  it('finds the first window of three visitors from two countries in time order', () => {
    const at = (minute: number, visitor: string, country: string | null) => ({ at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(), visitor, country, region: null });
    const hour = 60 * 60_000;
    expect(countriesWindow([at(0, 'a', 'GB'), at(5, 'b', 'GB'), at(61, 'c', 'JP')], hour)).toBeNull();
    expect(countriesWindow([at(0, 'a', 'GB'), at(10, 'a', 'JP'), at(20, 'a', 'FR')], hour)).toBeNull();
    expect(countriesWindow([at(0, 'a', 'GB'), at(10, 'b', null), at(20, 'c', 'JP')], hour)).toBeNull();
    expect(countriesWindow([at(0, 'a', 'GB'), at(61, 'b', 'GB'), at(70, 'a', 'GB'), at(100, 'c', 'JP')], hour)).toEqual([
      { at: at(61, 'b', 'GB').at, country: 'GB', region: null },
      { at: at(70, 'a', 'GB').at, country: 'GB', region: null },
      { at: at(100, 'c', 'JP').at, country: 'JP', region: null },
    ]);
  });
});

describe('unusual volume', () => {
  it('does not flag 24 scans from one address, or twenty User-Agents from one address, beside siblings scanned once', async () => {
    const product = await newProduct();
    await postScans(['V1', 'V2', 'V3'].map((serial) => scan(product.entryPath, serial, GB, { at: ago(60) })));
    await postScans([
      ...Array.from({ length: 24 }, (_, i) => scan(product.entryPath, 'LOUD', GB, { at: ago(50 - i) })),
      ...Array.from({ length: 20 }, (_, i) => scan(product.entryPath, 'AGENTS', JP, { ua: iphoneOn(i), at: ago(50 - i) })),
    ]);
    expect(await flagsOf(product.productId)).toEqual([]);
  });

  it('flags a serial scanned by at least twenty visitors, far more than its siblings, with its latest visitors as evidence', async () => {
    const product = await newProduct();
    await postScans(['V1', 'V2', 'V3'].map((serial) => scan(product.entryPath, serial, GB, { at: ago(60) })));
    // 19 visitors (each twice): under the floor of 20.
    // Each visitor's two scans a second apart: on one UTC day even when the test runs just after midnight.
    const secondLater = (at: string) => new Date(Date.parse(at) + 1000).toISOString();
    const visitors = Array.from({ length: 19 }, (_, i) => [
      scan(product.entryPath, 'LOUD', somewhere(i), { at: ago(50 - i) }),
      scan(product.entryPath, 'LOUD', somewhere(i), { at: secondLater(ago(50 - i)) }),
    ]);
    await postScans(visitors.flat());
    expect(await flagsOf(product.productId)).toEqual([]);
    await postScans([scan(product.entryPath, 'LOUD', GB, { at: ago(5) })]);
    const flagged = await flagsOf(product.productId);
    expect(flagged.map(({ serial, reason }) => ({ serial, reason }))).toEqual([{ serial: 'LOUD', reason: 'volume' }]);
    expect(flagged[0].evidence).toHaveLength(20);
    expect(flagged[0].evidence.at(-1)).toMatchObject({ country: 'GB', region: 'ENG' });
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.type, 'serial.suspiciousVolume'));
    expect(notes.some((note) => (note.params as Record<string, unknown>).serial === 'LOUD')).toBe(true);
  });

  it('keeps the median to serials with history: a handful of fresh siblings does not get a normal serial flagged', async () => {
    const product = await newProduct();
    const usual = ['U1', 'U2', 'U3', 'U4', 'U5'];
    // Serials scanned a fortnight ago, and this week by three visitors each: a median of 3, so 30 visitors stand out.
    await postScans(usual.map((serial) => scan(product.entryPath, serial, GB, { at: daysAgo(14) })));
    await postScans(usual.flatMap((serial) => [1, 2, 3].map((i) => scan(product.entryPath, serial, somewhere(i), { at: ago(200 + i) }))));
    // Ten fresh serials scanned once each would make the median 1 (and the threshold the floor of 20)…
    await postScans(Array.from({ length: 10 }, (_, i) => scan(product.entryPath, `FRESH-${i}`, GB, { at: ago(150) })));
    // …so a serial that 25 visitors scanned this week would be flagged.
    const normal = Array.from({ length: 25 }, (_, i) => scan(product.entryPath, 'POPULAR', somewhere(100 + i), { at: ago(100 - i) }));
    await postScans(normal);
    expect(await flagsOf(product.productId)).toEqual([]);

    const medians = createMedianCache();
    await registerScannedSerials(t.app.db, [scan(product.entryPath, 'POPULAR', GB)]);
    const { facts } = await recordScans(t.app.db, { scans: [scan(product.entryPath, 'POPULAR', GB)] }, createSaltBook());
    expect(await flagSuspiciousSerials(t.app.db, facts, { windowMinutes: 60, medians })).toEqual([]);
    expect(medians.get(product.productId)).toBe(3);
    // Five more visitors make 31: ten times the median.
    await postScans(Array.from({ length: 5 }, (_, i) => scan(product.entryPath, 'POPULAR', somewhere(200 + i))));
    expect((await flagsOf(product.productId)).map(({ serial, reason }) => ({ serial, reason }))).toEqual([{ serial: 'POPULAR', reason: 'volume' }]);
  });

  it('compares with the median kept for the product while it is kept, then with a fresh one', async () => {
    const product = await newProduct();
    const loud = Array.from({ length: 20 }, (_, i) => scan(product.entryPath, 'KEPT-LOUD', somewhere(i), { at: ago(40 - i) }));
    const batch = [scan(product.entryPath, 'KEPT-SIBLING', GB, { at: ago(60) }), ...loud];
    await registerScannedSerials(t.app.db, batch);
    const { facts } = await recordScans(t.app.db, { scans: batch }, createSaltBook());
    let clock = 0;
    const medians = createMedianCache(1_000, () => clock);
    // A median of 5 kept from earlier: 20 visitors are not ten times it.
    medians.set(product.productId, 5);
    expect(await flagSuspiciousSerials(t.app.db, facts, { windowMinutes: 60, medians })).toEqual([]);
    clock = 1_000;
    // Expired: counted again; no serial has history, so there is no median (0) and the floor alone applies.
    const flagged = await flagSuspiciousSerials(t.app.db, facts, { windowMinutes: 60, medians });
    expect(medians.get(product.productId)).toBe(0);
    expect(flagged.map(({ serial, reason }) => ({ serial, reason }))).toEqual([{ serial: 'KEPT-LOUD', reason: 'volume' }]);
  });
});
