import { sql, type SQL } from 'drizzle-orm';
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
 * device type, system, browser, link type, view, language, serial and campaign (`utm_campaign`); a null value is no row of its
 * dimension (filter `d.value is not null`). One list for the ingest, the demo seed and the benchmark.
 */
export function scanDimensionsSql(alias: string): string {
  const a = alias;
  return `(values
    ('total', ''), ('country', ${a}.country), ('region', ${a}.country || '-' || ${a}.region), ('device', ${a}.device_type),
    ('os', ${a}.os), ('browser', ${a}.browser), ('linkType', ${a}.link_type), ('view', ${a}.view), ('language', ${a}.lang), ('serial', ${a}.serial),
    ('campaign', ${a}.campaign)
  ) as d(dimension, value)`;
}

/** The rolling ranges whose serial totals are kept (decision 075): the dashboard's "last 7, 30 and 90 days". */
export const SERIAL_WINDOWS = [7, 30, 90] as const;

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
 * counts changed by those links (product and company rows), the all-time and monthly totals and
 * the rolling windows (decision 075); answers the companies whose windows are to move on
 * (`rollSerialWindows`). Serials of
 * the batch are locked (transaction advisory locks, in a fixed order) so that two batches of one
 * serial never link its days from the same old state.
 */
export async function addSerialScans(tx: Db, scans: SerialScan[]): Promise<number[]> {
  if (scans.length === 0) return [];
  const batch = JSON.stringify(scans);
  await tx.execute(sql`
    select pg_advisory_xact_lock(product_id, key)
    from (select distinct product_id, hashtext(serial) as key from jsonb_to_recordset(${batch}::jsonb) as s(product_id int, serial text) order by 1, 2) k`);
  const result = await tx.execute(sql`
    with b as (
      select s.company_id, s.product_id, s.serial, (s.scanned_at at time zone c.time_zone)::date as day, count(*)::int as n
      from jsonb_to_recordset(${batch}::jsonb) as s(company_id int, product_id int, serial text, scanned_at timestamptz)
      join companies c on c.id = s.company_id
      group by 1, 2, 3, 4
    ), affected as (
      select distinct company_id, product_id, serial from b
    ), old as (
      select d.product_id, d.serial, d.day, d.previous_day, d.scans
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
    ), monthly as (
      insert into scan_serial_months (company_id, product_id, serial, month, scans)
      select company_id, product_id, serial, date_trunc('month', day)::date, sum(n)::int from b
      group by 1, 2, 3, 4
      order by 2, 3, 4
      on conflict (product_id, serial, month) do update set scans = scan_serial_months.scans + excluded.scans
    ), totals as (
      insert into scan_serial_totals (company_id, product_id, serial, scans)
      select company_id, product_id, serial, sum(n)::int from b
      group by 1, 2, 3
      order by 2, 3
      on conflict (product_id, serial) do update set scans = scan_serial_totals.scans + excluded.scans
    ), ${windowStates('affected')}, windowed as (
      -- The batch's serials' windows recomputed: their days as they were (old) and the batch's scans.
      select a.company_id, a.product_id, a.serial, w.days, coalesce(sum(x.scans) filter (where x.day > s.through - w.days), 0)::int as scans
      from affected a
      join states s on s.company_id = a.company_id
      cross join unnest(${`{${SERIAL_WINDOWS.join(',')}}`}::int[]) as w(days)
      left join (select product_id, serial, day, scans from old union all select product_id, serial, day, n from b) x
        on x.product_id = a.product_id and x.serial = a.serial
      group by 1, 2, 3, 4
    ), ${storedWindows('windowed')}
    select company_id from states where rolled < through or through < today`);
  return (result as unknown as { rows: { company_id: number }[] }).rows.map((row) => row.company_id);
}

/**
 * The CTEs `states` (for each company of the CTE `companies`: its local `today`, the day its
 * windows end on, `through`, and the day they were `rolled` to) and `started` (a company's first
 * serial scan starts its windows on its local today), for the statements that keep the windows.
 */
function windowStates(companies: string): SQL {
  return sql`states as (
      select c.id as company_id, s.company_id is null as missing, (now() at time zone c.time_zone)::date as today,
             coalesce(s.through, (now() at time zone c.time_zone)::date) as through, coalesce(s.rolled, (now() at time zone c.time_zone)::date) as rolled
      from companies c left join scan_serial_windows_state s on s.company_id = c.id
      where c.id in (select company_id from ${sql.identifier(companies)})
    ), started as (
      insert into scan_serial_windows_state (company_id, through, rolled)
      select company_id, through, through from states where missing
      on conflict do nothing
    )`;
}

