import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/*
 * The rollups a dashboard reads besides the hourly ones (decision 058), all in local days of the
 * company's time zone: `scan_daily_rollups` (every dimension but serials, per product and for all
 * the company's products as product 0), `scan_serial_days` (each serial's scan days, linked to the
 * day before), `scan_serial_day_counts` (serials per day by their previous day: distinct serials of
 * any range without counting them one by one) and `scan_serial_totals` (all-time scans per serial).
 *
 * The ingest keeps them in the scans' transaction; a change of the company's time zone rebuilds them
 * from the hourly rollups. Both lock the company row first (the ingest shares it, the change holds it),
 * so no scan is added up in the old zone's days after the rebuild read the hourly rows.
 */

/**
 * The rollup dimensions of the scan row `alias` (of `scans`, or of a batch shaped like it), as the rows
 * `d(dimension, value)` of a lateral join: `total` (value ''), country, region (`{country}-{region}`),
 * device type, system, browser, link type, view, language and serial; a null value is no row of its
 * dimension (filter `d.value is not null`). One list for the ingest, the demo seed and the benchmark.
 */
export function scanDimensionsSql(alias: string): string {
  const a = alias;
  return `(values
    ('total', ''), ('country', ${a}.country), ('region', ${a}.country || '-' || ${a}.region), ('device', ${a}.device_type),
    ('os', ${a}.os), ('browser', ${a}.browser), ('linkType', ${a}.link_type), ('view', ${a}.view), ('language', ${a}.lang), ('serial', ${a}.serial)
  ) as d(dimension, value)`;
}

/** `scan_serial_day_counts.previous_day` of a serial's first day. */
export const NEVER = '0001-01-01';

/** Takes the company rows of a batch in share mode: a time zone change waits for the batch, and the batch for it. */
export async function shareCompanies(tx: Db, companyIds: number[]): Promise<void> {
  const ids = [...new Set(companyIds)].sort((a, b) => a - b);
  await tx.execute(sql`select id from companies where id = any(${`{${ids.join(',')}}`}::int[]) order by id for share`);
}

export interface SerialScan {
  company_id: number;
  product_id: number;
  serial: string;
  scanned_at: string;
}

/**
 * Adds serial scans to the serial tables: their days (new days linked to the serial's day before,
 * and a later day relinked to a new day before it when scans arrive out of order), the per-day
 * counts changed by those links (product and company rows), and the all-time totals. Serials of
 * the batch are locked (transaction advisory locks, in a fixed order) so that two batches of one
 * serial never link its days from the same old state.
 */
