// DL-analytics benchmark, one table per size: synthetic scans of Acme over 120 days (its demo products,
// several countries, regions, devices, systems, browsers, languages, link types, views and serials)
// loaded into `scans` of a throw-away PostgreSQL database, their hourly rollups built with the
// ingest's aggregation (the same facts and grouping as `recordScans` in modules/analytics/scans.ts,
// run over the loaded rows day range by day range), the daily and serial rollups built by the API
// (a time zone change), then the dashboard timed through the API for every preset range of the
// console (last 7, 30, 90 days, this month, last month; with and without the comparison period), one
// product, and a custom range; then the ingest of 500-scan batches, and again while the serial
// windows move on to a new day (each batch takes a step of the roll). Targets: dashboard p95 < 200 ms,
// ingest p95 within a tenth of the gateway's flush interval. Sizes not measured are projected from
// the measured growth (a line through the last two sizes measured, in log of the size).
//
// ANALYTICS_BENCH_SCANS or --scans=: a comma-separated list of sizes (default 100000,1000000,3000000),
// ANALYTICS_BENCH_PROJECT or --project=: sizes to project (default 10000000,100000000),
// ANALYTICS_BENCH_SAMPLES (default 30), ANALYTICS_BENCH_KEEP=1 keeps the databases,
// ANALYTICS_BENCH_REUSE=<a kept database> measures on it again (one size).
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { tsImport } from 'tsx/esm/api';
import { percentile, start } from './support/measure.mjs';
import { BENCH_INTERNAL_TOKEN, DEMO_MANAGERS, DEMO_PASSWORD, benchServerUrl, loadBenchDatabase } from './support/epcis.mjs';

const flag = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const sizes = (text) => text.split(',').filter(Boolean).map((size) => Number(size.replace(/_/g, '')));
const SIZES = sizes(flag('scans') ?? process.env.ANALYTICS_BENCH_SCANS ?? '100000,1000000,3000000');
const PROJECTED = sizes(flag('project') ?? process.env.ANALYTICS_BENCH_PROJECT ?? '10000000,100000000').filter((size) => !SIZES.includes(size));
/** The gateway's RESOLVER_SCAN_FLUSH_MS default: an ingest must be done within a tenth of it. */
const FLUSH_MS = 1000;
/** The PostgreSQL server the databases are made on (each size sets BENCH_DATABASE_URL to its own). */
const SERVER_URL = benchServerUrl();
const SAMPLES = Number(process.env.ANALYTICS_BENCH_SAMPLES ?? 30);
const DAYS = 120;
const TARGET_P95_MS = 200;
/** A zone with DST and a whole-hour offset, so local days are not UTC days. */
const TIME_ZONE = 'Europe/Berlin';
const TSX = ['--conditions=source', '--import', 'tsx'];
const { INTERNAL_TOKEN_HEADER, SERIAL_AI, qualifierPathOf } = await tsImport('../../packages/shared/src/index.ts', import.meta.url);
const { rebuildDailyRollups, scanDimensionsSql } = await tsImport('../../services/api/src/modules/analytics/rollups.ts', import.meta.url);


