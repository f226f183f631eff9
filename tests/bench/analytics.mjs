// DL-analytics benchmark: ten million synthetic scans of Acme (90+ days, its demo products, several
// countries, regions, devices, systems, browsers, languages, link types, views and serials) loaded
// into `scans` of a throw-away PostgreSQL database, their hourly rollups built with the ingest's
// aggregation (the same facts and grouping as `recordScans` in modules/analytics/scans.ts, run over
// the loaded rows day range by day range), then the dashboard timed through the API: a 90-day range
// of all products with the comparison period, without it, and one product. Target: p95 < 200 ms.
//
// ANALYTICS_BENCH_SCANS (default 10 000 000), ANALYTICS_BENCH_SAMPLES (default 30),
// ANALYTICS_BENCH_KEEP=1 keeps the database, ANALYTICS_BENCH_REUSE=<that name> measures on it again.
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { percentile, start } from './support/measure.mjs';
import { BENCH_INTERNAL_TOKEN, DEMO_MANAGERS, DEMO_PASSWORD, loadBenchDatabase } from './support/epcis.mjs';

const SCANS = Number(process.env.ANALYTICS_BENCH_SCANS ?? 10_000_000);
const SAMPLES = Number(process.env.ANALYTICS_BENCH_SAMPLES ?? 30);
const DAYS = 120;
const TARGET_P95_MS = 200;
/** A zone with DST and a whole-hour offset, so local days are not UTC days. */
const TIME_ZONE = 'Europe/Berlin';
const TSX = ['--conditions=source', '--import', 'tsx'];
const { INTERNAL_TOKEN_HEADER } = await tsImport('../../packages/shared/src/index.ts', import.meta.url);
const { scanDimensionsSql } = await tsImport('../../services/api/src/modules/analytics/rollups.ts', import.meta.url);


