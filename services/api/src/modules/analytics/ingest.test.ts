import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, gtin14 } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { registerScannedSerials } from '../../test/serials.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { deleteExpiredScans } from './retention.js';
import { createSaltBook, recordScans } from './scans.js';
import { analyticsSalts, scanRollups, scans, scanSerialVisitors, scanVisitorsDaily } from './tables.js';
import { forwardToUmami, UMAMI_QUEUE, umamiScans } from './umami.js';
import { jobsSettled } from '../../test/jobs.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** The iPhone's User-Agent on another system version: one address, many agents. */
const iphoneOn = (minor: number) => IPHONE.replace('17_0', `17_${minor}`);
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
  campaign?: string | null;
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
  campaign: input.campaign ?? null,
});

/** Posts scans as the resolver does, their serials registered first (unless `registered` is false). */
async function postScans(scanList: ReturnType<typeof scan>[], app = t.app, token = t.config.INTERNAL_TOKEN, registered = true) {
  if (registered) await registerScannedSerials(app.db, scanList);
  return app.inject({ method: 'POST', url: '/api/internal/resolver/scans', payload: { scans: scanList }, headers: { [INTERNAL_TOKEN_HEADER]: token } });
}

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
  it('counts every scan of a registered serial as a scan of that serial, and a made-up or deleted one as a scan of the product alone', async () => {
    const product = await newProduct();
    await registerScannedSerials(t.app.db, [scan(product.entryPath, { qualifierPath: '/21/REAL-1' }), scan(product.entryPath, { qualifierPath: '/21/GONE' })]);
    await t.app.db.execute(sql`update qualifiers set is_deleted = true where value = 'GONE' and entry_id = (select id from entries where entry_path = ${product.entryPath})`);
    const response = await postScans(
      [
        scan(product.entryPath, { qualifierPath: '/21/REAL-1', ip: GB, ua: IPHONE }),
        scan(product.entryPath, { qualifierPath: '/21/REAL-1', ip: JP, ua: IPHONE }),
        scan(product.entryPath, { qualifierPath: '/21/MADE-UP', ip: GB, ua: IPHONE }),
        scan(product.entryPath, { qualifierPath: '/21/GONE', ip: GB, ua: IPHONE }),
      ],
      t.app,
      t.config.INTERNAL_TOKEN,
      false,
    );
    expect(response.json()).toEqual({ accepted: 4 });
    const rows = await t.app.db.select({ serial: scans.serial, qualifierPath: scans.qualifierPath }).from(scans).where(eq(scans.productId, product.productId)).orderBy(scans.id);
    expect(rows).toEqual([
      { serial: 'REAL-1', qualifierPath: '/21/REAL-1' },
      { serial: 'REAL-1', qualifierPath: '/21/REAL-1' },
      { serial: null, qualifierPath: null },
      { serial: null, qualifierPath: null },
    ]);
    expect((await rollupsOf(product.productId))['serial:REAL-1']).toBe(2);
    expect((await rollupsOf(product.productId))['serial:MADE-UP']).toBeUndefined();
  });

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

  it("keeps a serial's addresses of the day once each, with place and first and last scan, whatever their User-Agents", async () => {
    const product = await newProduct();
    // Yesterday (UTC), which still has its salt: all on one day whenever the test runs.
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    const times = ['10:00', '10:10', '10:20'].map((time) => `${yesterday}T${time}:00.000Z`);
    await postScans([
      ...times.map((at, i) => scan(product.entryPath, { qualifierPath: '/21/A1', ip: GB, ua: iphoneOn(i), at })),
      scan(product.entryPath, { qualifierPath: '/21/A1', ip: `::ffff:${GB}`, ua: WINDOWS, at: times[1] }),
      scan(product.entryPath, { qualifierPath: '/21/A1', ip: JP, ua: IPHONE, at: times[2] }),
      scan(product.entryPath, { ip: JP, ua: IPHONE, at: times[2] }),
    ]);
    const rows = await t.app.db.select().from(scanSerialVisitors).where(eq(scanSerialVisitors.productId, product.productId)).orderBy(scanSerialVisitors.firstAt);
    expect(rows.map(({ serial, day, country, region, firstAt, lastAt }) => ({ serial, day, country, region, firstAt: firstAt.toISOString(), lastAt: lastAt.toISOString() }))).toEqual([
      { serial: 'A1', day: yesterday, country: 'GB', region: 'ENG', firstAt: times[0], lastAt: times[2] },
      { serial: 'A1', day: yesterday, country: 'JP', region: '13', firstAt: times[2], lastAt: times[2] },
    ]);
    expect(new Set(rows.map((row) => row.address)).size).toBe(rows.length);
    for (const row of rows) expect(row.address).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps the campaign of each scan and counts scans by campaign, on the dashboard too', async () => {
    const product = await newProduct();
    const at = new Date().toISOString();
    const response = await postScans([
      scan(product.entryPath, { campaign: 'spring-sale', at }),
      scan(product.entryPath, { campaign: 'spring-sale', at }),
      scan(product.entryPath, { campaign: 'newsletter', at }),
      scan(product.entryPath, { at }),
    ]);
    expect(response.json()).toEqual({ accepted: 4 });
    const stored = await t.app.db.select({ campaign: scans.campaign }).from(scans).where(eq(scans.productId, product.productId));
    expect(stored.map((row) => row.campaign ?? '(none)').sort()).toEqual(['(none)', 'newsletter', 'spring-sale', 'spring-sale']);
    expect(await rollupsOf(product.productId)).toMatchObject({ 'total:': 4, 'campaign:spring-sale': 2, 'campaign:newsletter': 1 });

    const today = at.slice(0, 10);
    await t.app.db.execute(sql`update companies set time_zone = 'UTC' where id = ${acmeCompanyId}`);
    const dashboard = await call(t.app, acme, { method: 'GET', url: `/api/analytics/dashboard?from=${today}&to=${today}&productId=${product.productId}&compare=false` });
    expect(dashboard.json().result.campaigns).toEqual([
      { value: 'spring-sale', scans: 2, previous: null },
      { value: 'newsletter', scans: 1, previous: null },
    ]);
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
    const now = Date.now();
    // A serial's addresses stay for the volume rule's week (today and the six days before it).
    const serialVisitor = (days: number) => {
      const at = new Date(now - days * 24 * 3600_000);
      return { companyId: acmeCompanyId, productId: product.productId, serial: `W${days}`, day: at.toISOString().slice(0, 10), address: '0123456789abcdef', firstAt: at, lastAt: at };
    };
    await t.app.db.insert(scanSerialVisitors).values([serialVisitor(6), serialVisitor(7)]);
    const book = createSaltBook();
    const today = new Date(now).toISOString().slice(0, 10);
    await recordScans(t.app.db, { scans: [scan(product.entryPath, { ip: GB, ua: IPHONE })] }, book, now);
    const salts = await t.app.db.select().from(analyticsSalts);
    expect(salts.map((row) => row.day)).not.toContain('2020-01-01');
    expect(salts.filter((row) => row.day === today)).toHaveLength(1);
    expect(salts.find((row) => row.day === today)!.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.app.db.select().from(scanVisitorsDaily).where(eq(scanVisitorsDaily.day, '2020-01-01'))).toEqual([]);
    expect((await t.app.db.select().from(scanSerialVisitors).where(eq(scanSerialVisitors.productId, product.productId))).map((row) => row.serial)).toEqual(['W6']);

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

  it('runs as a scheduled job of the queue, hourly, once per deployment', async () => {
    const product = await newProduct();
    const at = new Date(Date.now() - (t.config.SCAN_RETENTION_DAYS + 3) * 24 * 3600_000).toISOString();
    await recordScans(t.app.db, { scans: [scan(product.entryPath, { at }), scan(product.entryPath)] }, createSaltBook());
    const schedules = (await t.app.db.execute(sql`select name, cron from pgboss.schedule where name = 'scan-retention'`)) as unknown as { rows: { cron: string }[] };
    expect(schedules.rows).toEqual([{ name: 'scan-retention', cron: '7 * * * *' }]);
    // What the schedule sends each hour, sent now.
    await t.app.jobs.send('scan-retention', {});
    await expect.poll(async () => (await t.app.db.select().from(scans).where(eq(scans.productId, product.productId))).length, { timeout: 10_000 }).toBe(1);
  });
});

