import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_MAX_RANGE_DAYS, type AnalyticsDashboard, type AnalyticsQuery, type RankedValue, type SeriesPoint } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { validationFailed } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { analyticsScope, companyTimeZone } from './dashboard-scope.js';
import { SERIAL_WINDOWS, rollSerialWindows } from './rollups.js';

/*
 * The DL-analytics dashboard, read from the rollups only (never the raw scans), in the company's
 * time zone. Ranges are local days: the daily rollups (decision 058) are kept in the company's
 * local days, so the totals, ranked lists and products add up one row per day and value, for all
 * products from the company's rows (product 0). An hourly series (ranges of up to 2 days) reads the
 * hourly rollups, a local day running from its 00:00 to the next day's 00:00 in the zone, turned into
 * UTC instants by PostgreSQL (`day::timestamp at time zone tz`), so a 23- or 25-hour day around a DST
 * change is exactly its hours. Serials have their own tables: distinct serials from the per-day
 * counts, the ranking of a preset range from totals kept ranked per month and rolling window
 * (`readRankedTotals`, decision 075), of any other range from the most scanned serials down (`readSerials`).
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Ranges of up to this many days are shown hour by hour. */
const HOURLY_MAX_DAYS = 2;
const TOP = 10;
const TOP_SERIALS = 20;
/** Serials ranked from the all-time most scanned: the first look takes this many; see `readSerials`. */
const SERIAL_CANDIDATES = 200;
/** Beyond this many serials to look at, the ranking adds up every serial-day of the range instead… */
const SERIAL_CANDIDATES_MAX = 1_500;
/** …when the range holds at most this many serial-days (about 150 ms); else the serials are not ranked. */
export const SERIAL_RANKING_MAX_DAYS = 250_000;

/** The dashboard's ranked lists and the rollup dimension each reads (serials: `readSerials`). */
const RANKED = {
  countries: 'country',
  regions: 'region',
  devices: 'device',
  systems: 'os',
  browsers: 'browser',
  linkTypes: 'linkType',
  views: 'view',
  languages: 'language',
  campaigns: 'campaign',
} as const;
type RankedKey = keyof typeof RANKED;