/** The CTEs that store the totals of the CTE `totals` (`company_id, product_id, serial, days, scans`): none drops the row. */
function storedWindows(totals: string): SQL {
  const source = sql.identifier(totals);
  return sql`windows_emptied as (
      delete from scan_serial_windows o using ${source} w
      where w.scans = 0 and o.product_id = w.product_id and o.serial = w.serial and o.days = w.days
    ), windows_stored as (
      insert into scan_serial_windows (company_id, product_id, serial, days, scans)
      select company_id, product_id, serial, days, scans from ${source}
      where scans > 0
      order by product_id, serial, days
      on conflict (product_id, serial, days) do update set scans = excluded.scans
        where scan_serial_windows.scans <> excluded.scans
    )`;
}

/**
 * Recomputes the rolling totals (`days` of SERIAL_WINDOWS) of the serials `keys` (JSON of
 * `{company_id, product_id, serial}`) from their days, for the day their company's windows end on:
 * one range read of each serial's days by primary key, whatever the range. A serial without scans
 * in a window loses its row. The caller (a roll step) holds the serials' advisory locks. Answers
 * the companies whose windows are behind their local today or being rolled.
 */
async function refreshSerialWindows(tx: Db, keys: string, days: readonly number[]): Promise<number[]> {
  const { rows } = (await tx.execute(sql`
    with input as (
      select distinct k.company_id, k.product_id, k.serial
      from jsonb_to_recordset(${keys}::jsonb) as k(company_id int, product_id int, serial text)
    ), ${windowStates('input')}, sums as (
      select k.company_id, k.product_id, k.serial, w.days, w.scans
      from input k
      join states s on s.company_id = k.company_id
      cross join lateral (
        select coalesce(sum(d.scans) filter (where d.day > s.through - 7), 0)::int as d7,
               coalesce(sum(d.scans) filter (where d.day > s.through - 30), 0)::int as d30,
               coalesce(sum(d.scans), 0)::int as d90
        from scan_serial_days d
        where d.product_id = k.product_id and d.serial = k.serial and d.day > s.through - 90
      ) x
      cross join lateral (values (7, x.d7), (30, x.d30), (90, x.d90)) as w(days, scans)
      where w.days = any(${`{${days.join(',')}}`}::int[])
    ), ${storedWindows('sums')}
    select company_id from states where rolled < through or through < today`)) as unknown as { rows: { company_id: number }[] };
  return rows.map((row) => row.company_id);
}

/** Serials recomputed per roll step: one short transaction, added to a batch after its commit (decision 075). */
export const ROLL_CHUNK = 500;

interface WindowsState {
  through: string;
  rolled: string;
  cursor_days: number | null;
  cursor_day: string | null;
  cursor_product: number | null;
  cursor_serial: string | null;
}

/**
 * Moves the company's rolling serial totals on to its local today, at most `steps` chunks of
 * `chunk` serials (ROLL_CHUNK), each in its own transaction; true when they end on today and every serial is
 * recomputed (the dashboard may read them).
 *
 * A new day first moves `through` in a short transaction that holds the company row (`for no key
 * update`): every batch shares that row until it commits (`shareCompanies`), so once `through` has
 * moved, every batch that counted with the old day is committed and every later batch counts with
 * the new one. The serials to recompute are then those with a scan on a day that left a window
 * (for `days`: after `rolled - days`, up to `through - days`), walked in the order of
 * `scan_serial_days_company_day_idx` from a cursor kept in the state row, so a roll cut short goes
 * on where it stopped. Each chunk locks the state row (`skip locked`: one roller at a time, the
 * others go on) and its serials' advisory locks as the ingest does. A recomputation reads only the
 * serial's own days, so it is right whatever the serial had leave.
 */
/** The job that moves a company's rolling serial totals on, a chunk per job, each job queueing the next. */
export const SERIAL_WINDOWS_QUEUE = { name: 'serial-windows', policy: 'singleton' as const, retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 600 };

