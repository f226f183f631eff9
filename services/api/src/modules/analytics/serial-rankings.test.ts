import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDashboardSchema, type AnalyticsDashboard } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { setTimeZone } from '../../test/time-zone.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { registerScannedSerials } from '../../test/serials.js';
import { addDays } from './dashboard.js';
import { deleteExpiredScans } from './retention.js';
import { rollSerialWindows } from './rollups.js';
import { recordScans } from './scans.js';

/*
 * The ranked serial totals (decision 075): the dashboard's preset ranges rank the serials from totals
 * kept per month and per rolling 7, 30 and 90 days. Whatever way scans arrive (late, out of order),
 * the day moves on, the zone changes or old raw scans are deleted, the answer equals a count over the
 * raw scans, and so do the kept totals themselves. Nordic's products only.
 */

let t: TestApp;
let nordic: string;
let nordicId: number;
let products: { id: number; entryPath: string }[];

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  products = await rows(sql`
    select p.id, e.entry_path as "entryPath" from products p join entries e on e.id = p.entry_id
    join companies c on c.id = p.company_id where c.service_name = 'nordic' and p.deleted_at is null order by p.id`);
  nordicId = (await rows<{ id: number }>(sql`select id from companies where service_name = 'nordic'`))[0]!.id;
  expect(products.length).toBeGreaterThanOrEqual(2);
  for (const table of ['scans', 'scan_rollups', 'scan_daily_rollups', 'scan_serial_days', 'scan_serial_day_counts', 'scan_serial_totals', 'scan_serial_months', 'scan_serial_windows']) {
    await t.app.db.execute(sql`delete from ${sql.identifier(table)} where company_id = ${nordicId}`);
  }
  await setZone('Asia/Seoul');
});
afterAll(async () => {
  await t?.close();
});

const setZone = (timeZone: string) => setTimeZone(t.app, nordic, timeZone);

async function dashboard(query: string): Promise<AnalyticsDashboard> {
  const response = await call(t.app, nordic, { method: 'GET', url: `/api/analytics/dashboard?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return analyticsDashboardSchema.parse(response.json().result);
}

const zone = async () => (await rows<{ tz: string; today: string }>(sql`select time_zone as tz, to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from companies where id = ${nordicId}`))[0]!;

/** Records `[product index, serial, hours before now]` scans in batches of 500, in the order given. */
async function scan(list: [product: number, serial: string, hoursAgo: number][]) {
  const now = Date.now();
  const scans = list.map(([product, serial, hoursAgo]) => ({
    entryPath: products[product]!.entryPath,
    qualifierPath: `/21/${serial}`,
    linkType: 'gs1:pip',
    lang: 'ko-KR',
    device: 'ios' as const,
    at: new Date(now - hoursAgo * 3_600_000).toISOString(),
    ip: null,
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  }));
  await registerScannedSerials(t.app.db, scans);
  for (let i = 0; i < scans.length; i += 500) {
    const result = await recordScans(t.app.db, { scans: scans.slice(i, i + 500) });
    expect(result.accepted).toBe(Math.min(500, scans.length - i));
    // What the queue's serial-windows jobs do after the batch, done here at once.
    for (const companyId of result.behind) while (!(await rollSerialWindows(t.app.db, companyId, 1)));
  }
}

/** The top 20 of [from, to] counted over the raw scans in the company's local days, with each one's scans in [previousFrom, previousTo]. */
async function counted(from: string, to: string, previousFrom: string, previousTo: string, productId?: number) {
  const { tz } = await zone();
  const product = productId === undefined ? sql`` : sql` and product_id = ${productId}`;
  const local = sql`(scanned_at at time zone ${tz})::date`;
  return rows<{ value: string; productId: number; scans: number; previous: number }>(sql`
    select serial as value, product_id as "productId",
           count(*) filter (where ${local} between ${from}::date and ${to}::date)::int as scans,
           count(*) filter (where ${local} between ${previousFrom}::date and ${previousTo}::date)::int as previous
    from scans where company_id = ${nordicId} and serial is not null${product}
    group by 1, 2
    having count(*) filter (where ${local} between ${from}::date and ${to}::date) > 0
    order by 3 desc, serial collate "C", 2 limit 20`);
}

/** The dashboard's presets, as the console computes them from the company's today. */
function presets(today: string) {
  const month = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(month, -1);
  return {
    last7: [addDays(today, -6), today],
    last30: [addDays(today, -29), today],
    last90: [addDays(today, -89), today],
    thisMonth: [month, today],
    lastMonth: [`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd],
    custom: [addDays(today, -12), addDays(today, -3)],
  } as const;
}

