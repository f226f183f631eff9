// EPCIS 2.0 query at scale (issue 17): a repository of 1 000 000 events of one company (Acme) and
// 100 000 of another (Nordic, so every query also has to leave another company's rows out), loaded
// straight into PostgreSQL from rows built with the shared library's extractEventFields, ANALYZEd,
// then queried through the real API with an API key: MATCH_epc of one serial, EQ_bizStep with a
// 7-day eventTime window, and eventType paged with nextPageToken. Prints p50/p95 per query against
// the budget (p95 under 50 ms). Needs PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL names the
// server (a database of its own is created there and dropped at the end; default
// postgres://postgres@127.0.0.1:5432/postgres). EPCIS_BENCH_EVENTS sets the size; BENCH_STRICT=1
// fails on a miss; EPCIS_BENCH_KEEP=1 keeps the database (its name is printed) to EXPLAIN queries, and
// EPCIS_BENCH_REUSE=<that name> measures on it again without loading.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { loadBenchDatabase } from './support/epcis.mjs';
import { percentile, start, timedGet } from './support/measure.mjs';

const EVENTS = Number(process.env.EPCIS_BENCH_EVENTS ?? 1_000_000);
const OTHER_EVENTS = Math.round(EVENTS / 10);
const SAMPLES = Number(process.env.EPCIS_BENCH_SAMPLES ?? 300);
const TARGET_P95_MS = 50;
const STEPS = ['commissioning', 'packing', 'shipping', 'receiving', 'retail_selling'];
const DISPOSITIONS = { commissioning: 'active', packing: 'in_progress', shipping: 'in_transit', receiving: 'in_progress', retail_selling: 'retail_sold' };
const DAY = 86_400_000;
const YEAR_START = Date.parse('2025-01-01T00:00:00Z');
const TSX = ['--conditions=source', '--import', 'tsx'];

const { extractEventFields } = await tsImport('../../packages/shared/src/index.ts', import.meta.url);