/** Calendar arithmetic on `YYYY-MM-DD` days (no time zone involved: a day is a date). */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Both drivers (node-postgres and PGlite) answer raw statements as `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The UTC instant a local day starts at in `timeZone`. */
const localDayStart = (day: string, timeZone: string): SQL => sql`(${day}::date::timestamp at time zone ${timeZone})`;

/** Rollup rows of the company within [start, end) and, with a scope, of those products only. */
function rollupFilter(companyId: number, scope: number[] | null, start: SQL, end: SQL): SQL {
  const products = scope === null ? sql`` : sql` and r.product_id = any(${`{${scope.join(',')}}`}::int[])`;
  return sql`r.company_id = ${companyId} and r.bucket >= ${start} and r.bucket < ${end}${products}`;
}

/** Daily rollup rows of the company's products together (product 0) or, with a scope, of those products. */
function dailyFilter(companyId: number, scope: number[] | null, first: string, last: string): SQL {
  const products = scope === null ? sql` and r.product_id = 0` : sql` and r.product_id = any(${`{${scope.join(',')}}`}::int[])`;
  return sql`r.company_id = ${companyId}${products} and r.day >= ${first}::date and r.day <= ${last}::date`;
}

export interface DashboardPeriod {
  from: string;
  to: string;
  previousFrom: string | null;
  previousTo: string | null;
  days: number;
  granularity: 'hour' | 'day';
}

/** The range's days, its comparison period (same length, ending the day before `from`) and granularity; 400 for too long a range. */
export function dashboardPeriod(query: Pick<AnalyticsQuery, 'from' | 'to' | 'compare'>): DashboardPeriod {
  const days = daysBetween(query.from, query.to) + 1;
  if (days < 1) throw validationFailed([{ path: 'to', message: 'Must be on or after the start day' }]);
  if (days > ANALYTICS_MAX_RANGE_DAYS) throw validationFailed([{ path: 'to', message: `The range may cover at most ${ANALYTICS_MAX_RANGE_DAYS} days` }]);
  return {
    from: query.from,
    to: query.to,
    previousFrom: query.compare ? addDays(query.from, -days) : null,
    previousTo: query.compare ? addDays(query.from, -1) : null,
    days,
    granularity: days <= HOURLY_MAX_DAYS ? 'hour' : 'day',
  };
}

/** Local labels of the series' buckets, oldest first: `YYYY-MM-DD` days or `YYYY-MM-DDTHH:00` hours (24 a day, on local clocks). */
export function bucketLabels(startDay: string, period: DashboardPeriod): string[] {
  if (period.granularity === 'day') return Array.from({ length: period.days }, (_, i) => addDays(startDay, i));
  const start = Date.parse(`${startDay}T00:00:00Z`);
  return Array.from({ length: period.days * 24 }, (_, i) => `${new Date(start + i * HOUR_MS).toISOString().slice(0, 13)}:00`);
}

interface SeriesRow {
  at: string;
  dimension: 'total' | 'visitors';
  scans: string | number;
}

interface RankedRow {
  dimension: string;
  value: string;
  cur: string | number;
  prev: string | number | null;
}

interface ProductRow {
  product_id: number;
  product_name: string | null;
  cur: string | number;
  prev: string | number;
}

type Evidence = { at: string; country: string | null; region: string | null }[];

interface SuspiciousRow {
  product_id: number;
  product_name: string | null;
  serial: string;
  reason: 'countries' | 'volume';
  flagged_at: string;
  evidence: Evidence | string;
}

async function readSeries(db: Db, companyId: number, scope: number[] | null, timeZone: string, period: DashboardPeriod, start: SQL, end: SQL) {
  const rows =
    period.granularity === 'hour'
      ? await rowsOf<SeriesRow>(
          db,
          sql`select to_char(date_trunc('hour', r.bucket at time zone ${timeZone}), 'YYYY-MM-DD"T"HH24:00') as at, r.dimension, sum(r.scans) as scans
              from scan_rollups r
              where ${rollupFilter(companyId, scope, start, end)} and r.dimension in ('total', 'visitors')
              group by 1, 2`,
        )
      : await rowsOf<SeriesRow>(
          db,
          sql`select to_char(r.day, 'YYYY-MM-DD') as at, r.dimension, sum(r.scans) as scans
              from scan_daily_rollups r
              where ${dailyFilter(companyId, scope, period.previousFrom ?? period.from, period.to)} and r.dimension in ('total', 'visitors')
              group by 1, 2`,
        );
  const scans = new Map<string, number>();
  const visitors = new Map<string, number>();
  for (const row of rows) (row.dimension === 'total' ? scans : visitors).set(row.at, Number(row.scans));
  const previousLabels = period.previousFrom === null ? null : bucketLabels(period.previousFrom, period);
  return bucketLabels(period.from, period).map(
    (at, i): SeriesPoint => ({
      at,
      scans: scans.get(at) ?? 0,
      visitors: visitors.get(at) ?? 0,
      previousScans: previousLabels === null ? null : (scans.get(previousLabels[i]!) ?? 0),
    }),
  );
}

async function readRanked(db: Db, companyId: number, scope: number[] | null, period: DashboardPeriod) {
  const dimensions = ['total', 'visitors', ...Object.values(RANKED)];
  return rowsOf<RankedRow>(
    db,
    sql`with scoped as (
          select r.dimension, r.value,
                 coalesce(sum(r.scans) filter (where r.day >= ${period.from}::date), 0) as cur,
                 coalesce(sum(r.scans) filter (where r.day < ${period.from}::date), 0) as prev
          from scan_daily_rollups r
          where ${dailyFilter(companyId, scope, period.previousFrom ?? period.from, period.to)} and r.dimension = any(${`{${dimensions.join(',')}}`}::text[])
          group by r.dimension, r.value
        ), ranked as (
          select *, row_number() over (partition by dimension order by cur desc, value collate "C") as rank
          from scoped
        )
        select dimension, value, cur, prev from ranked
        where cur > 0 and rank <= ${TOP}::int or dimension in ('total', 'visitors') and rank = 1`,
  );
}

async function readProducts(db: Db, companyId: number, scope: number[] | null, period: DashboardPeriod) {
  const products = scope === null ? sql`r.product_id <> 0` : sql`r.product_id = any(${`{${scope.join(',')}}`}::int[])`;
  return rowsOf<ProductRow>(
    db,
    sql`select t.product_id, p.product_name, t.cur, t.prev
        from (
          select r.product_id,
                 coalesce(sum(r.scans) filter (where r.day >= ${period.from}::date), 0) as cur,
                 coalesce(sum(r.scans) filter (where r.day < ${period.from}::date), 0) as prev
          from scan_daily_rollups r
          where r.company_id = ${companyId} and r.dimension = 'total' and ${products}
            and r.day >= ${period.previousFrom ?? period.from}::date and r.day <= ${period.to}::date
          group by r.product_id
        ) t
        left join products p on p.id = t.product_id and p.company_id = ${companyId}
        order by t.cur desc, p.product_name, t.product_id`,
  );
}

interface SerialRow {
  product_id: number;
  serial: string;
  total: string | number;
  scans: string | number;
}

const bySerialRank = (a: { scans: number; serial: string; productId: number }, b: { scans: number; serial: string; productId: number }) =>
  b.scans - a.scans || (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : a.productId - b.productId);

interface RankedSerial {
  productId: number;
  serial: string;
  scans: number;
}

/**
 * The most scanned serials of a range whose totals are kept ranked (decision 075), or null when the
 * range is not one of them: a month, or its first days when none of its later days has a serial
 * scan (`scan_serial_months`), or the last 7, 30 or 90 days ending on the day the company's windows
 * end on, with no serial scan after it (`scan_serial_windows`). Either way the first 20 rows of an
 * index in the dashboard's order, per product of the scope (merged) or for all products: as many
 * rows as the answer has, whatever the number of serials or scans. Windows a day behind (the first
 * look after the company's midnight with no scan since) take one roll step first.
 */
async function readRankedTotals(db: Db, companyId: number, scope: number[] | null, period: DashboardPeriod): Promise<RankedSerial[] | null> {
  const nextMonth = `${addDays(`${period.from.slice(0, 8)}28`, 4).slice(0, 8)}01`;
  const month = period.from.endsWith('-01') && period.to < nextMonth;
  const windowDays = (SERIAL_WINDOWS as readonly number[]).includes(period.days) ? period.days : null;
  if (!month && windowDays === null) return null;
  const later = (until: string | null) => sql`
    exists (select 1 from scan_serial_day_counts n
            where n.company_id = ${companyId} and n.product_id = 0 and n.day > ${period.to}::date${until === null ? sql`` : sql` and n.day < ${until}::date`} and n.serials <> 0)`;
  const ranked = (table: string, key: string, value: SQL) => {
    const order = sql`order by t.scans desc nulls last, t.serial collate "C"`;
    const rows =
      scope === null
        ? sql`select t.product_id, t.serial, t.scans from ${sql.raw(table)} t
              where t.company_id = ${companyId} and t.${sql.raw(key)} = ${value} ${order}, t.product_id limit ${TOP_SERIALS}::int`
        : sql`select x.product_id, x.serial, x.scans
              from unnest(${`{${scope.join(',')}}`}::int[]) as p(id)
              cross join lateral (
                select t.product_id, t.serial, t.scans from ${sql.raw(table)} t where t.product_id = p.id and t.${sql.raw(key)} = ${value} ${order} limit ${TOP_SERIALS}::int
              ) x`;
    return rowsOf<{ product_id: number; serial: string; scans: number }>(db, rows).then((found) =>
      found
        .map((row) => ({ productId: row.product_id, serial: row.serial, scans: Number(row.scans) }))
        .sort(bySerialRank)
        .slice(0, TOP_SERIALS),
    );
  };
  if (month) {
    const [{ after }] = (await rowsOf<{ after: boolean }>(db, sql`select ${later(nextMonth)} as after`)) as [{ after: boolean }];
    if (!after) return ranked('scan_serial_months', 'month', sql`${period.from}::date`);
  }
  if (windowDays === null) return null;
  const windows = async () =>
    (
      await rowsOf<{ through: string; rolled: string; after: boolean }>(
        db,
        sql`select to_char(s.through, 'YYYY-MM-DD') as through, to_char(s.rolled, 'YYYY-MM-DD') as rolled, ${later(null)} as after
            from scan_serial_windows_state s where s.company_id = ${companyId}`,
      )
    )[0];
  let state = await windows();
  if (!state || state.after || state.through > period.to) return null;
  if (state.through < period.to || state.rolled !== state.through) {
    await rollSerialWindows(db, companyId, 1);
    state = await windows();
    if (!state || state.after || state.through !== period.to || state.rolled !== state.through) return null;
  }
  return ranked('scan_serial_windows', 'days', sql`${windowDays}::int`);
}

/**
 * The serials scanned in the range (and the comparison period) and the most scanned of them. The
 * count sums the per-day counts of the range's days whose previous scan day is before the range.
 * The ranking looks at the serials most scanned of all time first: if the 20th of them within the
 * range has more scans in it than any serial not looked at has at all, no other serial can rank;
 * else every serial with at least that many scans of all time is looked at (up to 1 500 of them),
 * and beyond that the range's serial-days are added up, if there are at most `maxRankedDays` of
 * them; past that the ranking is left out (`ranked: false`) rather than slowing the whole
 * dashboard. Exact whenever given.
 */
async function readSerials(db: Db, companyId: number, scope: number[] | null, period: DashboardPeriod, maxRankedDays: number) {
  const previousFrom = period.previousFrom ?? period.from;
  const counts = sql`
    select coalesce(sum(r.serials) filter (where r.day >= ${period.from}::date and r.previous_day < ${period.from}::date), 0) as cur,
           coalesce(sum(r.serials) filter (where r.day >= ${period.from}::date), 0) as serial_days,
           coalesce(sum(r.serials) filter (where r.day < ${period.from}::date and r.previous_day < ${previousFrom}::date), 0) as prev
    from scan_serial_day_counts r
    where ${dailyFilter(companyId, scope, previousFrom, period.to)}`;
  const inRange = (table: string) => sql`
    (select coalesce(sum(d.scans), 0) from scan_serial_days d
     where d.product_id = ${sql.raw(table)}.product_id and d.serial = ${sql.raw(table)}.serial and d.day >= ${period.from}::date and d.day <= ${period.to}::date)`;
  const products = (table: string) => (scope === null ? sql`` : sql` and ${sql.raw(table)}.product_id = any(${`{${scope.join(',')}}`}::int[])`);
  const candidates = (limit: number, atLeast: number) =>
    rowsOf<SerialRow>(
      db,
      sql`select t.product_id, t.serial, t.scans as total, ${inRange('t')} as scans
          from scan_serial_totals t
          where t.company_id = ${companyId}${products('t')} and t.scans >= ${atLeast}::int
          order by t.scans desc
          limit ${limit}::int`,
    );
  const rank = (rows: SerialRow[]) =>
    rows
      .map((row) => ({ productId: row.product_id, serial: row.serial, scans: Number(row.scans) }))
      .filter((row) => row.scans > 0)
      .sort(bySerialRank);

  const [[count], kept] = await Promise.all([
    rowsOf<{ cur: string | number; prev: string | number; serial_days: string | number }>(db, counts),
    readRankedTotals(db, companyId, scope, period),
  ]);
  const first = kept === null ? await candidates(SERIAL_CANDIDATES, 1) : [];
  let ranked = true;
  let top = kept ?? rank(first);
  const threshold = top.length >= TOP_SERIALS ? top[TOP_SERIALS - 1]!.scans : 1;
  const lowestLooked = first.length === 0 ? 0 : Number(first[first.length - 1]!.total);
  if (kept === null && first.length === SERIAL_CANDIDATES && threshold <= lowestLooked) {
    const [{ many }] = await rowsOf<{ many: string | number }>(
      db,
      sql`select count(*) as many from (
            select 1 from scan_serial_totals t where t.company_id = ${companyId}${products('t')} and t.scans >= ${threshold}::int limit ${SERIAL_CANDIDATES_MAX + 1}::int
          ) c`,
    ) as [{ many: string | number }];
    if (Number(many) <= SERIAL_CANDIDATES_MAX) top = rank(await candidates(SERIAL_CANDIDATES_MAX, threshold));
    else if (Number(count?.serial_days ?? 0) <= maxRankedDays) {
      // One hash of every serial of the range: room for it in memory rather than batches on disk.
      top = rank(
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local work_mem = '32MB'`);
          return rowsOf<SerialRow>(
            tx,
            sql`select d.product_id, d.serial, 0 as total, sum(d.scans) as scans
                from scan_serial_days d
                where d.company_id = ${companyId}${products('d')} and d.day >= ${period.from}::date and d.day <= ${period.to}::date
                group by d.product_id, d.serial
                order by sum(d.scans) desc, d.serial collate "C", d.product_id
                limit ${TOP_SERIALS}::int`,
          );
        }),
      );
    } else {
      top = [];
      ranked = false;
    }
  }
  top = top.slice(0, TOP_SERIALS);

  const previous = new Map<string, number>();
  if (period.previousFrom !== null && top.length > 0) {
    const rows = await rowsOf<{ product_id: number; serial: string; scans: string | number }>(
      db,
      sql`select d.product_id, d.serial, sum(d.scans) as scans
          from scan_serial_days d
          join jsonb_to_recordset(${JSON.stringify(top)}::jsonb) as k("productId" int, serial text)
            on d.product_id = k."productId" and d.serial = k.serial
          where d.day >= ${period.previousFrom}::date and d.day <= ${period.previousTo}::date
          group by 1, 2`,
    );
    for (const row of rows) previous.set(`${row.product_id}\n${row.serial}`, Number(row.scans));
  }
  return {
    ranked,
    count: { cur: Number(count?.cur ?? 0), prev: Number(count?.prev ?? 0) },
    top: top.map((row) => ({ ...row, previous: previous.get(`${row.productId}\n${row.serial}`) ?? 0 })),
  };
}