async function expectPresetsCounted(productId?: number) {
  const { today } = await zone();
  for (const [name, [from, to]] of Object.entries(presets(today))) {
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    const previousFrom = addDays(from, -days);
    const board = await dashboard(`from=${from}&to=${to}${productId === undefined ? '' : `&productId=${productId}`}`);
    const expected = await counted(from, to, previousFrom, addDays(from, -1), productId);
    expect(board.serialsRanked, name).toBe(true);
    expect(
      board.serials.map(({ value, productId: id, scans, previous }) => ({ value, productId: id, scans, previous })),
      name,
    ).toEqual(expected);
  }
}

/** The kept totals, and the same counted over the raw scans: per month and per window ending on the state's day. */
async function keptAndCounted() {
  const { tz } = await zone();
  const [state] = await rows<{ through: string; rolled: string }>(sql`
    select to_char(through, 'YYYY-MM-DD') as through, to_char(rolled, 'YYYY-MM-DD') as rolled from scan_serial_windows_state where company_id = ${nordicId}`);
  const local = sql`(scanned_at at time zone ${tz})::date`;
  return {
    state,
    keptMonths: await rows(sql`select product_id, serial, to_char(month, 'YYYY-MM-DD') as month, scans from scan_serial_months where company_id = ${nordicId} order by 1, 2, 3`),
    countedMonths: await rows(sql`
      select product_id, serial, to_char(date_trunc('month', ${local}), 'YYYY-MM-DD') as month, count(*)::int as scans
      from scans where company_id = ${nordicId} and serial is not null group by 1, 2, 3 order by 1, 2, 3`),
    keptWindows: await rows(sql`select product_id, serial, days, scans from scan_serial_windows where company_id = ${nordicId} order by 1, 2, 3`),
    countedWindows: await rows(sql`
      select s.product_id, s.serial, w.days, count(*)::int as scans
      from scans s cross join (values (7), (30), (90)) as w(days)
      where s.company_id = ${nordicId} and s.serial is not null and ${local} > ${state!.through}::date - w.days
      group by 1, 2, 3 order by 1, 2, 3`),
  };
}

async function expectKeptCounted() {
  const { state, keptMonths, countedMonths, keptWindows, countedWindows } = await keptAndCounted();
  expect(state!.rolled).toBe(state!.through);
  expect(keptMonths).toEqual(countedMonths);
  expect(keptWindows).toEqual(countedWindows);
}

/** Puts the windows back to end on yesterday, as they were before the company's midnight. */
async function windowsOfYesterday() {
  await t.app.db.execute(sql`update scan_serial_windows_state set through = through - 1, rolled = through - 1 where company_id = ${nordicId}`);
  await t.app.db.execute(sql`delete from scan_serial_windows where company_id = ${nordicId}`);
  await t.app.db.execute(sql`
    insert into scan_serial_windows (company_id, product_id, serial, days, scans)
    select d.company_id, d.product_id, d.serial, w.days, sum(d.scans)::int
    from scan_serial_days d join scan_serial_windows_state s on s.company_id = d.company_id cross join (values (7), (30), (90)) as w(days)
    where d.company_id = ${nordicId} and d.day > s.through - w.days
    group by 1, 2, 3, 4`);
}

const serialName = (i: number) => `R${String(i).padStart(4, '0')}`;

