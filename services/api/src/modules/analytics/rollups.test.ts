import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDashboardSchema, type AnalyticsDashboard } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { setTimeZone } from '../../test/time-zone.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { registerScannedSerials } from '../../test/serials.js';
import { readDashboard } from './dashboard.js';
import { rebuildDailyRollups } from './rollups.js';
import { recordScans } from './scans.js';

/*
 * The daily and serial rollups (decision 058): what the ingest keeps scan by scan equals what a
 * rebuild from the hourly rollups makes, and the dashboard's serial figures equal a count over the
 * hourly rollups, whichever way the ranking finds them. Nordic's products only (the demo seed gives
 * Acme its scans).
 */

let t: TestApp;
let nordic: string;
let nordicId: number;
let products: { id: number; name: string; entryPath: string }[];

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  products = await rows(sql`
    select p.id, p.product_name as name, e.entry_path as "entryPath" from products p join entries e on e.id = p.entry_id
    join companies c on c.id = p.company_id where c.service_name = 'nordic' and p.deleted_at is null order by p.id`);
  nordicId = (await rows<{ id: number }>(sql`select id from companies where service_name = 'nordic'`))[0]!.id;
  expect(products.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  await t?.close();
});

async function clearNordic() {
  for (const table of ['scans', 'scan_rollups', 'scan_daily_rollups', 'scan_serial_days', 'scan_serial_day_counts', 'scan_serial_totals', 'scan_serial_months', 'scan_serial_windows']) {
    await t.app.db.execute(sql`delete from ${sql.identifier(table)} where company_id = ${nordicId}`);
  }
}

/** The company's daily and serial rollups, sorted, zero counts left out (a relinked day may leave one). */
async function dailyState() {
  return {
    daily: await rows(sql`select product_id, day::text, dimension, value, scans from scan_daily_rollups where company_id = ${nordicId} order by 1, 2, 3, 4`),
    serialDays: await rows(sql`select product_id, serial, day::text, scans, previous_day::text from scan_serial_days where company_id = ${nordicId} order by 1, 2, 3`),
    counts: await rows(sql`select product_id, day::text, previous_day::text, serials from scan_serial_day_counts where company_id = ${nordicId} and serials <> 0 order by 1, 2, 3`),
    totals: await rows(sql`select product_id, serial, scans from scan_serial_totals where company_id = ${nordicId} order by 1, 2`),
  };
}