export async function rollSerialWindows(db: Db, companyId: number, steps = 1, chunk = ROLL_CHUNK): Promise<boolean> {
  await db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      select 1 from scan_serial_windows_state s join companies c on c.id = s.company_id
      where s.company_id = ${companyId} and s.through < (now() at time zone c.time_zone)::date`)) as unknown as { rows: unknown[] };
    if (rows.length === 0) return;
    await tx.execute(sql`select id from companies where id = ${companyId} for no key update`);
    await tx.execute(sql`
      update scan_serial_windows_state s
      set through = (now() at time zone c.time_zone)::date, cursor_days = null, cursor_day = null, cursor_product = null, cursor_serial = null
      from companies c
      where c.id = s.company_id and s.company_id = ${companyId} and s.through < (now() at time zone c.time_zone)::date`);
  });
  for (let step = 0; step < steps; step += 1) {
    const done = await db.transaction(async (tx): Promise<boolean | null> => {
      const [state] = (
        (await tx.execute(sql`
          select to_char(s.through, 'YYYY-MM-DD') as through, to_char(s.rolled, 'YYYY-MM-DD') as rolled,
                 s.cursor_days, to_char(s.cursor_day, 'YYYY-MM-DD') as cursor_day, s.cursor_product, s.cursor_serial
          from scan_serial_windows_state s
          where s.company_id = ${companyId}
          for update skip locked`)) as unknown as { rows: WindowsState[] }
      ).rows;
      if (!state) return null; // another roll holds it, or the company has no serial scans yet
      if (state.rolled === state.through) return true;
      let left = chunk;
      for (const days of SERIAL_WINDOWS) {
        if (state.cursor_days !== null && days < state.cursor_days) continue;
        const after =
          state.cursor_days === days && state.cursor_day !== null
            ? sql` and (d.day, d.product_id, d.serial) > (${state.cursor_day}::date, ${state.cursor_product}::int, ${state.cursor_serial}::text)`
            : sql``;
        const keys = (
          (await tx.execute(sql`
            select to_char(d.day, 'YYYY-MM-DD') as day, d.company_id, d.product_id, d.serial
            from scan_serial_days d
            where d.company_id = ${companyId} and d.day > ${state.rolled}::date - ${days}::int and d.day <= ${state.through}::date - ${days}::int${after}
            order by d.day, d.product_id, d.serial
            limit ${left}::int`)) as unknown as { rows: { day: string; company_id: number; product_id: number; serial: string }[] }
        ).rows;
        if (keys.length > 0) {
          const batch = JSON.stringify(keys);
          await tx.execute(sql`
            select pg_advisory_xact_lock(product_id, key)
            from (select distinct product_id, hashtext(serial) as key from jsonb_to_recordset(${batch}::jsonb) as s(product_id int, serial text) order by 1, 2) k`);
          await refreshSerialWindows(tx, batch, [days]);
          left -= keys.length;
        }
        if (left === 0) {
          const last = keys[keys.length - 1]!;
          await tx.execute(sql`
            update scan_serial_windows_state
            set cursor_days = ${days}::int, cursor_day = ${last.day}::date, cursor_product = ${last.product_id}::int, cursor_serial = ${last.serial}
            where company_id = ${companyId}`);
          return false;
        }
      }
      await tx.execute(sql`
        update scan_serial_windows_state
        set rolled = through, cursor_days = null, cursor_day = null, cursor_product = null, cursor_serial = null
        where company_id = ${companyId}`);
      return true;
    });
    if (done !== false) return done === true;
  }
  return false;
}

/** The steps of `rebuildDailyRollups`, for its progress. */
const STEPS = 5;

/**
 * Rebuilds the company's daily and serial rollups from its hourly rollups, in its time zone of now;
 * run by the background job of a zone change, holding the company row (`companies/analytics-rebuild.ts`),
 * telling `progress` after each of its steps. A zone whose offset is
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
  await progress?.(1, STEPS);
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
  await progress?.(2, STEPS);
  await tx.execute(sql`delete from scan_serial_day_counts where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_serial_day_counts (company_id, product_id, day, previous_day, serials)
    select d.company_id, p.product_id, d.day, coalesce(d.previous_day, ${NEVER}::date), count(*)::int
    from scan_serial_days d cross join lateral (values (d.product_id), (0)) as p(product_id)
    where d.company_id = ${companyId}
    group by 1, 2, 3, 4`);
  await progress?.(3, STEPS);
  await tx.execute(sql`delete from scan_serial_totals where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_serial_totals (company_id, product_id, serial, scans)
    select company_id, product_id, value, sum(scans)::int from scan_rollups
    where company_id = ${companyId} and dimension = 'serial'
    group by 1, 2, 3`);
  await progress?.(4, STEPS);
  await rebuildSerialRankings(tx, companyId);
  await progress?.(5, STEPS);
}

/**
 * Rebuilds the company's ranked serial totals from its serial days: per month, and the rolling
 * windows ending on its local today (a roll under way is dropped). Part of `rebuildDailyRollups`;
 * also what migration 0020 does for every company.
 */
export async function rebuildSerialRankings(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`delete from scan_serial_months where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_serial_months (company_id, product_id, serial, month, scans)
    select company_id, product_id, serial, date_trunc('month', day)::date, sum(scans)::int
    from scan_serial_days where company_id = ${companyId}
    group by 1, 2, 3, 4`);
  await tx.execute(sql`
    insert into scan_serial_windows_state as s (company_id, through, rolled)
    select c.id, (now() at time zone c.time_zone)::date, (now() at time zone c.time_zone)::date from companies c where c.id = ${companyId}
    on conflict (company_id) do update
      set through = excluded.through, rolled = excluded.rolled, cursor_days = null, cursor_day = null, cursor_product = null, cursor_serial = null`);
  await tx.execute(sql`delete from scan_serial_windows where company_id = ${companyId}`);
  await tx.execute(sql`
    insert into scan_serial_windows (company_id, product_id, serial, days, scans)
    select d.company_id, d.product_id, d.serial, w.days, sum(d.scans)::int
    from scan_serial_days d
    join scan_serial_windows_state s on s.company_id = d.company_id
    cross join unnest(${`{${SERIAL_WINDOWS.join(',')}}`}::int[]) as w(days)
    where d.company_id = ${companyId} and d.day > s.through - w.days
    group by 1, 2, 3, 4`);
}
