import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsDashboardSchema, ERROR_CODES, type AnalyticsDashboard } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { rebuildDailyRollups } from './rollups.js';

/*
 * The dashboard's figures from known hourly rollups (the daily and serial ones rebuilt from them). The demo seed's scans cover the last 90 days; these
 * tests write rollups in early 2026 only (and clear them before each test), far from them.
 */

let t: TestApp;
let acme: string;
let sub: string;
let nordic: string;
const ids: Record<string, number> = {};
let acmeId: number;
let nordicId: number;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  sub = (await signIn(t.app, DEMO_USERS.acmeSubAdmin)).authorization;
  nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  for (const row of await rows<{ id: number; product_name: string; company_id: number }>(sql`select id, product_name, company_id from products`)) {
    ids[row.product_name] = row.id;
  }
  acmeId = (await rows<{ company_id: number }>(sql`select company_id from products where id = ${ids['Summit 45L Backpack']}`))[0]!.company_id;
  nordicId = (await rows<{ company_id: number }>(sql`select company_id from products where id = ${ids['Rye Crispbread']}`))[0]!.company_id;
});
afterAll(async () => {
  await t?.close();
});

const EARLY_2026 = sql`bucket < '2026-07-01'`;
beforeEach(async () => {
  await t.app.db.execute(sql`delete from scan_rollups where ${EARLY_2026}`);
  await t.app.db.execute(sql`delete from suspicious_serials where flagged_at < '2026-07-01'`);
  await t.app.db.execute(sql`update companies set time_zone = 'UTC'`);
});

type Rollup = [product: string, bucket: string, dimension: string, value: string, scans: number];

/** Writes rollups as the ingest keeps them (one row per product, hour, dimension and value). */
async function rollups(list: Rollup[]) {
  for (const [product, bucket, dimension, value, scans] of list) {
    const productId = ids[product]!;
    await t.app.db.execute(sql`
      insert into scan_rollups (company_id, product_id, bucket, dimension, value, scans)
      select company_id, id, ${bucket}::timestamptz, ${dimension}, ${value}, ${scans} from products where id = ${productId}
      on conflict (product_id, bucket, dimension, value) do update set scans = scan_rollups.scans + excluded.scans`);
  }
}

/** A scan hour of one product: `total`, `visitors` and one value of each other dimension. */
function hour(product: string, bucket: string, scans: number, facts: Partial<Record<string, string>> = {}, visitors = scans): Rollup[] {
  const list: Rollup[] = [
    [product, bucket, 'total', '', scans],
    [product, bucket, 'visitors', '', visitors],
  ];
  for (const [dimension, value] of Object.entries({ country: 'KR', device: 'mobile', os: 'iOS', browser: 'Mobile Safari', linkType: 'gs1:pip', view: 'index', language: 'ko', ...facts })) {
    if (value !== undefined && value !== '') list.push([product, bucket, dimension, value, scans]);
  }
  return list;
}

const setTimeZone = (companyId: number, timeZone: string) => t.app.db.execute(sql`update companies set time_zone = ${timeZone} where id = ${companyId}`);

/** The daily and serial rollups from the hourly ones written here, in each company's zone, as a change of zone makes them. */
async function rebuild() {
  for (const companyId of [acmeId, nordicId]) await t.app.db.transaction((tx) => rebuildDailyRollups(tx, companyId));
}

