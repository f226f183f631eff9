import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_MAX_RANGE_DAYS, type AnalyticsDashboard, type AnalyticsQuery, type RankedValue, type SeriesPoint } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { validationFailed } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { analyticsScope, companyTimeZone } from './dashboard-scope.js';

/*
 * The DL-analytics dashboard, read from the hourly rollups only (never the raw scans), in the
 * company's time zone: a local day runs from its 00:00 to the next day's 00:00 in that zone, turned
 * into UTC instants by PostgreSQL (`day::timestamp at time zone tz`), so a 23- or 25-hour day around
 * a DST change is exactly its hours. Three statements: the series, the ranked dimensions with the
 * totals, the products; and the suspicious serials.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Ranges of up to this many days are shown hour by hour. */
const HOURLY_MAX_DAYS = 2;
const TOP = 10;
const TOP_SERIALS = 20;

/** The dashboard's ranked lists and the rollup dimension each reads. */
const RANKED = {
  countries: 'country',
  regions: 'region',
  devices: 'device',
  systems: 'os',
  browsers: 'browser',
  linkTypes: 'linkType',
  views: 'view',
  languages: 'language',
  serials: 'serial',
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
  cur_values: string | number;
  prev_values: string | number;
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
  const format = period.granularity === 'hour' ? 'YYYY-MM-DD"T"HH24:00' : 'YYYY-MM-DD';
  const local = sql`date_trunc(${period.granularity}, r.bucket at time zone ${timeZone})`;
  const rows = await rowsOf<SeriesRow>(
    db,
    sql`select to_char(${local}, ${format}) as at, r.dimension, sum(r.scans) as scans
        from scan_rollups r
        where ${rollupFilter(companyId, scope, start, end)} and r.dimension in ('total', 'visitors')
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

async function readRanked(db: Db, companyId: number, scope: number[] | null, current: SQL, start: SQL, end: SQL) {
  const dimensions = ['total', 'visitors', ...Object.values(RANKED)];
  const rows = await rowsOf<RankedRow>(
    db,
    sql`with scoped as (
          select r.dimension, r.value,
                 coalesce(sum(r.scans) filter (where r.bucket >= ${current}), 0) as cur,
                 coalesce(sum(r.scans) filter (where r.bucket < ${current}), 0) as prev
          from scan_rollups r
          where ${rollupFilter(companyId, scope, start, end)} and r.dimension = any(${`{${dimensions.join(',')}}`}::text[])
          group by r.dimension, r.value
        ), ranked as (
          select *, row_number() over (partition by dimension order by cur desc, value collate "C") as rank,
                 count(*) filter (where cur > 0) over (partition by dimension) as cur_values,
                 count(*) filter (where prev > 0) over (partition by dimension) as prev_values
          from scoped
        )
        select dimension, value, cur, prev, cur_values, prev_values from ranked
        where cur > 0 and rank <= case when dimension = 'serial' then ${TOP_SERIALS}::int else ${TOP}::int end
           or dimension in ('total', 'visitors', 'serial') and rank = 1`,
  );
  return rows;
}

async function readProducts(db: Db, companyId: number, scope: number[] | null, current: SQL, start: SQL, end: SQL) {
  return rowsOf<ProductRow>(
    db,
    sql`select t.product_id, p.product_name, t.cur, t.prev
        from (
          select r.product_id,
                 coalesce(sum(r.scans) filter (where r.bucket >= ${current}), 0) as cur,
                 coalesce(sum(r.scans) filter (where r.bucket < ${current}), 0) as prev
          from scan_rollups r
          where ${rollupFilter(companyId, scope, start, end)} and r.dimension = 'total'
          group by r.product_id
        ) t
        left join products p on p.id = t.product_id and p.company_id = ${companyId}
        order by t.cur desc, p.product_name, t.product_id`,
  );
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
export async function readDashboard(db: Db, auth: AuthContext, companyId: number, query: AnalyticsQuery): Promise<AnalyticsDashboard> {
  const period = dashboardPeriod(query);
  const scope = await analyticsScope(db, auth, companyId, query);
  const timeZone = await companyTimeZone(db, companyId);
  const compare = period.previousFrom !== null;

  const current = localDayStart(period.from, timeZone);
  const start = localDayStart(period.previousFrom ?? period.from, timeZone);
  const end = localDayStart(addDays(period.to, 1), timeZone);

  const empty = scope !== null && scope.length === 0;
  const [series, ranked, productRows, suspicious] = empty
    ? [bucketLabels(period.from, period).map((at) => ({ at, scans: 0, visitors: 0, previousScans: compare ? 0 : null })), [], [], []]
    : await Promise.all([
        readSeries(db, companyId, scope, timeZone, period, start, end),
        readRanked(db, companyId, scope, current, start, end),
        readProducts(db, companyId, scope, current, start, end),
        readSuspicious(db, companyId, scope, current, end),
      ]);

  const previous = (value: number): number | null => (compare ? value : null);
  const lists = Object.fromEntries(Object.keys(RANKED).map((key) => [key, [] as RankedValue[]])) as Record<RankedKey, RankedValue[]>;
  const keyOf = new Map<string, RankedKey>(Object.entries(RANKED).map(([key, dimension]) => [dimension, key as RankedKey]));
  const totals = { scans: 0, previousScans: 0, visitors: 0, previousVisitors: 0, serials: 0, previousSerials: 0 };
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
    if (row.dimension === 'serial') {
      totals.serials = Number(row.cur_values);
      totals.previousSerials = Number(row.prev_values);
    }
    const key = keyOf.get(row.dimension);
    if (key && cur > 0) lists[key].push({ value: row.value, scans: cur, previous: previous(prev) });
  }
  for (const list of Object.values(lists)) list.sort((a, b) => b.scans - a.scans || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

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
      serials: { value: totals.serials, previous: previous(totals.previousSerials) },
    },
    series,
    topProducts: scanned.slice(0, TOP).map((row) => ({
      productId: row.product_id,
      productName: productLabel(row),
      scans: Number(row.cur),
      previous: previous(Number(row.prev)),
    })),
    ...lists,
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