describe('the ranked serial totals', () => {
  it('rank every preset range as a count over the raw scans does, scans arriving in any order', async () => {
    // 300 serials over 130 days: a few scanned often, most a handful of times, many ties; shuffled so
    // later batches bring earlier days (late scans) of serials already counted.
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const list: [number, string, number][] = [];
    for (let i = 0; i < 2400; i += 1) {
      const serial = random() < 0.3 ? Math.floor(random() * 12) : Math.floor(random() * 300);
      list.push([serial % 2, serialName(serial), 1 + Math.floor(random() * 130 * 24)]);
    }
    for (let i = list.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    await scan(list);
    await expectKeptCounted();
    await expectPresetsCounted();
    await expectPresetsCounted(products[1]!.id);

    // Late scans: today's serials scanned again 3, 40 and 100 days ago (after the windows counted them), and 200 days ago (outside every window).
    await scan([
      [0, serialName(5), 3 * 24],
      [0, serialName(5), 40 * 24],
      [1, serialName(250), 100 * 24],
      [1, serialName(7), 200 * 24],
      [0, serialName(299), 6 * 24 + 5],
    ]);
    await expectKeptCounted();
    await expectPresetsCounted();
  });

  it('move on to a new day a chunk at a time, each step going on where the last one stopped', async () => {
    await windowsOfYesterday();
    const { today } = await zone();
    // The first step moves the windows' day; the serials of the days that left follow, 5 at a time.
    expect(await rollSerialWindows(t.app.db, nordicId, 1, 5)).toBe(false);
    expect(await rollSerialWindows(t.app.db, nordicId, 2, 5)).toBe(false);
    const [during] = await rows<{ through: string; rolled: string; cursor: number | null }>(sql`
      select to_char(through, 'YYYY-MM-DD') as through, to_char(rolled, 'YYYY-MM-DD') as rolled, cursor_days as cursor
      from scan_serial_windows_state where company_id = ${nordicId}`);
    expect(during).toMatchObject({ through: today, rolled: addDays(today, -1) });
    expect(during!.cursor).not.toBeNull();
    let steps = 0;
    while (!(await rollSerialWindows(t.app.db, nordicId, 1, 5))) steps += 1;
    expect(steps).toBeGreaterThan(0);
    await expectKeptCounted();
    await expectPresetsCounted();
  });

  it('move on when a batch arrives in the middle of a roll', async () => {
    await windowsOfYesterday();
    expect(await rollSerialWindows(t.app.db, nordicId, 1, 5)).toBe(false);
    // The batch counts with the new day and takes the next step of the roll (one chunk is enough here).
    await scan([[1, serialName(3), 2]]);
    await expectKeptCounted();
    await expectPresetsCounted();
  });

  it('are moved on by the scans that arrive after the midnight, or by the first look at the dashboard', async () => {
    await windowsOfYesterday();
    await scan([[0, serialName(1), 1]]);
    await expectKeptCounted();

    await windowsOfYesterday();
    await expectPresetsCounted();
    await expectKeptCounted();
  });

  it('are rebuilt in the local days of a new time zone', async () => {
    await setZone('America/New_York');
    await expectKeptCounted();
    await expectPresetsCounted();
    await expectPresetsCounted(products[0]!.id);
  });

  it('stay when the raw scans expire', async () => {
    const { today } = await zone();
    const boards = await Promise.all(Object.values(presets(today)).map(([from, to]) => dashboard(`from=${from}&to=${to}`)));
    const before = await keptAndCounted();
    expect(await deleteExpiredScans(t.app.db, 20)).toBeGreaterThan(0);
    const after = await keptAndCounted();
    expect(after.keptMonths).toEqual(before.keptMonths);
    expect(after.keptWindows).toEqual(before.keptWindows);
    expect(after.countedWindows).not.toEqual(before.countedWindows);
    const again = await Promise.all(Object.values(presets(today)).map(([from, to]) => dashboard(`from=${from}&to=${to}`)));
    expect(again.map((board) => board.serials)).toEqual(boards.map((board) => board.serials));
  });
});
