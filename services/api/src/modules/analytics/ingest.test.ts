import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, gtin14 } from '@product-console/shared';
import { DEMO_USERS } from '../../db/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { notifications } from '../notifications/tables.js';
import { deleteExpiredScans, createRetentionTimer } from './retention.js';
import { createSaltBook, recordScans } from './scans.js';
import { countriesWindow, createMedianCache, flagSuspiciousSerials } from './suspicious.js';
import { analyticsSalts, scanRollups, scans, scanVisitorsDaily, suspiciousSerials } from './tables.js';
import { createUmamiForwarder } from './umami.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** geoip-lite places these in Great Britain (England) and Japan (Tokyo). */
const GB = '81.2.69.142';
const JP = '133.242.0.1';

let t: TestApp;
let acme: string;
let acmeCompanyId: number;
let campingId: number;
let nextReference = 900;

/** The manager's authorization and the Camping project of a test app. */
async function acmeOf(app: TestApp['app']) {
  const authorization = (await signIn(app, DEMO_USERS.acmeManager)).authorization;
  const list = (await call(app, authorization, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  return { authorization, campingId: list.find((project) => project.project_name === 'Camping')!.project_id };
}

interface Created {
  productId: number;
  entryPath: string;
}

async function newProduct(app = t.app, owner = { authorization: acme, campingId }): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({ product: JSON.stringify([{ project_id: owner.campingId, product_name: `Trail Lantern ${nextReference}`, gtin }]) });
  const response = await call(app, owner.authorization, { method: 'POST', url: '/api/product/?service=DL', ...body });
  expect(response.statusCode).toBe(201);
  return { productId: response.json().productId, entryPath: `/01/${gtin}` };
}

interface ScanInput {
  qualifierPath?: string | null;
  linkType?: string;
  lang?: string | null;
  at?: string;
  ip?: string | null;
  ua?: string | null;
}

const scan = (entryPath: string, input: ScanInput = {}) => ({
  entryPath,
  qualifierPath: input.qualifierPath ?? null,
  linkType: input.linkType ?? 'gs1:pip',
  lang: input.lang ?? null,
  device: 'other' as const,
  at: input.at ?? new Date().toISOString(),
  ip: input.ip ?? null,
  ua: input.ua ?? null,
});

const postScans = (scanList: ReturnType<typeof scan>[], app = t.app, token = t.config.INTERNAL_TOKEN) =>
  app.inject({ method: 'POST', url: '/api/internal/resolver/scans', payload: { scans: scanList }, headers: { [INTERNAL_TOKEN_HEADER]: token } });

async function rollupsOf(productId: number) {
  const rows = await t.app.db.select().from(scanRollups).where(eq(scanRollups.productId, productId));
  const counts: Record<string, number> = {};
  for (const row of rows) counts[`${row.dimension}:${row.value}`] = (counts[`${row.dimension}:${row.value}`] ?? 0) + row.scans;
  return counts;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ authorization: acme, campingId } = await acmeOf(t.app));
  [{ id: acmeCompanyId }] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'acme'));
});
afterAll(async () => {
  await t?.close();
});