async function dashboard(query: string): Promise<AnalyticsDashboard> {
  const response = await call(t.app, nordic, { method: 'GET', url: `/api/analytics/dashboard?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return analyticsDashboardSchema.parse(response.json().result);
}

const setZone = (timeZone: string) => setTimeZone(t.app, nordic, timeZone);

describe('the ingest keeps the daily and serial rollups', () => {
  it('as a rebuild from the hourly rollups makes them, with serials scanned on several days in any order', async () => {
    await clearNordic();
    await setZone('Asia/Seoul');
    const [first, second] = products;
    // Around Seoul's midnight (15:00 UTC), over five days, serials revisited out of order, in batches.
    const at = (day: number, hour: number) => new Date(Date.UTC(2026, 2, day, hour, 10)).toISOString();
    const plan: [product: typeof first, serial: string | null, day: number, hour: number, country: string][] = [
      [first!, 'A1', 5, 14, 'KR'],
      [first!, 'A1', 3, 16, 'KR'], // before the day already known: A1's 5 Mar now follows 4 Mar (Seoul)
      [first!, 'A1', 4, 2, 'JP'], // between the two
      [first!, 'A2', 4, 2, 'JP'],
      [second!, 'A1', 4, 3, 'DE'], // another product's A1
      [first!, null, 4, 15, 'KR'],
      [first!, 'A2', 7, 9, 'KR'],
      [first!, 'A1', 5, 14, 'KR'],
      [first!, 'A3', 3, 1, 'US'],
      [second!, null, 6, 23, 'SE'],
    ];
    const batches = [plan.slice(0, 1), plan.slice(1, 2), plan.slice(2, 5), plan.slice(5, 8), plan.slice(8)];
    for (const batch of batches) {
      await registerScannedSerials(
        t.app.db,
        batch.map(([product, serial]) => ({ entryPath: product!.entryPath, qualifierPath: serial === null ? null : `/21/${serial}` })),
      );
      const result = await recordScans(t.app.db, {
        scans: batch.map(([product, serial, day, hour]) => ({
          entryPath: product!.entryPath,
          qualifierPath: serial === null ? null : `/21/${serial}`,
          linkType: 'gs1:pip',
          lang: 'ko-KR',
          device: 'ios' as const,
          at: at(day, hour),
          ip: null,
          ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        })),
      });
      expect(result.accepted).toBe(batch.length);
    }
    const kept = await dailyState();
    // Seoul days: A1 of the first product on 4 Mar (01:10 local), 4 Mar, 5 Mar ×2 (23:10 local) → days 4 and 5.
    expect(kept.serialDays.filter((row) => (row as { product_id: number }).product_id === first!.id)).toEqual([
      { product_id: first!.id, serial: 'A1', day: '2026-03-04', scans: 2, previous_day: null },
      { product_id: first!.id, serial: 'A1', day: '2026-03-05', scans: 2, previous_day: '2026-03-04' },
      { product_id: first!.id, serial: 'A2', day: '2026-03-04', scans: 1, previous_day: null },
      { product_id: first!.id, serial: 'A2', day: '2026-03-07', scans: 1, previous_day: '2026-03-04' },
      { product_id: first!.id, serial: 'A3', day: '2026-03-03', scans: 1, previous_day: null },
    ]);
    await t.app.db.transaction((tx) => rebuildDailyRollups(tx, nordicId));
    expect(await dailyState()).toEqual(kept);

    // 4–7 Mar: A1, A2 of the first product and A1 of the second; 5–7 Mar: the first's A1 and A2 only.
    expect((await dashboard('from=2026-03-04&to=2026-03-07&compare=false')).totals.serials.value).toBe(3);
    const later = await dashboard('from=2026-03-05&to=2026-03-07');
    expect(later.totals.serials).toEqual({ value: 2, previous: 4 });
    expect(later.totals.scans).toEqual({ value: 5, previous: 5 });
    expect(later.serials.map(({ value, scans, previous, productId }) => [value, productId, scans, previous])).toEqual([
      ['A1', first!.id, 2, 2],
      ['A2', first!.id, 1, 1],
    ]);
  });

  it('regroups the days when the company changes its time zone', async () => {
    await setZone('UTC');
    const utc = await dashboard('from=2026-03-03&to=2026-03-07&compare=false');
    await setZone('Asia/Seoul');
    const seoul = await dashboard('from=2026-03-03&to=2026-03-07&compare=false');
    const byDay = (board: AnalyticsDashboard) => Object.fromEntries(board.series.filter((p) => p.scans > 0).map((p) => [p.at, p.scans]));
    expect(byDay(utc)).toEqual({ '2026-03-03': 2, '2026-03-04': 4, '2026-03-05': 2, '2026-03-06': 1, '2026-03-07': 1 });
    expect(byDay(seoul)).toEqual({ '2026-03-03': 1, '2026-03-04': 4, '2026-03-05': 3, '2026-03-07': 2 });
    expect(seoul.totals.scans.value).toBe(utc.totals.scans.value);
  });
});

describe('serials scanned and the most scanned serials', () => {
  /** Hourly serial rollups (and totals) as the ingest writes them: `[product index, serial, UTC day of March, scans]`. */
  async function serialScans(list: [number, string, number, number][]) {
    const data = JSON.stringify(list.map(([product, serial, day, scans]) => ({ product_id: products[product]!.id, serial, day, scans })));
    await t.app.db.execute(sql`
      insert into scan_rollups (company_id, product_id, bucket, dimension, value, scans)
      select ${nordicId}, product_id, make_timestamptz(2026, 3, day, 12, 0, 0, 'UTC'), d.dimension, d.value, sum(scans)::int
      from jsonb_to_recordset(${data}::jsonb) as s(product_id int, serial text, day int, scans int)
      cross join lateral (values ('serial', s.serial), ('total', '')) as d(dimension, value)
      group by 2, 3, 4, 5
      on conflict (product_id, bucket, dimension, value) do update set scans = scan_rollups.scans + excluded.scans`);
    await t.app.db.transaction((tx) => rebuildDailyRollups(tx, nordicId));
  }

  /** The answer counted over the hourly rollups: distinct serials of [from, to] and the top 20 by scans, serial, product. */
  async function counted(from: string, to: string) {
    const range = sql`company_id = ${nordicId} and dimension = 'serial' and bucket >= (${from}::date::timestamp at time zone 'UTC') and bucket < ((${to}::date + 1)::timestamp at time zone 'UTC')`;
    const [{ serials }] = (await rows<{ serials: number }>(sql`select count(distinct (product_id, value))::int as serials from scan_rollups where ${range}`)) as [{ serials: number }];
    const top = await rows<{ value: string; productId: number; scans: number }>(sql`
      select value, product_id as "productId", sum(scans)::int as scans from scan_rollups where ${range}
      group by 1, 2 order by 3 desc, value collate "C", 2 limit 20`);
    return { serials, top };
  }

  async function expectCounted(from: string, to: string) {
    const board = await dashboard(`from=${from}&to=${to}&compare=false`);
    const expected = await counted(from, to);
    expect(board.totals.serials.value).toBe(expected.serials);
    expect(board.serials.map(({ value, productId, scans }) => ({ value, productId, scans }))).toEqual(expected.top);
  }

  const serialName = (i: number) => `N${String(i).padStart(5, '0')}`;

  it('finds the top 20 among the most scanned serials of all time', async () => {
    await clearNordic();
    await setZone('UTC');
    // 400 serials, serial i scanned (i % 9) + 1 times on day (i % 20) + 1, and the first product's N00007 20 times on 25 Mar.
    await serialScans([
      ...Array.from({ length: 400 }, (_, i): [number, string, number, number] => [i % 2, serialName(i), (i % 20) + 1, (i % 9) + 1]),
      [0, serialName(7), 25, 20],
    ]);
    await expectCounted('2026-03-01', '2026-03-31');
    await expectCounted('2026-03-02', '2026-03-05');
    await expectCounted('2026-03-20', '2026-03-25');
  });

  it('looks at every serial with enough scans when the most scanned of all time were scanned outside the range', async () => {
    await clearNordic();
    // 250 serials scanned 6 times on 1 Mar, and 40 serials scanned 1–3 times on 10 Mar.
    await serialScans([
      ...Array.from({ length: 250 }, (_, i): [number, string, number, number] => [0, serialName(i), 1, 6]),
      ...Array.from({ length: 40 }, (_, i): [number, string, number, number] => [1, serialName(1000 + i), 10, (i % 3) + 1]),
    ]);
    await expectCounted('2026-03-05', '2026-03-15');
    await expectCounted('2026-03-01', '2026-03-15');
  });

  it('adds up the range when more than 1 500 serials could rank', async () => {
    await clearNordic();
    // 5 300 serials scanned once on 10 Mar, and 200 scanned 4 times on 2 Mar (outside the range).
    await serialScans([
      ...Array.from({ length: 5300 }, (_, i): [number, string, number, number] => [i % 2, serialName(i), 10, 1]),
      ...Array.from({ length: 200 }, (_, i): [number, string, number, number] => [0, serialName(20000 + i), 2, 4]),
    ]);
    await expectCounted('2026-03-08', '2026-03-12');
    const board = await dashboard('from=2026-03-08&to=2026-03-12&compare=false');
    expect(board.totals.serials.value).toBe(5300);
    expect(board.serials[0]).toMatchObject({ value: serialName(0), scans: 1, productId: products[0]!.id });
    expect(board.serialsRanked).toBe(true);

    // More serial-days in the range than a dashboard adds up: no ranking, the count all the same.
    const [manager] = await rows<{ id: number; role_id: 1 | 2 | 3 }>(sql`select id, role_id from users where email = ${DEMO_USERS.nordicManager}`);
    const auth = { userId: manager!.id, roleId: manager!.role_id, companyId: nordicId, ownCompanyId: nordicId, isSwitched: false, familyId: null };
    const unranked = await readDashboard(t.app.db, auth, nordicId, { from: '2026-03-08', to: '2026-03-12', compare: false }, { maxRankedSerialDays: 5_000 });
    expect(unranked).toMatchObject({ serialsRanked: false, serials: [], totals: { serials: { value: 5300 } } });
    const ranked = await readDashboard(t.app.db, auth, nordicId, { from: '2026-03-08', to: '2026-03-12', compare: false }, { maxRankedSerialDays: 5_300 });
    expect(ranked.serials).toHaveLength(20);
  });
});