export async function addSerialScans(tx: Db, scans: SerialScan[]): Promise<void> {
  if (scans.length === 0) return;
  const batch = JSON.stringify(scans);
  await tx.execute(sql`
    select pg_advisory_xact_lock(product_id, key)
    from (select distinct product_id, hashtext(serial) as key from jsonb_to_recordset(${batch}::jsonb) as s(product_id int, serial text) order by 1, 2) k`);
  await tx.execute(sql`
    with b as (
      select s.company_id, s.product_id, s.serial, (s.scanned_at at time zone c.time_zone)::date as day, count(*)::int as n
      from jsonb_to_recordset(${batch}::jsonb) as s(company_id int, product_id int, serial text, scanned_at timestamptz)
      join companies c on c.id = s.company_id
      group by 1, 2, 3, 4
    ), affected as (
      select distinct company_id, product_id, serial from b
    ), old as (
      select d.product_id, d.serial, d.day, d.previous_day
      from scan_serial_days d join affected a on a.product_id = d.product_id and a.serial = d.serial
    ), days as (
      select a.company_id, x.product_id, x.serial, x.day
      from (select product_id, serial, day from old union select product_id, serial, day from b) x
      join affected a on a.product_id = x.product_id and a.serial = x.serial
    ), linked as (
      select d.company_id, d.product_id, d.serial, d.day,
             lag(d.day) over (partition by d.product_id, d.serial order by d.day) as previous_day,
             coalesce(b.n, 0) as n, o.day is not null as existed, o.previous_day as old_previous
      from days d
      left join b on b.product_id = d.product_id and b.serial = d.serial and b.day = d.day
      left join old o on o.product_id = d.product_id and o.serial = d.serial and o.day = d.day
    ), stored as (
      insert into scan_serial_days (company_id, product_id, serial, day, scans, previous_day)
      select company_id, product_id, serial, day, n, previous_day from linked
      where n > 0 or previous_day is distinct from old_previous
      order by product_id, serial, day
      on conflict (product_id, serial, day) do update
        set scans = scan_serial_days.scans + excluded.scans, previous_day = excluded.previous_day
    ), changes as (
      select company_id, product_id, day, coalesce(previous_day, ${NEVER}::date) as previous_day, 1 as delta
      from linked where not existed or previous_day is distinct from old_previous
      union all
      select company_id, product_id, day, coalesce(old_previous, ${NEVER}::date), -1
      from linked where existed and previous_day is distinct from old_previous
    ), counted as (
      insert into scan_serial_day_counts (company_id, product_id, day, previous_day, serials)
      select c.company_id, p.product_id, c.day, c.previous_day, sum(c.delta)::int
      from changes c cross join lateral (values (c.product_id), (0)) as p(product_id)
      group by 1, 2, 3, 4
      having sum(c.delta) <> 0
      order by 1, 2, 3, 4
      on conflict (company_id, product_id, day, previous_day) do update set serials = scan_serial_day_counts.serials + excluded.serials
    )
    insert into scan_serial_totals (company_id, product_id, serial, scans)
    select company_id, product_id, serial, sum(n)::int from b
    group by 1, 2, 3
    order by 2, 3
    on conflict (product_id, serial) do update set scans = scan_serial_totals.scans + excluded.scans`);
}

/**
 * Rebuilds the company's daily and serial rollups from its hourly rollups, in its time zone of now;
 * run in the transaction that changed the zone (which holds the company row). A zone whose offset is
 * not whole hours puts each hour in the local day its start falls in (the hourly rows cannot be
 * split); scans recorded afterwards are counted in their exact local day.
 */
export async function rebuildDailyRollups(tx: Db, companyId: number, progress?: (step: number, steps: number) => Promise<void>): Promise<void> {
  const zone = sql`(select time_zone from companies where id = ${companyId})`;
  await tx.execute(sql`delete from scan_daily_rollups where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_daily_rollups (company_id, product_id, day, dimension, value, scans)
    select r.company_id, p.product_id, (r.bucket at time zone ${zone})::date, r.dimension, r.value, sum(r.scans)::int
    from scan_rollups r cross join lateral (values (r.product_id), (0)) as p(product_id)
    where r.company_id = ${companyId} and r.dimension <> 'serial'
    group by 1, 2, 3, 4, 5`);
  await tx.execute(sql`delete from scan_serial_days where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_serial_days (company_id, product_id, serial, day, scans, previous_day)
    select company_id, product_id, serial, day, scans, lag(day) over (partition by product_id, serial order by day)
    from (
      select r.company_id, r.product_id, r.value as serial, (r.bucket at time zone ${zone})::date as day, sum(r.scans)::int as scans
      from scan_rollups r
      where r.company_id = ${companyId} and r.dimension = 'serial'
      group by 1, 2, 3, 4
    ) d`);
  await tx.execute(sql`delete from scan_serial_day_counts where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_serial_day_counts (company_id, product_id, day, previous_day, serials)
    select d.company_id, p.product_id, d.day, coalesce(d.previous_day, ${NEVER}::date), count(*)::int
    from scan_serial_days d cross join lateral (values (d.product_id), (0)) as p(product_id)
    where d.company_id = ${companyId}
    group by 1, 2, 3, 4`);
  await tx.execute(sql`delete from scan_serial_totals where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_serial_totals (company_id, product_id, serial, scans)
    select company_id, product_id, value, sum(scans)::int from scan_rollups
    where company_id = ${companyId} and dimension = 'serial'
    group by 1, 2, 3`);
}