async function readSuspicious(db: Db, companyId: number, scope: number[] | null, start: SQL, end: SQL) {
  const products = scope === null ? sql`` : sql` and s.product_id = any(${`{${scope.join(',')}}`}::int[])`;
  return rowsOf<SuspiciousRow>(
    db,
    sql`select s.product_id, p.product_name, s.serial, s.reason, s.evidence,
               to_char(s.flagged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as flagged_at
        from suspicious_serials s
        left join products p on p.id = s.product_id and p.company_id = ${companyId}
        where s.company_id = ${companyId} and not s.dismissed and s.flagged_at >= ${start} and s.flagged_at < ${end}${products}
        order by s.flagged_at desc, s.id desc
        limit 100`,
  );
}

const productLabel = (row: { product_id: number; product_name: string | null }) => row.product_name ?? `#${row.product_id}`;

/** The dashboard of `query` for the caller: everything `analyticsDashboardSchema` holds. */
export async function readDashboard(
  db: Db,
  auth: AuthContext,
  companyId: number,
  query: AnalyticsQuery,
  options: { maxRankedSerialDays?: number } = {},
): Promise<AnalyticsDashboard> {
  const period = dashboardPeriod(query);
  const scope = await analyticsScope(db, auth, companyId, query);
  const timeZone = await companyTimeZone(db, companyId);
  const compare = period.previousFrom !== null;

  const current = localDayStart(period.from, timeZone);
  const start = localDayStart(period.previousFrom ?? period.from, timeZone);
  const end = localDayStart(addDays(period.to, 1), timeZone);

  const empty = scope !== null && scope.length === 0;
  const [series, ranked, productRows, serials, suspicious] = empty
    ? [bucketLabels(period.from, period).map((at) => ({ at, scans: 0, visitors: 0, previousScans: compare ? 0 : null })), [], [], null, []]
    : await Promise.all([
        readSeries(db, companyId, scope, timeZone, period, start, end),
        readRanked(db, companyId, scope, period),
        readProducts(db, companyId, scope, period),
        readSerials(db, companyId, scope, period, options.maxRankedSerialDays ?? SERIAL_RANKING_MAX_DAYS),
        readSuspicious(db, companyId, scope, current, end),
      ]);

  const previous = (value: number): number | null => (compare ? value : null);
  const lists = Object.fromEntries(Object.keys(RANKED).map((key) => [key, [] as RankedValue[]])) as Record<RankedKey, RankedValue[]>;
  const keyOf = new Map<string, RankedKey>(Object.entries(RANKED).map(([key, dimension]) => [dimension, key as RankedKey]));
  const totals = { scans: 0, previousScans: 0, visitors: 0, previousVisitors: 0 };
  for (const row of ranked) {
    const cur = Number(row.cur);
    const prev = Number(row.prev ?? 0);
    if (row.dimension === 'total') {
      totals.scans = cur;
      totals.previousScans = prev;
      continue;
    }
    if (row.dimension === 'visitors') {
      totals.visitors = cur;
      totals.previousVisitors = prev;
      continue;
    }
    const key = keyOf.get(row.dimension);
    if (key && cur > 0) lists[key].push({ value: row.value, scans: cur, previous: previous(prev) });
  }
  for (const list of Object.values(lists)) list.sort((a, b) => b.scans - a.scans || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const names = new Map(productRows.map((row) => [row.product_id, productLabel(row)]));

  const scanned = productRows.filter((row) => Number(row.cur) > 0);
  return {
    timeZone,
    from: period.from,
    to: period.to,
    previousFrom: period.previousFrom,
    previousTo: period.previousTo,
    granularity: period.granularity,
    totals: {
      scans: { value: totals.scans, previous: previous(totals.previousScans) },
      visitors: { value: totals.visitors, previous: previous(totals.previousVisitors) },
      products: { value: scanned.length, previous: previous(productRows.filter((row) => Number(row.prev) > 0).length) },
      serials: { value: serials?.count.cur ?? 0, previous: previous(serials?.count.prev ?? 0) },
    },
    series,
    topProducts: scanned.slice(0, TOP).map((row) => ({
      productId: row.product_id,
      productName: productLabel(row),
      scans: Number(row.cur),
      previous: previous(Number(row.prev)),
    })),
    ...lists,
    serials: (serials?.top ?? []).map((row) => ({
      value: row.serial,
      scans: row.scans,
      previous: previous(row.previous),
      productId: row.productId,
      productName: names.get(row.productId) ?? `#${row.productId}`,
    })),
    serialsRanked: serials?.ranked ?? true,
    suspiciousSerials: suspicious.map((row) => ({
      productId: row.product_id,
      productName: productLabel(row),
      serial: row.serial,
      reason: row.reason,
      flaggedAt: row.flagged_at,
      evidence: typeof row.evidence === 'string' ? (JSON.parse(row.evidence) as Evidence) : row.evidence,
    })),
  };
}