const DAY_MS = 86_400_000;
const lastHour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const firstDay = new Date(lastHour - DAYS * DAY_MS);
/** Days as the console counts them: in the company's zone. */
const todayIn = (timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Loads `count` scans spread over DAYS days before now, in chunks run by a few connections at once. */
async function loadScans(pool, companyId, count) {
  const chunk = 250_000;
  let next = 0;
  async function worker() {
    while (next < count) {
      const size = Math.min(chunk, count - next);
      next += size;
      await pool.query(
        `with p as (select array_agg(id order by id) as ids, array_agg(entry_id order by id) as entries from products where company_id = $1 and entry_id is not null)
         insert into scans (company_id, product_id, entry_id, qualifier_path, serial, link_type, view, lang, device, country, region, device_type, os, browser, visitor, scanned_at)
         select $1, p.ids[k], p.entries[k], case when serial then '/21/S' || s end, case when serial then 'S' || s end,
                lt, case lt when 'gs1:pip' then 'index' when 'gs1:dpp' then 'dpp' when 'gs1:traceability' then 'traceability' end,
                (array['en-US','de-DE','ko-KR','ja-JP','en-GB','fr-FR','sv-SE','it-IT','es-ES','zh-CN','pt-BR','nl-NL'])[1 + c % 12],
                (array['ios','android','desktop','other'])[1 + d], (array['US','DE','KR','JP','GB','FR','SE','IT','ES','CN','BR','NL','CA','AU','PL'])[1 + c],
                'R' || (c * 7 + r) % 40, (array['mobile','mobile','desktop','tablet'])[1 + d], (array['iOS','Android','Windows','Mac OS'])[1 + d],
                (array['Mobile Safari','Chrome','Edge','Safari','Samsung Browser','Firefox'])[1 + (d + r) % 6],
                lpad(to_hex((random() * 5e6)::int), 16, '0'),
                $2::timestamptz + (random() * $3) * interval '1 day'
         from generate_series(1, $4) g, p,
         lateral (select 1 + floor(power(random(), 1.6) * cardinality(p.ids))::int as k, floor(power(random(), 2) * 15)::int as c,
                         floor(random() * 4)::int as d, floor(random() * 6)::int as r, random() < 0.3 as serial,
                         floor(random() * 200000)::int as s,
                         (array['gs1:pip','gs1:pip','gs1:pip','gs1:dpp','gs1:traceability','linkset','gs1:epil'])[1 + floor(random() * 7)::int] as lt, g as n) x`,
        [companyId, firstDay.toISOString(), DAYS, size],
      );
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** The ingest's rollup aggregation (scans.ts `recordScans`), over the loaded scans of [from, to). */
function rollupStatement() {
  return `
    with batch as (select * from scans where company_id = $1 and scanned_at >= $2 and scanned_at < $3),
    seen as (
      select product_id, (scanned_at at time zone 'UTC')::date as day, visitor, min(company_id) as company_id, min(scanned_at) as first_at
      from batch where visitor is not null group by 1, 2, 3
    ), facts as (
      select b.company_id, b.product_id, date_trunc('hour', b.scanned_at, 'UTC') as bucket, d.dimension, d.value
      from batch b
      cross join lateral ${scanDimensionsSql('b')}
      where d.value is not null
      union all
      select s.company_id, s.product_id, date_trunc('hour', s.first_at, 'UTC'), 'visitors', '' from seen s
    )
    insert into scan_rollups (company_id, product_id, bucket, dimension, value, scans)
    select company_id, product_id, bucket, dimension, value, count(*)::int
    from facts group by company_id, product_id, bucket, dimension, value
    on conflict (product_id, bucket, dimension, value) do update set scans = scan_rollups.scans + excluded.scans`;
}

async function buildRollups(pool, companyId) {
  let day = 0;
  async function worker() {
    while (day < DAYS + 1) {
      const from = new Date(firstDay.getTime() + day * DAY_MS);
      day += 1;
      await pool.query(`set work_mem = '256MB'`);
      await pool.query(rollupStatement(), [companyId, from.toISOString(), new Date(from.getTime() + DAY_MS).toISOString()]);
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function latencies(url, headers, count) {
  const samples = [];
  for (let i = 0; i < 3; i += 1) await getJson(url, headers); // warm up
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await getJson(url, headers);
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const percentiles = (samples) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95) });

/** The console's preset ranges (date-range.ts) from the company's today, plus one product and a custom range. */
function dashboardCases(today, product) {
  const month = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(month, -1);
  const ranges = [
    ['last 7 days', addDays(today, -6), today],
    ['last 30 days', addDays(today, -29), today],
    ['last 90 days', addDays(today, -89), today],
    ['this month', month, today],
    ['last month', `${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd],
  ];
  return [
    ...ranges.flatMap(([name, from, to]) => [
      [`${name}, all products, with comparison`, `from=${from}&to=${to}`],
      [`${name}, all products, no comparison`, `from=${from}&to=${to}&compare=false`],
    ]),
    ['last 90 days, one product, with comparison', `from=${addDays(today, -89)}&to=${today}&productId=${product}`],
    ['custom 14 days ending 3 days ago', `from=${addDays(today, -16)}&to=${addDays(today, -3)}`, 'info'],
  ];
}

/** The windows as they were before the company's midnight: ending yesterday, every serial counted for it. */
async function windowsOfYesterday(pool, companyId) {
  await pool.query(`update scan_serial_windows_state set through = through - 1, rolled = through - 1 where company_id = $1`, [companyId]);
  await pool.query(`delete from scan_serial_windows where company_id = $1`, [companyId]);
  await pool.query(
    `insert into scan_serial_windows (company_id, product_id, serial, days, scans)
     select d.company_id, d.product_id, d.serial, w.days, sum(d.scans)::int
     from scan_serial_days d join scan_serial_windows_state s on s.company_id = d.company_id cross join (values (7), (30), (90)) as w(days)
     where d.company_id = $1 and d.day > s.through - w.days
     group by 1, 2, 3, 4`,
    [companyId],
  );
  await pool.query('vacuum (analyze) scan_serial_windows');
}

/** One size: loads (or reuses) a database, prints its table, answers the p95 of every case. */
async function measureSize(size) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-analytics-'));
  let api;
  let pool;
  let database;
  const result = new Map();
  try {
    database = await loadBenchDatabase('bench_analytics', process.env.ANALYTICS_BENCH_REUSE, SERVER_URL);
    process.env.BENCH_DATABASE_URL = database.url;
    api = start('./support/api-server.mjs', [dataDir], TSX);
    const origin = `http://127.0.0.1:${(await api.ready).port}`;
    pool = new pg.Pool({ connectionString: database.url, max: 5 });
    const [{ id: acme }] = (await pool.query(`select id from companies where service_name = 'acme'`)).rows;

    const signIn = await fetch(`${origin}/api/auth/sign/in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: BENCH_INTERNAL_TOKEN },
      body: JSON.stringify({ email: DEMO_MANAGERS.acme, password: DEMO_PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const headers = { authorization: (await signIn.json()).Authorization };

    console.log(`\n=== ${size.toLocaleString('en')} scans ===\n`);
    if (database.fresh) {
      console.log(`loading ${size.toLocaleString('en')} scans of Acme over ${DAYS} days into PostgreSQL (database ${database.name})...`);
      const loadStart = Date.now();
      await pool.query(`delete from scan_rollups where company_id = $1`, [acme]);
      await pool.query(`delete from scans where company_id = $1`, [acme]);
      const indexes = (await pool.query(`select indexname, indexdef from pg_indexes where tablename = 'scans' and indexname <> 'scans_pkey'`)).rows;
      for (const { indexname } of indexes) await pool.query(`drop index ${indexname}`);
      await loadScans(pool, acme, size);
      const loadSeconds = (Date.now() - loadStart) / 1000;
      const indexStart = Date.now();
      await Promise.all(indexes.map(({ indexdef }) => pool.query(indexdef)));
      const rollupStart = Date.now();
      await buildRollups(pool, acme);
      await pool.query('analyze scans');
      await pool.query('analyze scan_rollups');
      const [{ rows: rollups, size: bytes }] = (
        await pool.query(`select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('scan_rollups')) as size from scan_rollups where company_id = $1`, [acme])
      ).rows;
      console.log(
        `scans loaded in ${loadSeconds.toFixed(0)} s, indexes in ${((rollupStart - indexStart) / 1000).toFixed(0)} s; ` +
          `${rollups.toLocaleString('en')} rollup rows (${bytes}) built in ${((Date.now() - rollupStart) / 1000).toFixed(0)} s`,
      );
      // The daily and serial rollups in the company's local days: built from the hourly ones by the
      // API's rebuild, as when a company sets its time zone (called directly: at millions of scans it
      // takes longer than an HTTP request may last).
      const zoneStart = Date.now();
      await pool.query(`update companies set time_zone = $2 where id = $1`, [acme, TIME_ZONE]);
      await drizzle({ client: pool }).transaction(async (tx) => {
        await tx.execute(sql`set local work_mem = '256MB'`);
        await rebuildDailyRollups(tx, acme);
      });
      const zoneSeconds = (Date.now() - zoneStart) / 1000;
      const tables = [];
      for (const table of ['scan_daily_rollups', 'scan_serial_days', 'scan_serial_day_counts', 'scan_serial_totals', 'scan_serial_months', 'scan_serial_windows']) {
        // As autovacuum leaves them once written: statistics and the visibility map (index-only scans).
        await pool.query(`vacuum (analyze) ${table}`);
        const [{ rows, size: bytes }] = (await pool.query(`select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('${table}')) as size from ${table} where company_id = $1`, [acme])).rows;
        tables.push(`${table} ${rows.toLocaleString('en')} rows (${bytes})`);
      }
      console.log(`time zone set to ${TIME_ZONE}, the rebuild took ${zoneSeconds.toFixed(0)} s, rebuilding the daily and serial rollups: ${tables.join(', ')}\n`);
    }

    const [{ id: product }] = (await pool.query(`select product_id as id from scan_rollups where company_id = $1 and dimension = 'total' group by 1 order by sum(scans) desc limit 1`, [acme])).rows;
    const today = todayIn(TIME_ZONE);
    const board = await getJson(`${origin}/api/analytics/dashboard?from=${addDays(today, -89)}&to=${today}`, headers);
    console.log(
      `last 90 days (${addDays(today, -89)}..${today}, ${TIME_ZONE}): ${board.result.totals.scans.value.toLocaleString('en')} scans, ` +
        `${board.result.totals.serials.value.toLocaleString('en')} serials, previous ${board.result.totals.scans.previous.toLocaleString('en')}\n`,
    );

    console.log(`${SAMPLES} sequential requests per case through the API (HTTP, bearer token):\n`);
    console.log(`${'dashboard'.padEnd(50)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95 < ${TARGET_P95_MS} ms`);
    for (const [name, query, info] of dashboardCases(today, product)) {
      const sorted = await latencies(`${origin}/api/analytics/dashboard?${query}`, headers, SAMPLES);
      const { p50, p95 } = percentiles(sorted);
      result.set(name, { p50, p95, info });
      const ok = p95 < TARGET_P95_MS;
      if (!ok && !info) failed = true;
      console.log(`${name.padEnd(50)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${info ? '(for information)' : ok ? 'ok' : 'MISSED'}`);
    }

    // The ingest on these tables: batches as the gateway sends them (RESOLVER_SCAN_BATCH_SIZE 500, one
    // every RESOLVER_SCAN_FLUSH_MS 1000), 30 % with a registered serial of the loaded range (so serials
    // already scanned get new days), from several countries.
    const paths = (await pool.query(`select e.entry_path from products p join entries e on e.id = p.entry_id where p.company_id = $1 and p.deleted_at is null`, [acme])).rows.map((row) => row.entry_path);
    const addresses = ['81.2.69.142', '133.242.0.1', '8.8.8.8', '5.45.176.1', '1.208.0.1'];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const batch = () => ({
      scans: Array.from({ length: 500 }, () => ({
        entryPath: paths[Math.floor(random() * paths.length)],
        qualifierPath: random() < 0.3 ? `/21/S${Math.floor(random() * 200_000)}` : null,
        linkType: random() < 0.7 ? 'gs1:pip' : 'gs1:dpp',
        lang: 'de-DE',
        device: 'ios',
        at: new Date().toISOString(),
        ip: addresses[Math.floor(random() * addresses.length)],
        agent: 0,
      })),
      agents: ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'],
    });
    const batches = Array.from({ length: 3 + SAMPLES + 400 }, batch);
    // The serials scanned are registered ones (the ingest counts a scan as a serial's only then).
    const serials = batches.flatMap((body) => body.scans.filter((scan) => scan.qualifierPath).map((scan) => ({ entryPath: scan.entryPath, path: qualifierPathOf(SERIAL_AI, scan.qualifierPath.slice(4)), value: scan.qualifierPath.slice(4) })));
    await pool.query(
      `insert into qualifiers (company_id, entry_id, identifier_code, qualifier_path, value)
       select distinct e.company_id, e.id, $2, w.path, w.value
       from jsonb_to_recordset($1::jsonb) as w("entryPath" text, path text, value text)
       join entries e on e.entry_path = w."entryPath" and not e.is_deleted
       on conflict do nothing`,
      [JSON.stringify(serials), SERIAL_AI],
    );
    await pool.query('analyze qualifiers');
    const send = async (body) => {
      const started = performance.now();
      const response = await fetch(`${origin}/api/internal/resolver/scans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: BENCH_INTERNAL_TOKEN },
        body: JSON.stringify(body),
      });
      if (response.status !== 202 && response.status !== 200) throw new Error(`the scan batch answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const ingest = [];
    for (let i = 0; i < 3 + SAMPLES; i += 1) {
      const ms = await send(batches[i]);
      if (i >= 3) ingest.push(ms);
    }
    ingest.sort((a, b) => a - b);
    const tenth = FLUSH_MS / 10;
    const steady = percentiles(ingest);
    result.set('ingest', steady);
    if (steady.p95 > tenth) failed = true;
    console.log(
      `\ningest of a 500-scan batch (hourly, daily and serial rollups, ranked serial totals): p50 ${steady.p50.toFixed(1)} ms, p95 ${steady.p95.toFixed(1)} ms ` +
        `= ${(steady.p95 / tenth).toFixed(2)} × a tenth of the gateway's ${FLUSH_MS} ms flush interval (${Math.round((500 * 1000) / steady.p50).toLocaleString('en')} scans/s per API process)`,
    );

    // The company's midnight: the windows end yesterday, and each batch takes a step of the roll.
    await windowsOfYesterday(pool, acme);
    const rolling = [];
    let next = 3 + SAMPLES;
    const rolled = async () => (await pool.query(`select rolled = through and through = (now() at time zone $2)::date as done from scan_serial_windows_state where company_id = $1`, [acme, TIME_ZONE])).rows[0].done;
    while (next < batches.length) {
      rolling.push(await send(batches[next]));
      next += 1;
      if (await rolled()) break;
    }
    rolling.sort((a, b) => a - b);
    const roll = percentiles(rolling);
    result.set('ingest during a roll', roll);
    if (roll.p95 > tenth) failed = true;
    console.log(
      `ingest while the serial windows move on to a new day: ${rolling.length} batches until rolled${(await rolled()) ? '' : ' (NOT done)'}, ` +
        `p50 ${roll.p50.toFixed(1)} ms, p95 ${roll.p95.toFixed(1)} ms = ${(roll.p95 / tenth).toFixed(2)} × a tenth of the flush interval`,
    );
    return result;
  } finally {
    await pool?.end();
    api?.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.finish(process.env.ANALYTICS_BENCH_KEEP === '1');
  }
}

let failed = false;
const measured = [];
for (const size of SIZES) measured.push([size, await measureSize(size)]);

if (PROJECTED.length > 0 && measured.length >= 2) {
  // A line through the last two sizes measured, in log of the size: the growth they show, carried on.
  const [[sizeA, a], [sizeB, b]] = measured.slice(-2);
  const project = (valueA, valueB, size) => valueB + ((valueB - valueA) * Math.log(size / sizeB)) / Math.log(sizeB / sizeA);
  for (const size of PROJECTED) {
    console.log(`\n=== ${size.toLocaleString('en')} scans: PROJECTED from ${sizeA.toLocaleString('en')} and ${sizeB.toLocaleString('en')} (not measured) ===\n`);
    console.log(`${'case'.padEnd(50)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    for (const [name, valueB] of b) {
      const valueA = a.get(name);
      if (!valueA) continue;
      const p50 = Math.max(valueB.p50, project(valueA.p50, valueB.p50, size));
      const p95 = Math.max(valueB.p95, project(valueA.p95, valueB.p95, size));
      console.log(`${name.padEnd(50)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}`);
    }
  }
}
if (failed && process.env.BENCH_STRICT === '1') process.exit(1);