describe('Umami forwarding', () => {
  let umami: Server;
  let umamiUrl: string;
  const received: { url: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  let status = 200;
  let statusOf: (() => number) | null = null;

  beforeAll(async () => {
    umami = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        setTimeout(() => {
          received.push({ url: request.url ?? '', headers: request.headers, body: JSON.parse(body) });
          response.writeHead(statusOf?.() ?? status, { 'content-type': 'application/json' }).end('{}');
        }, 0);
      });
    });
    await new Promise<void>((resolve) => umami.listen(0, '127.0.0.1', resolve));
    umamiUrl = `http://127.0.0.1:${(umami.address() as AddressInfo).port}/umami`;
  });
  afterAll(async () => {
    await new Promise((resolve) => umami.close(resolve));
  });

  it('sends nothing without the setting', () => {
    expect(t.app.scanIngest.forwardsToUmami).toBe(false);
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
      await jobsSettled(withUmami.app, UMAMI_QUEUE.name);
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

  it('fails the job for a retry when Umami takes none of the batch, and drops only what it refuses when it takes others', async () => {
    const fact = {
      companyId: 1, productId: 1, entryPath: '/01/1', qualifierPath: null, serial: null, linkType: 'gs1:pip', view: 'index', lang: null,
      country: null, region: null, deviceType: 'desktop', os: null, browser: null, scannedAt: new Date().toISOString(), userAgent: null,
    };
    const batch = umamiScans([fact, fact, fact], { websiteId: 'site-2', hostname: 'h' });
    status = 500;
    try {
      await expect(forwardToUmami({ url: umamiUrl, websiteId: 'site-2', hostname: 'h' }, batch)).rejects.toThrow('Umami took none');
    } finally {
      status = 200;
    }
    let answered = 0;
    statusOf = () => (answered++ === 1 ? 500 : 200);
    try {
      const result = await forwardToUmami({ url: umamiUrl, websiteId: 'site-2', hostname: 'h', concurrency: 1 }, batch);
      expect({ sent: result.sent, failed: result.failed }).toEqual({ sent: 2, failed: 1 });
    } finally {
      statusOf = null;
    }
  });
});