const DAY_MS = 86_400_000;
const lastHour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const firstDay = new Date(lastHour - DAYS * DAY_MS);

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

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-analytics-'));
let api;
let pool;
let database;
let failed = false;
try {
  database = await loadBenchDatabase('bench_analytics', process.env.ANALYTICS_BENCH_REUSE);
  const databaseUrl = database.url;
  process.env.BENCH_DATABASE_URL = databaseUrl;
  api = start('./support/api-server.mjs', [dataDir], TSX);
  const origin = `http://127.0.0.1:${(await api.ready).port}`;
  pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  const [{ id: acme }] = (await pool.query(`select id from companies where service_name = 'acme'`)).rows;

  const signIn = await fetch(`${origin}/api/auth/sign/in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: BENCH_INTERNAL_TOKEN },
    body: JSON.stringify({ email: DEMO_MANAGERS.acme, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const headers = { authorization: (await signIn.json()).Authorization };

  if (database.fresh) {
    console.log(`loading ${SCANS.toLocaleString('en')} scans of Acme over ${DAYS} days into PostgreSQL (database ${database.name})...`);
    const loadStart = Date.now();
    await pool.query(`delete from scan_rollups where company_id = $1`, [acme]);
    await pool.query(`delete from scans where company_id = $1`, [acme]);
    const indexes = (await pool.query(`select indexname, indexdef from pg_indexes where tablename = 'scans' and indexname <> 'scans_pkey'`)).rows;
    for (const { indexname } of indexes) await pool.query(`drop index ${indexname}`);
    await loadScans(pool, acme, SCANS);
    const loadSeconds = (Date.now() - loadStart) / 1000;
    const indexStart = Date.now();
    await Promise.all(indexes.map(({ indexdef }) => pool.query(indexdef)));
    const rollupStart = Date.now();
    await buildRollups(pool, acme);
    await pool.query('analyze scans');
    await pool.query('analyze scan_rollups');
    const [{ rows: rollups, size }] = (
      await pool.query(`select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('scan_rollups')) as size from scan_rollups where company_id = $1`, [acme])
    ).rows;
    console.log(
      `scans loaded in ${loadSeconds.toFixed(0)} s, indexes in ${((rollupStart - indexStart) / 1000).toFixed(0)} s; ` +
        `${rollups.toLocaleString('en')} rollup rows (${size}) built in ${((Date.now() - rollupStart) / 1000).toFixed(0)} s\n`,
    );
    // The daily and serial rollups in the company's local days: built from the hourly ones by the API
    // itself, as it does when a company sets its time zone.
    const zoneStart = Date.now();
    const zone = await fetch(`${origin}/api/auth/me/company-info`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ updateInfo: { timeZone: TIME_ZONE } }),
    });
    if (zone.status !== 200) throw new Error(`the time zone change answered ${zone.status}: ${await zone.text()}`);
    const zoneSeconds = (Date.now() - zoneStart) / 1000;
    const sizes = [];
    for (const table of ['scan_daily_rollups', 'scan_serial_days', 'scan_serial_day_counts', 'scan_serial_totals']) {
      // As autovacuum leaves them once written: statistics and the visibility map (index-only scans).
      await pool.query(`vacuum (analyze) ${table}`);
      const [{ rows, size }] = (await pool.query(`select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('${table}')) as size from ${table} where company_id = $1`, [acme])).rows;
      sizes.push(`${table} ${rows.toLocaleString('en')} rows (${size})`);
    }
    console.log(`time zone set to ${TIME_ZONE} through the API in ${zoneSeconds.toFixed(0)} s, rebuilding the daily and serial rollups: ${sizes.join(', ')}\n`);
  }

  const [{ id: product }] = (await pool.query(`select product_id as id from scan_rollups where company_id = $1 and dimension = 'total' group by 1 order by sum(scans) desc limit 1`, [acme])).rows;

  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const to = day(lastHour);
  const from = day(lastHour - 89 * DAY_MS);
  const board = await getJson(`${origin}/api/analytics/dashboard?from=${from}&to=${to}`, headers);
  console.log(`90 days (${from}..${to}): ${board.result.totals.scans.value.toLocaleString('en')} scans, ${board.result.totals.serials.value.toLocaleString('en')} serials, previous ${board.result.totals.scans.previous.toLocaleString('en')}\n`);

  const cases = [
    ['90 days, all products, with comparison', `from=${from}&to=${to}`],
    ['90 days, all products, no comparison', `from=${from}&to=${to}&compare=false`],
    ['90 days, one product, with comparison', `from=${from}&to=${to}&productId=${product}`],
    ['30 days, all products, with comparison', `from=${day(lastHour - 29 * DAY_MS)}&to=${to}`, 'info'],
    ['7 days, all products, with comparison', `from=${day(lastHour - 6 * DAY_MS)}&to=${to}`, 'info'],
  ];
  console.log(`${SAMPLES} sequential requests per case through the API (HTTP, bearer token):\n`);
  console.log(`${'dashboard'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95 < ${TARGET_P95_MS} ms`);
  for (const [name, query, info] of cases) {
    const sorted = await latencies(`${origin}/api/analytics/dashboard?${query}`, headers, SAMPLES);
    const p95 = percentile(sorted, 95);
    const ok = p95 < TARGET_P95_MS;
    if (!ok && !info) failed = true;
    console.log(`${name.padEnd(44)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${info ? '(for information)' : ok ? 'ok' : 'MISSED'}`);
  }

  // The ingest on these tables: batches as the gateway sends them (RESOLVER_SCAN_BATCH_SIZE 500, one
  // every RESOLVER_SCAN_FLUSH_MS 1000), 30 % with a serial of the loaded range (so serials already
  // scanned get new days), from several countries. A batch must be done well within the interval.
  const paths = (await pool.query(`select e.entry_path from products p join entries e on e.id = p.entry_id where p.company_id = $1 and p.deleted_at is null`, [acme])).rows.map((row) => row.entry_path);
  const addresses = ['81.2.69.142', '133.242.0.1', '8.8.8.8', '5.45.176.1', '1.208.0.1'];
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
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
  const ingest = [];
  for (let i = 0; i < 3 + SAMPLES; i += 1) {
    const body = JSON.stringify(batch());
    const started = performance.now();
    const response = await fetch(`${origin}/api/internal/resolver/scans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: BENCH_INTERNAL_TOKEN },
      body,
    });
    if (response.status !== 202 && response.status !== 200) throw new Error(`the scan batch answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= 3) ingest.push(performance.now() - started);
  }
  ingest.sort((a, b) => a - b);
  const ingestP95 = percentile(ingest, 95);
  console.log(
    `\ningest of a 500-scan batch (hourly, daily and serial rollups, on the tables above): p50 ${percentile(ingest, 50).toFixed(1)} ms, ` +
      `p95 ${ingestP95.toFixed(1)} ms = ${(ingestP95 / 1000).toFixed(2)} × the gateway's 1 000 ms flush interval (${Math.round((500 * 1000) / percentile(ingest, 50)).toLocaleString('en')} scans/s per API process)`,
  );
} finally {
  await pool?.end();
  api?.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
  await database?.finish(process.env.ANALYTICS_BENCH_KEEP === '1');
}
if (failed && process.env.BENCH_STRICT === '1') process.exit(1);