async function dashboard(authorization: string, query: string): Promise<AnalyticsDashboard> {
  await rebuild();
  const response = await call(t.app, authorization, { method: 'GET', url: `/api/analytics/dashboard?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return analyticsDashboardSchema.parse(response.json().result);
}

const seriesOf = (board: AnalyticsDashboard) => Object.fromEntries(board.series.filter((p) => p.scans || p.previousScans).map((p) => [p.at, [p.scans, p.previousScans]]));

describe('GET /api/analytics/dashboard: local days and the comparison period', () => {
  // Scans around local midnights of Seoul (UTC+9) and New York (UTC−5 in winter).
  const scansAroundMonthEnd = () =>
    rollups([
      ...hour('Summit 45L Backpack', '2026-02-21T14:00:00Z', 1), // Seoul 21 Feb 23:00; New York 21 Feb 09:00
      ...hour('Summit 45L Backpack', '2026-02-21T15:00:00Z', 2), // Seoul 22 Feb 00:00
      ...hour('Summit 45L Backpack', '2026-02-26T14:00:00Z', 4), // Seoul 26 Feb 23:00
      ...hour('Summit 45L Backpack', '2026-02-26T15:00:00Z', 8), // Seoul 27 Feb 00:00
      ...hour('Summit 45L Backpack', '2026-02-28T16:00:00Z', 16), // Seoul 1 Mar 01:00; New York 28 Feb 11:00
      ...hour('Summit 45L Backpack', '2026-03-03T14:00:00Z', 32), // Seoul 3 Mar 23:00; New York 3 Mar 09:00
      ...hour('Summit 45L Backpack', '2026-03-03T15:00:00Z', 64), // Seoul 4 Mar 00:00
      ...hour('Summit 45L Backpack', '2026-03-04T04:00:00Z', 128), // New York 3 Mar 23:00
      ...hour('Summit 45L Backpack', '2026-03-04T05:00:00Z', 256), // New York 4 Mar 00:00
    ]);

  it('counts the days of Asia/Seoul across the end of February, and the five days before as the previous period', async () => {
    await scansAroundMonthEnd();
    await setTimeZone(acmeId, 'Asia/Seoul');
    const board = await dashboard(acme, 'from=2026-02-27&to=2026-03-03');
    expect(board).toMatchObject({ timeZone: 'Asia/Seoul', previousFrom: '2026-02-22', previousTo: '2026-02-26', granularity: 'day' });
    expect(board.series.map((p) => p.at)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
    // Previous values aligned by offset: 22 Feb beside 27 Feb, 26 Feb beside 3 Mar.
    expect(seriesOf(board)).toEqual({ '2026-02-27': [8, 2], '2026-03-01': [16, 0], '2026-03-03': [32, 4] });
    expect(board.totals.scans).toEqual({ value: 8 + 16 + 32, previous: 2 + 4 });
    expect(board.totals.visitors).toEqual({ value: 56, previous: 6 });
    expect(board.countries).toEqual([{ value: 'KR', scans: 56, previous: 6 }]);
  });

  it('counts the same scans on the days of America/New_York', async () => {
    await scansAroundMonthEnd();
    await setTimeZone(acmeId, 'America/New_York');
    const board = await dashboard(acme, 'from=2026-02-27&to=2026-03-03');
    expect(board.timeZone).toBe('America/New_York');
    // 26 Feb 09:00 and 10:00 in New York are the previous period's last day, beside 3 Mar.
    expect(seriesOf(board)).toEqual({ '2026-02-28': [16, 0], '2026-03-03': [32 + 64 + 128, 4 + 8] });
    expect(board.totals.scans).toEqual({ value: 16 + 32 + 64 + 128, previous: 4 + 8 });
  });

  it('answers no comparison when asked not to', async () => {
    await scansAroundMonthEnd();
    const board = await dashboard(acme, 'from=2026-02-27&to=2026-03-03&compare=false');
    expect(board).toMatchObject({ previousFrom: null, previousTo: null });
    expect(board.totals.scans.previous).toBeNull();
    expect(board.series.every((p) => p.previousScans === null)).toBe(true);
    expect(board.countries[0]?.previous).toBeNull();
  });

  it('takes a 23-hour local day at the spring DST change, hour by hour, and keeps days whole around it', async () => {
    await rollups([
      ...hour('Summit 45L Backpack', '2026-03-08T04:00:00Z', 1), // 7 Mar 23:00 EST
      ...hour('Summit 45L Backpack', '2026-03-08T05:00:00Z', 2), // 8 Mar 00:00 EST
      ...hour('Summit 45L Backpack', '2026-03-08T07:00:00Z', 4), // 8 Mar 03:00 EDT (02:00 does not exist)
      ...hour('Summit 45L Backpack', '2026-03-09T03:00:00Z', 8), // 8 Mar 23:00 EDT
      ...hour('Summit 45L Backpack', '2026-03-09T04:00:00Z', 16), // 9 Mar 00:00 EDT
    ]);
    await setTimeZone(acmeId, 'America/New_York');
    const day = await dashboard(acme, 'from=2026-03-08&to=2026-03-08');
    expect(day.granularity).toBe('hour');
    expect(day.series).toHaveLength(24);
    expect(seriesOf(day)).toEqual({ '2026-03-08T00:00': [2, 0], '2026-03-08T03:00': [4, 0], '2026-03-08T23:00': [8, 1] });
    expect(day.totals.scans).toEqual({ value: 14, previous: 1 });

    const days = await dashboard(acme, 'from=2026-03-07&to=2026-03-09&compare=false');
    expect(days.granularity).toBe('day');
    expect(days.series.map((p) => [p.at, p.scans])).toEqual([
      ['2026-03-07', 1],
      ['2026-03-08', 14],
      ['2026-03-09', 16],
    ]);
  });

  it('takes a 25-hour local day at the autumn DST change', async () => {
    await rollups([
      ...hour('Summit 45L Backpack', '2025-11-02T05:00:00Z', 1), // 2 Nov 01:00 EDT
      ...hour('Summit 45L Backpack', '2025-11-02T06:00:00Z', 2), // 2 Nov 01:00 EST, the hour again
      ...hour('Summit 45L Backpack', '2025-11-03T04:00:00Z', 4), // 2 Nov 23:00 EST
      ...hour('Summit 45L Backpack', '2025-11-03T05:00:00Z', 8), // 3 Nov 00:00 EST
    ]);
    await setTimeZone(acmeId, 'America/New_York');
    const day = await dashboard(acme, 'from=2025-11-02&to=2025-11-02&compare=false');
    expect(day.series).toHaveLength(24);
    expect(seriesOf(day)).toEqual({ '2025-11-02T01:00': [3, null], '2025-11-02T23:00': [4, null] });
    expect(day.totals.scans.value).toBe(7);
  });
});

describe('GET /api/analytics/dashboard: figures and ranked lists', () => {
  it('ranks every dimension, top 10 (serials 20), with the previous period, and counts products and serials scanned', async () => {
    const countries = ['KR', 'JP', 'US', 'DE', 'FR', 'IT', 'ES', 'GB', 'SE', 'NO', 'FI', 'DK'];
    await rollups([
      // Twelve countries with 12, 11, ... 1 scans on 2 Mar; the top 10 are shown.
      ...countries.flatMap((country, i) =>
        hour('Summit 45L Backpack', `2026-03-02T${String(i).padStart(2, '0')}:00:00Z`, 12 - i, { country, region: `${country}-1`, serial: `S${i}` }, 1),
      ),
      ...hour('Basecamp 2P Tent', '2026-03-02T12:00:00Z', 5, { country: 'KR', os: 'Android', browser: 'Chrome', device: 'tablet', linkType: 'gs1:epil', view: 'dpp', language: 'en' }),
      // The previous period (25–28 Feb): the Tent and the Beanie, and serial S0 once.
      ...hour('Basecamp 2P Tent', '2026-02-27T12:00:00Z', 3, { country: 'JP', serial: 'S0' }),
      ...hour('Frost Merino Beanie', '2026-02-25T12:00:00Z', 2, { country: 'JP' }),
    ]);
    const board = await dashboard(acme, 'from=2026-03-01&to=2026-03-04');
    expect(board.previousFrom).toBe('2026-02-25');
    expect(board.totals).toEqual({
      scans: { value: 78 + 5, previous: 5 },
      visitors: { value: 12 + 5, previous: 5 },
      products: { value: 2, previous: 2 },
      serials: { value: 12, previous: 1 },
    });
    expect(board.topProducts).toEqual([
      { productId: ids['Summit 45L Backpack'], productName: 'Summit 45L Backpack', scans: 78, previous: 0 },
      { productId: ids['Basecamp 2P Tent'], productName: 'Basecamp 2P Tent', scans: 5, previous: 3 },
    ]);
    expect(board.countries).toHaveLength(10);
    expect(board.countries.slice(0, 3)).toEqual([
      { value: 'KR', scans: 12 + 5, previous: 0 },
      { value: 'JP', scans: 11, previous: 3 + 2 },
      { value: 'US', scans: 10, previous: 0 },
    ]);
    expect(board.countries.map((c) => c.value)).not.toContain('DK');
    expect(board.regions[0]).toEqual({ value: 'KR-1', scans: 12, previous: 0 });
    expect(board.devices).toEqual([
      { value: 'mobile', scans: 78, previous: 5 },
      { value: 'tablet', scans: 5, previous: 0 },
    ]);
    expect(board.systems.map((s) => s.value)).toEqual(['iOS', 'Android']);
    expect(board.browsers.map((s) => s.value)).toEqual(['Mobile Safari', 'Chrome']);
    expect(board.linkTypes).toEqual([
      { value: 'gs1:pip', scans: 78, previous: 5 },
      { value: 'gs1:epil', scans: 5, previous: 0 },
    ]);
    expect(board.views.map((v) => [v.value, v.scans])).toEqual([['index', 78], ['dpp', 5]]);
    expect(board.languages.map((v) => [v.value, v.scans])).toEqual([['ko', 78], ['en', 5]]);
    expect(board.serials).toHaveLength(12);
    // A serial is an item of one product: the Tent's S0 (the previous period's serial) is not the Backpack's.
    expect(board.serials[0]).toEqual({ value: 'S0', scans: 12, previous: 0, productId: ids['Summit 45L Backpack'], productName: 'Summit 45L Backpack' });
    // 25 Feb beside 1 Mar, 27 Feb beside 3 Mar.
    expect(board.series).toEqual([
      { at: '2026-03-01', scans: 0, visitors: 0, previousScans: 2 },
      { at: '2026-03-02', scans: 83, visitors: 17, previousScans: 0 },
      { at: '2026-03-03', scans: 0, visitors: 0, previousScans: 3 },
      { at: '2026-03-04', scans: 0, visitors: 0, previousScans: 0 },
    ]);

    // One product: its figures only.
    const tent = await dashboard(acme, `from=2026-03-01&to=2026-03-04&productId=${ids['Basecamp 2P Tent']}`);
    expect(tent.totals.scans).toEqual({ value: 5, previous: 3 });
    expect(tent.countries).toEqual([{ value: 'KR', scans: 5, previous: 0 }]);
    expect(tent.topProducts.map((p) => p.productName)).toEqual(['Basecamp 2P Tent']);
  });

  it('lists the suspicious serials flagged in the range, not the dismissed ones', async () => {
    const evidence = [
      { at: '2026-03-02T10:00:00.000Z', country: 'KR', region: 'KR-11' },
      { at: '2026-03-02T10:40:00.000Z', country: 'FR', region: 'FR-IDF' },
    ];
    await t.app.db.execute(sql`
      insert into suspicious_serials (company_id, product_id, serial, reason, evidence, dismissed, flagged_at) values
      (${acmeId}, ${ids['Summit 45L Backpack']!}, 'SN-1', 'countries', ${JSON.stringify(evidence)}::jsonb, false, '2026-03-02T10:40:00Z'),
      (${acmeId}, ${ids['Summit 45L Backpack']!}, 'SN-2', 'countries', ${JSON.stringify(evidence)}::jsonb, true, '2026-03-02T10:40:00Z'),
      (${acmeId}, ${ids['Summit 45L Backpack']!}, 'SN-3', 'volume', '[]'::jsonb, false, '2026-02-02T10:40:00Z')`);
    const board = await dashboard(acme, 'from=2026-03-01&to=2026-03-04');
    expect(board.suspiciousSerials).toEqual([
      { productId: ids['Summit 45L Backpack'], productName: 'Summit 45L Backpack', serial: 'SN-1', reason: 'countries', flaggedAt: '2026-03-02T10:40:00.000Z', evidence },
    ]);
    const nordicBoard = await dashboard(nordic, 'from=2026-03-01&to=2026-03-04');
    expect(nordicBoard.suspiciousSerials).toEqual([]);
  });

  it('answers 400 for a range that ends before it starts or is longer than 366 days, and 401 without a caller', async () => {
    for (const query of ['from=2026-03-04&to=2026-03-01', 'from=2025-01-01&to=2026-01-02', 'from=2026-02-30&to=2026-03-01', 'to=2026-03-01']) {
      const response = await call(t.app, acme, { method: 'GET', url: `/api/analytics/dashboard?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details.length, query).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard?from=2026-03-01&to=2026-03-04' })).statusCode).toBe(401);
  });
});

