// EPCIS capture throughput (issue 17): 100 000 synthetic events in documents of 1 000 through
// `POST /epcis/capture` on the real API on PostgreSQL (a throw-away database on BENCH_DATABASE_URL's
// server, else DATABASE_URL's, else the local one), a few documents at a time, until every
// capture job has finished; events per second from the first POST to the last job's end.
// The events carry their eventIDs, as capturing applications are asked to give them; a share of
// them without, so that the repository computes the EPCIS event hash itself, and a share through
// the gateway's /epcis proxy, for the ratio.
// BENCH_EPCIS_EVENTS, BENCH_EPCIS_DOCUMENT, BENCH_EPCIS_CLIENTS change the sizes;
// BENCH_EPCIS_INDEX_COST=1 measures again without the secondary indexes of epcis_events (what they cost).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { start } from './support/measure.mjs';
import { createBenchDatabase, demoApiKey, syntheticDocument } from './support/epcis.mjs';

const EVENTS = Number(process.env.BENCH_EPCIS_EVENTS ?? 100_000);
const PER_DOCUMENT = Number(process.env.BENCH_EPCIS_DOCUMENT ?? 1_000);
const CLIENTS = Number(process.env.BENCH_EPCIS_CLIENTS ?? 4);
const GATEWAY_SHARE = 0.2;
const TARGET_EVENTS_PER_SECOND = 5_000;
const TSX = ['--conditions=source', '--import', 'tsx'];

/** CPU time (ms) a process has used so far, from /proc (Linux); null where it cannot be read. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/**
 * CPU used by the API process and by the database's server processes of the benchmark database
 * between `snapshot()` and `since()`: on a machine shared with other work, CPU time per event says
 * more than wall time.
 */