describe('scan facts and rollups', () => {
  it('keeps place, device, system, browser, view and serial per scan, leaves bots out, and adds each dimension up per hour', async () => {
    const product = await newProduct();
    const at = new Date().toISOString();
    const response = await postScans([
      scan(product.entryPath, { qualifierPath: '/21/S%2F1', lang: 'ko-KR', ip: GB, ua: IPHONE, at }),
      scan(product.entryPath, { qualifierPath: '/21/S%2F1', lang: 'ko-KR', ip: `::ffff:${GB}`, ua: IPHONE, at }),
      scan(product.entryPath, { linkType: 'linkset', ip: JP, ua: WINDOWS, at }),
      scan(product.entryPath, { ip: JP, ua: GOOGLEBOT, at }),
      scan(product.entryPath, { linkType: 'gs1:dpp', ip: '10.1.2.3', ua: null, at }),
    ]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 4 });

    const rows = await t.app.db.select().from(scans).where(eq(scans.productId, product.productId)).orderBy(scans.id);
    expect(rows.map(({ serial, view, country, region, deviceType, os, browser, lang }) => ({ serial, view, country, region, deviceType, os, browser, lang }))).toEqual([
      { serial: 'S/1', view: 'index', country: 'GB', region: 'ENG', deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari', lang: 'ko-KR' },
      { serial: 'S/1', view: 'index', country: 'GB', region: 'ENG', deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari', lang: 'ko-KR' },
      { serial: null, view: null, country: 'JP', region: '13', deviceType: 'desktop', os: 'Windows', browser: 'Chrome', lang: null },
      { serial: null, view: 'dpp', country: null, region: null, deviceType: 'other', os: null, browser: null, lang: null },
    ]);
    // The same address (as IPv4 or IPv4-mapped IPv6) and agent on the same day is one visitor.
    expect(rows[0].visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(rows[1].visitor).toBe(rows[0].visitor);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(3);

    const hour = new Date(at);
    hour.setUTCMinutes(0, 0, 0);
    const buckets = await t.app.db.selectDistinct({ bucket: scanRollups.bucket }).from(scanRollups).where(eq(scanRollups.productId, product.productId));
    expect(buckets.map((row) => row.bucket.toISOString())).toEqual([hour.toISOString()]);
    expect(await rollupsOf(product.productId)).toEqual({
      'total:': 4,
      'visitors:': 3,
      'country:GB': 2,
      'country:JP': 1,
      'region:GB-ENG': 2,
      'region:JP-13': 1,
      'device:mobile': 2,
      'device:desktop': 1,
      'device:other': 1,
      'os:iOS': 2,
      'os:Windows': 1,
      'browser:Mobile Safari': 2,
      'browser:Chrome': 1,
      'linkType:gs1:pip': 2,
      'linkType:linkset': 1,
      'linkType:gs1:dpp': 1,
      'view:index': 2,
      'view:dpp': 1,
      'language:ko-KR': 2,
      'serial:S/1': 2,
    });

    // The same visitor again the same day: scans go up, visitors do not.
    await postScans([scan(product.entryPath, { qualifierPath: '/21/S%2F1', lang: 'ko-KR', ip: GB, ua: IPHONE, at })]);
    const again = await rollupsOf(product.productId);
    expect(again['total:']).toBe(5);
    expect(again['visitors:']).toBe(3);
    expect(again['serial:S/1']).toBe(3);
  });

  it('counts nothing of a batch of bots only', async () => {
    const product = await newProduct();
    const response = await postScans([scan(product.entryPath, { ip: GB, ua: GOOGLEBOT }), scan(product.entryPath, { ip: GB, ua: 'curl/8.5.0' })]);
    expect(response.json()).toEqual({ accepted: 0 });
    expect(await rollupsOf(product.productId)).toEqual({});
  });

  it('keeps no client address and no User-Agent in any text or JSON column of any table', async () => {
    const product = await newProduct();
    const addresses = ['81.2.69.142', '133.242.0.1', '2001:db8::42'];
    await postScans(addresses.map((ip) => scan(product.entryPath, { ip, ua: IPHONE, qualifierPath: '/21/P1' })));
    const columns = (await t.app.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'inet', 'ARRAY')
    `)) as unknown as { rows: { table_name: string; column_name: string }[] };
    expect(columns.rows.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      for (const needle of [...addresses, 'iPhone OS 17_0']) {
        const hits = (await t.app.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${needle}%`}`,
        )) as unknown as { rows: { n: number }[] };
        if (hits.rows[0].n > 0) found.push(`${table}.${column}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('visitor salts', () => {
  it('are made once per UTC day, and salts and visitor rows older than yesterday are deleted when a new day starts', async () => {
    const product = await newProduct();
    await t.app.db.insert(analyticsSalts).values({ day: '2020-01-01', salt: 'old' }).onConflictDoNothing();
    await t.app.db.insert(scanVisitorsDaily).values({ productId: product.productId, day: '2020-01-01', visitor: '0123456789abcdef' });
    const book = createSaltBook();
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    await recordScans(t.app.db, { scans: [scan(product.entryPath, { ip: GB, ua: IPHONE })] }, book, now);
    const salts = await t.app.db.select().from(analyticsSalts);
    expect(salts.map((row) => row.day)).not.toContain('2020-01-01');
    expect(salts.filter((row) => row.day === today)).toHaveLength(1);
    expect(salts.find((row) => row.day === today)!.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.app.db.select().from(scanVisitorsDaily).where(eq(scanVisitorsDaily.day, '2020-01-01'))).toEqual([]);

    // Another instance (a fresh book) the same day reads the same salt: the same visitor hash.
    await recordScans(t.app.db, { scans: [scan(product.entryPath, { ip: GB, ua: IPHONE })] }, createSaltBook(), now);
    const rows = await t.app.db.select({ visitor: scans.visitor }).from(scans).where(eq(scans.productId, product.productId));
    expect(rows).toHaveLength(2);
    expect(rows[0].visitor).toBe(rows[1].visitor);
    // A scan of a day whose salt is gone gets no visitor (its hash could not be compared with anything).
    await recordScans(t.app.db, { scans: [scan(product.entryPath, { ip: GB, ua: IPHONE, at: '2020-01-01T10:00:00.000Z' })] }, book, now);
    const old = await t.app.db.select({ visitor: scans.visitor }).from(scans).where(and(eq(scans.productId, product.productId), eq(scans.scannedAt, new Date('2020-01-01T10:00:00.000Z'))));
    expect(old).toEqual([{ visitor: null }]);
  });
});

describe('suspicious serials', () => {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  it('flags a serial scanned in two countries within the window, once, with the evidence, and tells the managers', async () => {
    const product = await newProduct();
    const first = ago(120);
    const second = ago(90);
    await postScans([scan(product.entryPath, { qualifierPath: '/21/X1', ip: GB, ua: IPHONE, at: first })]);
    expect(await t.app.db.select().from(suspiciousSerials).where(eq(suspiciousSerials.productId, product.productId))).toEqual([]);
    await postScans([scan(product.entryPath, { qualifierPath: '/21/X1', ip: JP, ua: WINDOWS, at: second })]);
    const flagged = await t.app.db.select().from(suspiciousSerials).where(eq(suspiciousSerials.productId, product.productId));
    expect(flagged.map(({ companyId, serial, reason, evidence }) => ({ companyId, serial, reason, evidence }))).toEqual([
      {
        companyId: acmeCompanyId,
        serial: 'X1',
        reason: 'countries',
        evidence: [
          { at: first, country: 'GB', region: 'ENG' },
          { at: second, country: 'JP', region: '13' },
        ],
      },
    ]);
    const notes = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, acmeCompanyId), eq(notifications.type, 'serial.suspiciousCountries')));
    const mine = notes.filter((note) => (note.params as Record<string, unknown>).serial === 'X1');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((note) => note.userId !== null)).toBe(true);
    expect(mine[0].params).toMatchObject({ serial: 'X1', countries: 'GB, JP' });
    expect(mine[0].params).toHaveProperty('productName', expect.stringContaining('Trail Lantern'));

    // A third country later: still one flag, no new notification.
    await postScans([scan(product.entryPath, { qualifierPath: '/21/X1', ip: '62.210.0.1', ua: WINDOWS, at: ago(80) })]);
    expect(await t.app.db.select().from(suspiciousSerials).where(eq(suspiciousSerials.productId, product.productId))).toHaveLength(1);
    const after = await t.app.db.select().from(notifications).where(eq(notifications.type, 'serial.suspiciousCountries'));
    expect(after.filter((note) => (note.params as Record<string, unknown>).serial === 'X1')).toHaveLength(mine.length);
  });

  it('does not flag a serial scanned in one country, or in two countries a day apart', async () => {
    const product = await newProduct();
    await postScans([
      scan(product.entryPath, { qualifierPath: '/21/Y1', ip: GB, ua: IPHONE, at: ago(100) }),
      scan(product.entryPath, { qualifierPath: '/21/Y1', ip: '81.2.69.160', ua: WINDOWS, at: ago(95) }),
      scan(product.entryPath, { qualifierPath: '/21/Z1', ip: GB, ua: IPHONE, at: ago(24 * 60 + 30) }),
      scan(product.entryPath, { qualifierPath: '/21/Z1', ip: JP, ua: IPHONE, at: ago(10) }),
    ]);
    expect(await t.app.db.select().from(suspiciousSerials).where(eq(suspiciousSerials.productId, product.productId))).toEqual([]);
  });

  it('flags a serial scanned far more often than its siblings (volume), not the siblings', async () => {
    const product = await newProduct();
    const siblings = ['V1', 'V2', 'V3'].map((serial) => scan(product.entryPath, { qualifierPath: `/21/${serial}`, ip: GB, ua: IPHONE, at: ago(60) }));
    await postScans(siblings);
    // 19 scans: under the floor of 20.
    const loud = Array.from({ length: 19 }, (_, i) => scan(product.entryPath, { qualifierPath: '/21/LOUD', ip: GB, ua: IPHONE, at: ago(50 - i) }));
    await postScans(loud);
    expect(await t.app.db.select().from(suspiciousSerials).where(eq(suspiciousSerials.productId, product.productId))).toEqual([]);
    await postScans([scan(product.entryPath, { qualifierPath: '/21/LOUD', ip: GB, ua: IPHONE, at: ago(5) })]);
    const flagged = await t.app.db.select().from(suspiciousSerials).where(eq(suspiciousSerials.productId, product.productId));
    expect(flagged.map(({ serial, reason }) => ({ serial, reason }))).toEqual([{ serial: 'LOUD', reason: 'volume' }]);
    expect(flagged[0].evidence).toHaveLength(20);
    expect(flagged[0].evidence.every((scanned) => scanned.country === 'GB')).toBe(true);
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.type, 'serial.suspiciousVolume'));
    expect(notes.some((note) => (note.params as Record<string, unknown>).serial === 'LOUD')).toBe(true);
  });

  it('compares with the median kept for the product while it is kept, then with a fresh one', async () => {
    const product = await newProduct();
    const sibling = scan(product.entryPath, { qualifierPath: '/21/KEPT-SIBLING', ip: GB, ua: IPHONE, at: ago(60) });
    const loud = Array.from({ length: 20 }, (_, i) => scan(product.entryPath, { qualifierPath: '/21/KEPT-LOUD', ip: GB, ua: IPHONE, at: ago(40 - i) }));
    const { facts } = await recordScans(t.app.db, { scans: [sibling, ...loud] }, createSaltBook());
    let clock = 0;
    const medians = createMedianCache(1_000, () => clock);
    // A median of 5 kept from earlier: 20 scans are not ten times it.
    medians.set(product.productId, 5);
    expect(await flagSuspiciousSerials(t.app.db, facts, { windowMinutes: 60, medians })).toEqual([]);
    clock = 1_000;
    // Expired: counted again from the serial-days (median of 1 and 20 is 10.5; 20 < 105)…
    expect(await flagSuspiciousSerials(t.app.db, facts, { windowMinutes: 60, medians })).toEqual([]);
    expect(medians.get(product.productId)).toBe(10.5);
    // …and with a lower factor the serial is flagged once.
    const flagged = await flagSuspiciousSerials(t.app.db, facts, { windowMinutes: 60, medians, volumeFactor: 1 });
    expect(flagged.map(({ serial, reason }) => ({ serial, reason }))).toEqual([{ serial: 'KEPT-LOUD', reason: 'volume' }]);
  });

  it('finds the first window of two countries in time order', () => {
    const at = (minute: number, country: string) => ({ at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(), country, region: null });
    expect(countriesWindow([at(0, 'GB'), at(61, 'JP')], 60 * 60_000)).toBeNull();
    expect(countriesWindow([at(0, 'GB'), at(61, 'GB'), at(100, 'JP')], 60 * 60_000)).toEqual([at(61, 'GB'), at(100, 'JP')]);
  });
});