describe('GET /api/analytics/dashboard: tenancy', () => {
  const scans = () =>
    rollups([
      ...hour('Summit 45L Backpack', '2026-03-02T10:00:00Z', 7), // Trail Gear, the sub-admin's project
      ...hour('Basecamp 2P Tent', '2026-03-02T10:00:00Z', 5), // Camping
    ]);

  it("shows Nordic none of Acme's scans", async () => {
    await scans();
    const board = await dashboard(nordic, 'from=2026-03-01&to=2026-03-04');
    expect(board.totals.scans).toEqual({ value: 0, previous: 0 });
    expect(board.topProducts).toEqual([]);
    expect(board.countries).toEqual([]);
    const denied = await call(t.app, nordic, { method: 'GET', url: `/api/analytics/dashboard?from=2026-03-01&to=2026-03-04&productId=${ids['Summit 45L Backpack']}` });
    expect(denied.statusCode).toBe(404);
  });

  it("shows a sub-admin only its projects' products, and refuses it another project", async () => {
    await scans();
    const board = await dashboard(sub, 'from=2026-03-01&to=2026-03-04');
    expect(board.totals.scans.value).toBe(7);
    expect(board.topProducts.map((p) => p.productName)).toEqual(['Summit 45L Backpack']);
    const manager = await dashboard(acme, 'from=2026-03-01&to=2026-03-04');
    expect(manager.totals.scans.value).toBe(12);

    const [camping] = await rows<{ id: number }>(sql`select id from projects where name = 'Camping' and company_id = ${acmeId}`);
    const denied = await call(t.app, sub, { method: 'GET', url: `/api/analytics/dashboard?from=2026-03-01&to=2026-03-04&projectId=${camping!.id}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(ERROR_CODES.FORBIDDEN);
    const product = await call(t.app, sub, { method: 'GET', url: `/api/analytics/dashboard?from=2026-03-01&to=2026-03-04&productId=${ids['Basecamp 2P Tent']}` });
    expect(product.statusCode).toBe(403);
    const project = await dashboard(acme, `from=2026-03-01&to=2026-03-04&projectId=${camping!.id}`);
    expect(project.totals.scans.value).toBe(5);
  });
});

describe('GET /api/analytics/sparklines', () => {
  it("gives each readable product's scans per local day over the last 30 days, oldest first", async () => {
    await setTimeZone(nordicId, 'Asia/Seoul');
    const now = Date.now();
    const hourStart = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString();
    const localDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(ms));
    const todayLocal = localDay(now);
    const dayIndex = (ms: number) => 29 - Math.round((Date.parse(`${todayLocal}T00:00:00Z`) - Date.parse(`${localDay(ms)}T00:00:00Z`)) / 86_400_000);
    const times = [now, now - 3 * 86_400_000, now - 29 * 86_400_000, now - 31 * 86_400_000];
    const counts = [3, 4, 5, 6];
    const milk = 'Organic Whole Milk 1L';
    await t.app.db.execute(sql`delete from scan_rollups where product_id = ${ids[milk]!}`);
    await rollups(times.map((ms, i): Rollup => [milk, hourStart(ms), 'total', '', counts[i]!]));
    await rebuild();

    const expected = Array.from({ length: 30 }, () => 0);
    times.forEach((ms, i) => {
      const index = dayIndex(ms);
      if (index >= 0) expected[index]! += counts[i]!;
    });
    expect(expected.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(3 + 4);

    const response = await call(t.app, nordic, { method: 'GET', url: `/api/analytics/sparklines?productIds=${ids[milk]},${ids['Rye Crispbread']},${ids['Summit 45L Backpack']}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([
      { productId: ids[milk], days: expected },
      { productId: ids['Rye Crispbread'], days: Array.from({ length: 30 }, () => 0) },
    ]);
    await t.app.db.execute(sql`delete from scan_rollups where product_id = ${ids[milk]!}`);
  });

  it("leaves out a sub-admin's products outside its projects, and answers 400 for a malformed list", async () => {
    const response = await call(t.app, sub, { method: 'GET', url: `/api/analytics/sparklines?productIds=${ids['Summit 45L Backpack']},${ids['Basecamp 2P Tent']}` });
    expect(response.json().result.map((row: { productId: number }) => row.productId)).toEqual([ids['Summit 45L Backpack']]);
    expect(response.json().result[0].days).toHaveLength(30);
    const bad = await call(t.app, sub, { method: 'GET', url: '/api/analytics/sparklines?productIds=1,,x' });
    expect(bad.statusCode).toBe(400);
  });
});