async function cpuMeter(apiPid, databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on('error', (err) => console.error('CPU meter connection lost:', err.message));
  await db.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  const backends = async () => (await db.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows.map((row) => row.pid);
  return {
    async snapshot() {
      const pids = await backends();
      return { api: cpuMsOf(apiPid), database: new Map(pids.map((pid) => [pid, cpuMsOf(pid)])) };
    },
    async since(before) {
      const api = cpuMsOf(apiPid);
      let database = 0;
      for (const pid of await backends()) database += (cpuMsOf(pid) ?? 0) - (before.database.get(pid) ?? 0);
      return { api: api === null || before.api === null ? null : api - before.api, database };
    },
    close: () => db.end(),
  };
}

let meter = null;

/** Captures `documents` (their first event numbers) through `baseUrl`, `CLIENTS` at a time; answers events per second. */
async function captureAll(baseUrl, key, firsts, { withEventId = true } = {}) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/ld+json' };
  // Bodies are made before the clock starts: the benchmark measures the repository, not the generator.
  const bodies = firsts.map((first) => JSON.stringify(syntheticDocument(first, PER_DOCUMENT, { withEventId })));
  const jobs = [];
  let next = 0;
  const cpuBefore = meter ? await meter.snapshot() : null;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        for (;;) {
          const res = await fetch(`${baseUrl}/epcis/capture`, { method: 'POST', headers, body });
          // A full queue says when to come back, as a well-behaved client hears it.
          if (res.status === 503) {
            await res.arrayBuffer();
            await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
            continue;
          }
          if (res.status !== 202) throw new Error(`capture answered ${res.status}: ${await res.text()}`);
          jobs.push(res.headers.get('location'));
          break;
        }
      }
    }),
  );
  const accepted = performance.now();
  let stored = 0;
  for (const location of jobs) {
    for (;;) {
      const job = await fetch(`${baseUrl}${location}`, { headers: { authorization: `Bearer ${key}` } }).then((res) => res.json());
      if (!job.running) {
        if (!job.success) throw new Error(`capture job ${location} failed: ${JSON.stringify(job.errors).slice(0, 500)}`);
        stored += job.storedCount;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const seconds = (performance.now() - began) / 1000;
  const cpu = cpuBefore ? await meter.since(cpuBefore) : null;
  return { stored, seconds, acceptedSeconds: (accepted - began) / 1000, rate: stored / seconds, cpu };
}

/**
 * What the measured CPU per event allows on this machine's cores when nothing else runs: the API's
 * own work runs on one thread (one core at most), the database's on the others.
 */
function cpuBoundRate(stored, cpu) {
  if (!cpu || cpu.api === null || stored === 0) return null;
  const apiUs = (cpu.api * 1000) / stored;
  const databaseUs = (cpu.database * 1000) / stored;
  return { apiUs, databaseUs, rate: Math.min(1e6 / apiUs, (cpus().length * 1e6) / (apiUs + databaseUs)) };
}

const report = (name, { stored, seconds, acceptedSeconds, rate, cpu }) => {
  const bound = cpuBoundRate(stored, cpu);
  console.log(
    `${name.padEnd(34)} ${String(stored).padStart(7)} events in ${seconds.toFixed(2)} s (all accepted after ${acceptedSeconds.toFixed(2)} s): ` +
      `${Math.round(rate).toString().padStart(6)} events/s` +
      (bound ? `; CPU per event: API ${bound.apiUs.toFixed(0)} µs, PostgreSQL ${bound.databaseUs.toFixed(0)} µs -> ${Math.round(bound.rate)} events/s on idle CPUs` : ''),
  );
};

const firstsFrom = (from, events) => Array.from({ length: Math.ceil(events / PER_DOCUMENT) }, (_, i) => from + i * PER_DOCUMENT);

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-epcis-'));
const database = await createBenchDatabase();
const children = [];
try {
  process.env.BENCH_DATABASE_URL = database.url;
  const api = start('./support/api-server.mjs', [dataDir], TSX);
  children.push(api.child);
  const apiUrl = `http://127.0.0.1:${(await api.ready).port}`;
  const gateway = start('./support/gateway-server.mjs', [apiUrl, ''], TSX);
  children.push(gateway.child);
  const gatewayUrl = `http://127.0.0.1:${(await gateway.ready).port}`;
  const key = await demoApiKey(apiUrl);
  meter = await cpuMeter(api.child.pid, database.url);

  console.log(`EPCIS capture on PostgreSQL: ${EVENTS} events in documents of ${PER_DOCUMENT}, ${CLIENTS} clients at once\n`);
  // Warm-up: JIT, the pool, the first pages of the indexes.
  await captureAll(apiUrl, key, firstsFrom(10_000_000, PER_DOCUMENT * 2));

  const direct = await captureAll(apiUrl, key, firstsFrom(0, EVENTS));
  report('API directly', direct);
  const hashed = await captureAll(apiUrl, key, firstsFrom(EVENTS * 3, Math.round(EVENTS * GATEWAY_SHARE)), { withEventId: false });
  report('API, eventIDs hashed by the server', hashed);
  const throughGateway = await captureAll(gatewayUrl, key, firstsFrom(EVENTS, Math.round(EVENTS * GATEWAY_SHARE)));
  report('through the gateway (/epcis)', throughGateway);

  if (process.env.BENCH_EPCIS_INDEX_COST === '1') {
    const db = new pg.Client({ connectionString: database.url });
    db.on('error', (err) => console.error('index connection lost:', err.message));
    await db.connect();
    const { rows } = await db.query(
      `select indexname from pg_indexes where tablename = 'epcis_events' and indexname not in ('epcis_events_pkey', 'epcis_events_company_event_id_idx')`,
    );
    for (const { indexname } of rows) await db.query(`drop index ${indexname}`);
    await db.end();
    const bare = await captureAll(apiUrl, key, firstsFrom(EVENTS * 2, EVENTS));
    report('API, without secondary indexes', bare);
    console.log(`the ${rows.length} secondary indexes cost ${((1 - direct.rate / bare.rate) * 100).toFixed(0)} % of capture throughput`);
  }

  await meter.close();
  const ok = direct.rate >= TARGET_EVENTS_PER_SECOND;
  console.log(
    `\ncapture: ${Math.round(direct.rate)} events/s (target >= ${TARGET_EVENTS_PER_SECOND}) ${ok ? 'PASS' : 'MISS'}; ` +
      `${Math.round(hashed.rate)} events/s when the server hashes eventIDs; ` +
      `through the gateway ${(throughGateway.rate / direct.rate).toFixed(2)} of the API directly; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
  );
  if (process.env.BENCH_STRICT === '1' && !ok) process.exitCode = 1;
} finally {
  for (const child of children) if (child.connected) child.disconnect();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.drop().catch((err) => console.error('could not drop the benchmark database', err));
  rmSync(dataDir, { recursive: true, force: true });
}