describe('retention', () => {
  it('deletes raw scans older than the retention in chunks and keeps the newer ones and the rollups', async () => {
    const product = await newProduct();
    const old = Array.from({ length: 7 }, (_, i) => scan(product.entryPath, { ip: GB, ua: IPHONE, at: new Date(Date.now() - (400 + i) * 24 * 3600_000).toISOString() }));
    await recordScans(t.app.db, { scans: [...old, scan(product.entryPath, { ip: GB, ua: IPHONE })] }, createSaltBook());
    const before = await rollupsOf(product.productId);
    expect(before['total:']).toBe(8);
    expect(await deleteExpiredScans(t.app.db, 395, 3)).toBeGreaterThanOrEqual(7);
    const left = await t.app.db.select().from(scans).where(eq(scans.productId, product.productId));
    expect(left).toHaveLength(1);
    expect(await rollupsOf(product.productId)).toEqual(before);
  });

  it('runs at start and then on its interval', async () => {
    const product = await newProduct();
    const at = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    await recordScans(t.app.db, { scans: [scan(product.entryPath, { at })] }, createSaltBook());
    const timer = createRetentionTimer({ db: t.app.db, days: 2, intervalMs: 50, log: { info: () => {}, error: () => {} } });
    timer.start();
    await expect.poll(async () => (await t.app.db.select().from(scans).where(eq(scans.productId, product.productId))).length).toBe(0);
    // Scans newer than 2 days made after start are kept by later runs.
    await recordScans(t.app.db, { scans: [scan(product.entryPath)] }, createSaltBook());
    await new Promise((resolve) => setTimeout(resolve, 150));
    await timer.stop();
    expect(await t.app.db.select().from(scans).where(eq(scans.productId, product.productId))).toHaveLength(1);
  });
});