/** A GTIN-14 of the prefix with its check digit. */
function gtin(prefix, reference) {
  const body = `0${prefix}${String(reference).padStart(12 - prefix.length, '0')}`;
  const sum = [...body].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * The n-th synthetic event of a company: each serial goes through the five steps of a journey, a
 * few days apart, over a year; packing is an aggregation into a case (SSCC), the others are
 * object events; 40 sites as read points and business locations.
 */
function syntheticEvent(prefix, n) {
  const serialIndex = Math.floor(n / STEPS.length);
  const step = STEPS[n % STEPS.length];
  const product = serialIndex % 500;
  const epc = `urn:epc:id:sgtin:${prefix}.0${String(product).padStart(12 - prefix.length, '0')}.S${serialIndex}`;
  const site = `urn:epc:id:sgln:${prefix}.${String((serialIndex + n) % 40).padStart(12 - prefix.length, '0')}.0`;
  const eventTime = new Date(YEAR_START + ((serialIndex * 7919) % 330) * DAY + (n % STEPS.length) * 2 * DAY + (n % 1000) * 1000).toISOString();
  const common = {
    eventID: `urn:uuid:${randomUUID()}`,
    eventTime,
    eventTimeZoneOffset: '+00:00',
    bizStep: step,
    disposition: DISPOSITIONS[step],
    readPoint: { id: site },
    bizLocation: { id: site },
  };
  if (step === 'packing') {
    return {
      type: 'AggregationEvent',
      ...common,
      parentID: `urn:epc:id:sscc:${prefix}.${String(serialIndex).padStart(17 - prefix.length, '0')}`,
      childEPCs: [epc],
      action: 'ADD',
    };
  }
  return {
    type: 'ObjectEvent',
    ...common,
    epcList: [epc],
    action: step === 'commissioning' ? 'ADD' : 'OBSERVE',
    ...(step === 'shipping' ? { bizTransactionList: [{ type: 'po', bizTransaction: `urn:epcglobal:cbv:bt:${gtin(prefix, product).slice(1)}:${serialIndex}` }] } : {}),
  };
}

const COLUMNS = [
  ['company_id', 'int'],
  ['event_id', 'text'],
  ['event_type', 'text'],
  ['action', 'text'],
  ['event_time', 'timestamptz'],
  ['event_time_zone_offset', 'text'],
  ['record_time', 'timestamptz'],
  ['biz_step', 'text'],
  ['disposition', 'text'],
  ['read_point', 'text'],
  ['biz_location', 'text'],
  ['parent_id', 'text'],
  ['epc_list', 'text[]'],
  ['input_epcs', 'text[]'],
  ['output_epcs', 'text[]'],
  ['any_epcs', 'text[]'],
  ['epc_classes', 'text[]'],
  ['input_epc_classes', 'text[]'],
  ['output_epc_classes', 'text[]'],
  ['any_epc_classes', 'text[]'],
  ['gtins', 'text[]'],
  ['biz_transactions', 'text[]'],
  ['sources', 'text[]'],
  ['destinations', 'text[]'],
  ['document', 'jsonb'],
];
const INSERT = `insert into epcis_events (${COLUMNS.map(([name]) => name).join(', ')})
  select ${COLUMNS.map(([name]) => name).join(', ')} from jsonb_to_recordset($1::jsonb) as r(${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})`;

/** One stored row, built as the capture does: the filter fields from extractEventFields, the event as the document. */
function rowOf(companyId, event, recordTime) {
  const fields = extractEventFields(event);
  const document = { ...event, recordTime };
  return {
    company_id: companyId,
    event_id: event.eventID,
    event_type: fields.eventType,
    action: fields.action,
    event_time: fields.eventTime.toISOString(),
    event_time_zone_offset: fields.eventTimeZoneOffset,
    record_time: recordTime,
    biz_step: fields.bizStep,
    disposition: fields.disposition,
    read_point: fields.readPoint,
    biz_location: fields.bizLocation,
    parent_id: fields.parentId,
    epc_list: fields.epcList,
    input_epcs: fields.inputEpcs,
    output_epcs: fields.outputEpcs,
    any_epcs: fields.anyEpcs,
    epc_classes: fields.epcClasses,
    input_epc_classes: fields.inputEpcClasses,
    output_epc_classes: fields.outputEpcClasses,
    any_epc_classes: fields.anyEpcClasses,
    gtins: fields.gtins,
    biz_transactions: fields.bizTransactions,
    sources: fields.sources,
    destinations: fields.destinations,
    document,
  };
}

/** Loads `count` events of a company in statements of 5 000 rows, four connections at a time. */
async function load(pool, companyId, prefix, count) {
  const BATCH = 5_000;
  const recordStart = Date.now() - count;
  let next = 0;
  async function worker() {
    const client = await pool.connect();
    try {
      for (;;) {
        const from = next;
        next += BATCH;
        if (from >= count) return;
        const rows = [];
        for (let n = from; n < Math.min(count, from + BATCH); n += 1) rows.push(rowOf(companyId, syntheticEvent(prefix, n), new Date(recordStart + n).toISOString()));
        await client.query(INSERT, [JSON.stringify(rows)]);
      }
    } finally {
      client.release();
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Sequential latencies of `count` GETs, each URL from `urlOf(i)`, on one kept-alive connection. Sorted ms. */
async function latencies(origin, headers, count, urlOf) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples = [];
  try {
    for (let i = 0; i < 30; i += 1) await timedGet(`${origin}${urlOf(i)}`, { agent, headers });
    for (let i = 0; i < count; i += 1) {
      const { sent, done } = await timedGet(`${origin}${urlOf(i + 30)}`, { agent, headers });
      samples.push(Number(done - sent) / 1e6);
    }
  } finally {
    agent.destroy();
  }
  return samples.sort((a, b) => a - b);
}

async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return { body: await response.json(), link: response.headers.get('link') };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-epcis-query-'));
let api;
let pool;
let database;
let failed = false;
try {
  database = await loadBenchDatabase('bench_epcis', process.env.EPCIS_BENCH_REUSE);
  const databaseUrl = database.url;
  process.env.BENCH_DATABASE_URL = databaseUrl;
  api = start('./support/api-server.mjs', [dataDir], TSX);
  const origin = `http://127.0.0.1:${(await api.ready).port}`;
  pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });

  const companies = Object.fromEntries((await pool.query('select id, service_name from companies')).rows.map((row) => [row.service_name, row.id]));
  const key = `pck_${randomBytes(32).toString('base64url')}`;
  await pool.query(`insert into api_keys (company_id, name, key_hash, prefix) values ($1, 'bench', $2, $3)`, [
    companies.acme,
    createHash('sha256').update(key).digest('hex'),
    key.slice(0, 8),
  ]);
  const headers = { authorization: `Bearer ${key}` };

  if (database.fresh) {
    console.log(`loading ${EVENTS.toLocaleString('en')} events of Acme and ${OTHER_EVENTS.toLocaleString('en')} of Nordic into PostgreSQL (database ${database.name})...`);
    const loadStart = Date.now();
    // A bulk load: the secondary indexes are dropped first and built again after (the same indexes the migrations made).
    const indexes = (
      await pool.query(`select indexname, indexdef from pg_indexes where tablename = 'epcis_events' and indexname not in ('epcis_events_pkey', 'epcis_events_company_event_id_idx')`)
    ).rows;
    for (const { indexname } of indexes) await pool.query(`drop index ${indexname}`);
    await load(pool, companies.acme, '0614141', EVENTS);
    await load(pool, companies.nordic, '7350053', OTHER_EVENTS);
    const loadSeconds = (Date.now() - loadStart) / 1000;
    const indexStart = Date.now();
    await Promise.all(indexes.map(({ indexdef }) => pool.query(indexdef)));
    // The companies' EPC lists, as the capture keeps them (and migration 0016 made them).
    await pool.query(`insert into epcis_epcs (company_id, epc) select distinct company_id, unnest(any_epcs) from epcis_events on conflict do nothing`);
    await pool.query('analyze epcis_events');
    await pool.query('analyze epcis_epcs');
    console.log(
      `loaded in ${loadSeconds.toFixed(0)} s (${Math.round((EVENTS + OTHER_EVENTS) / loadSeconds).toLocaleString('en')} rows/s), ` +
        `${indexes.length} indexes built in ${((Date.now() - indexStart) / 1000).toFixed(0)} s, analyzed\n`,
    );
  }

  const serials = Math.floor(EVENTS / STEPS.length);
  const pick = (i) => (i * 104_729) % serials;
  const serialOf = (i) => {
    const s = pick(i);
    return `urn:epc:id:sgtin:0614141.0${String(s % 500).padStart(5, '0')}.S${s}`;
  };
  // Sanity: one serial's journey is its five events (packing names it as a child, which MATCH_epc covers).
  const journey = await getJson(`${origin}/epcis/events?MATCH_epc=${encodeURIComponent(serialOf(1))}`, headers);
  const journeyLength = journey.body.epcisBody.queryResults.resultsBody.eventList.length;
  if (journeyLength !== 5) throw new Error(`a serial's journey has ${journeyLength} events, not 5`);

  const week = (i) => {
    const from = YEAR_START + ((i * 37) % 320) * DAY;
    return `GE_eventTime=${encodeURIComponent(new Date(from).toISOString())}&LT_eventTime=${encodeURIComponent(new Date(from + 7 * DAY).toISOString())}`;
  };
  // Page tokens of eventType=ObjectEvent, walked ahead of time: the measured requests are pages 2 to 101.
  const pages = [];
  let nextUrl = `/epcis/events?eventType=ObjectEvent&perPage=30`;
  for (let i = 0; i < 101 && nextUrl; i += 1) {
    pages.push(nextUrl);
    const page = await getJson(`${origin}${nextUrl}`, headers);
    nextUrl = /^<([^>]+)>; rel="next"$/.exec(page.link ?? '')?.[1] ?? null;
  }

  // Discovery: the EPC list's page tokens, walked ahead of time as well.
  const epcPages = [];
  let epcUrl = '/epcis/epcs?perPage=100';
  for (let i = 0; i < 101 && epcUrl; i += 1) {
    epcPages.push(epcUrl);
    const page = await getJson(`${origin}${epcUrl}`, headers);
    epcUrl = /^<([^>]+)>; rel="next"$/.exec(page.link ?? '')?.[1] ?? null;
  }

  const cases = [
    ['MATCH_epc of one serial (URN form)', (i) => `/epcis/events?MATCH_epc=${encodeURIComponent(serialOf(i))}`],
    ['EQ_bizStep=shipping + 7-day eventTime window', (i) => `/epcis/events?EQ_bizStep=shipping&${week(i)}`],
    ['EQ_bizStep=shipping + 7-day window, orderBy eventTime DESC', (i) => `/epcis/events?EQ_bizStep=shipping&${week(i)}&orderBy=eventTime&orderDirection=DESC`],
    ['eventType=ObjectEvent, next pages by nextPageToken (perPage 30)', (i) => pages[1 + (i % (pages.length - 1))]],
    ['eventType=ObjectEvent, next pages by nextPageToken (perPage 100)', (i) => pages[1 + (i % (pages.length - 1))].replace('perPage=30', 'perPage=100'), 'info'],
    ['/epcis/epcs discovery, next pages by nextPageToken (perPage 100)', (i) => epcPages[1 + (i % (epcPages.length - 1))]],
  ];
  console.log(`${SAMPLES} sequential requests per query through the API (HTTP, API key):\n`);
  console.log(`${'query'.padEnd(64)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95 < ${TARGET_P95_MS} ms`);
  for (const [name, urlOf, info] of cases) {
    const sorted = await latencies(origin, headers, SAMPLES, urlOf);
    const p95 = percentile(sorted, 95);
    const ok = p95 < TARGET_P95_MS;
    if (!ok && !info) failed = true;
    console.log(`${name.padEnd(66)} ${percentile(sorted, 50).toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)}  ${info ? '(for information)' : ok ? 'ok' : 'MISSED'}`);
  }
} finally {
  await pool?.end();
  api?.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
  await database?.finish(process.env.EPCIS_BENCH_KEEP === '1');
}
if (failed && process.env.BENCH_STRICT === '1') process.exit(1);