describe('Umami forwarding', () => {
  let umami: Server;
  let umamiUrl: string;
  const received: { url: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  let status = 200;
  let delayMs = 0;

  beforeAll(async () => {
    umami = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        setTimeout(() => {
          received.push({ url: request.url ?? '', headers: request.headers, body: JSON.parse(body) });
          response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
        }, delayMs);
      });
    });
    await new Promise<void>((resolve) => umami.listen(0, '127.0.0.1', resolve));
    umamiUrl = `http://127.0.0.1:${(umami.address() as AddressInfo).port}/umami`;
  });
  afterAll(async () => {
    await new Promise((resolve) => umami.close(resolve));
  });

  it('lets the queued events leave before a stopping API closes', async () => {
    const withUmami = await createTestApp({ UMAMI_URL: umamiUrl, UMAMI_WEBSITE_ID: 'site-1', DIGITAL_LINK_DOMAIN: 'id.example.com' });
    const product = await newProduct(withUmami.app, await acmeOf(withUmami.app));
    delayMs = 300;
    try {
      const response = await postScans([scan(product.entryPath, { qualifierPath: '/21/BYE', ip: JP, ua: IPHONE })], withUmami.app, withUmami.config.INTERNAL_TOKEN);
      expect(response.json()).toEqual({ accepted: 1 });
    } finally {
      await withUmami.close();
      delayMs = 0;
    }
    expect(received.filter((event) => (event.body as { payload: { url: string } }).payload.url === `${product.entryPath}/21/BYE`)).toHaveLength(1);
  });

  it('sends nothing without the setting', () => {
    expect(t.app.scanIngest.umami).toBeNull();
  });

  it('sends each stored scan as an event with the scanner’s User-Agent, after the batch answered, and never the address', async () => {
    const withUmami = await createTestApp({ UMAMI_URL: umamiUrl, UMAMI_WEBSITE_ID: 'site-1', DIGITAL_LINK_DOMAIN: 'id.example.com' });
    try {
      const product = await newProduct(withUmami.app, await acmeOf(withUmami.app));
      const response = await postScans(
        [
          scan(product.entryPath, { qualifierPath: '/21/U1', lang: 'ja-JP', ip: JP, ua: IPHONE }),
          scan(product.entryPath, { ip: JP, ua: GOOGLEBOT }),
        ],
        withUmami.app,
        withUmami.config.INTERNAL_TOKEN,
      );
      expect(response.json()).toEqual({ accepted: 1 });
      await withUmami.app.scanIngest.umami!.drain();
      const mine = received.filter((event) => (event.body as { payload: { url: string } }).payload.url.startsWith(product.entryPath));
      expect(mine).toHaveLength(1);
      expect(mine[0].url).toBe('/umami/api/send');
      expect(mine[0].headers['user-agent']).toBe(IPHONE);
      expect(mine[0].body).toEqual({
        type: 'event',
        payload: {
          website: 'site-1',
          hostname: 'id.example.com',
          language: 'ja-JP',
          url: `${product.entryPath}/21/U1`,
          title: product.entryPath,
          referrer: '',
          name: 'scan',
          data: { linkType: 'gs1:pip', view: 'index', serial: 'U1', country: 'JP', region: '13', deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari' },
        },
      });
      expect(JSON.stringify(mine[0])).not.toContain(JP);
    } finally {
      await withUmami.close();
    }
  });

  it('drops events past the queue bound and counts failures without throwing', async () => {
    status = 500;
    const warnings: object[] = [];
    const forwarder = createUmamiForwarder({ url: umamiUrl, websiteId: 'site-2', hostname: 'h', log: { warn: (details) => warnings.push(details) }, queueMax: 2, concurrency: 1 });
    const fact = {
      companyId: 1, productId: 1, entryPath: '/01/1', qualifierPath: null, serial: null, linkType: 'gs1:pip', view: 'index', lang: null,
      country: null, region: null, deviceType: 'desktop', os: null, browser: null, scannedAt: new Date().toISOString(), userAgent: null,
    };
    // One goes out at once, two wait, the fourth is dropped.
    forwarder.send([fact]);
    forwarder.send([fact, fact, fact]);
    await forwarder.drain();
    expect(forwarder.stats()).toEqual({ sent: 0, failed: 3, dropped: 1 });
    expect(warnings.length).toBeGreaterThan(0);
    status = 200;
  });
});
