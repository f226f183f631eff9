// Codes by the ten thousand (issue 27, decision 078): on the real API on PostgreSQL (a throw-away
// database on BENCH_DATABASE_URL's server, else DATABASE_URL's, else the local one), each a
// background job followed as the console follows it:
// - random serials and their Digital Links: a generation of N random serials, then the CSV of those
//   serials with their Digital Links; at 10 000 and 100 000 (target: 100 000 under 20 s);
// - label sheets: a PDF of N labels (3 × 7 on A4, the code with GTIN, lot, expiry and serial); at
//   1 000 and 10 000 (target: 10 000 under 60 s).
// Each line prints the time from the request to the job's end and the API process's peak resident
// memory above its level before the job (sampled every 20 ms from /proc): two sizes a factor ten
// apart show whether memory grows with the count. BENCH_CODES_SERIALS and BENCH_CODES_LABELS take
// comma-separated sizes.
/* global FormData */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { start } from './support/measure.mjs';
import { BENCH_INTERNAL_TOKEN, DEMO_MANAGERS, DEMO_PASSWORD, createBenchDatabase } from './support/epcis.mjs';

const SERIAL_SIZES = (process.env.BENCH_CODES_SERIALS ?? '10000,100000').split(',').map(Number);
const LABEL_SIZES = (process.env.BENCH_CODES_LABELS ?? '1000,10000').split(',').map(Number);
const SERIALS_TARGET = { count: 100_000, seconds: 20 };
const LABELS_TARGET = { count: 10_000, seconds: 60 };
/**
 * The API runs with its heap capped (MiB): V8 otherwise leaves garbage uncollected while there is
 * room, and a resident size that grows with the count would not tell garbage from what is kept. A
 * job whose memory grew with its count would fail here at 100 000 serials or 10 000 labels.
 */
const HEAP_CAP_MIB = Number(process.env.BENCH_CODES_HEAP_MIB ?? 192);
const TSX = ['--conditions=source', '--import', 'tsx', `--max-old-space-size=${HEAP_CAP_MIB}`];

/** Resident memory of a process in MiB, from /proc (Linux); null where it cannot be read. */
function residentMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return null;
  }
}

/** Samples the process's memory until `stop()`; answers the level at the start and the peak. */
function memoryMeter(pid) {
  const baseline = residentMiB(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    const now = residentMiB(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return { baseline, peak };
    },
  };
}

function gtinOf(prefix, reference) {
  const body = `0${prefix}${String(reference).padStart(12 - prefix.length, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function api(baseUrl, authorization, method, url, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Queues a job and follows it to its end; answers the job, the seconds it took and the memory it cost. */
async function timedJob(baseUrl, authorization, pid, url, body) {
  const meter = memoryMeter(pid);
  const began = performance.now();
  const { result } = await api(baseUrl, authorization, 'POST', url, body);
  let job = result;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = (await api(baseUrl, authorization, 'GET', `/api/product/codes/jobs/${job.jobId}`)).result;
  }
  const seconds = (performance.now() - began) / 1000;
  const memory = meter.stop();
  if (job.status !== 'done') throw new Error(`job ${job.jobId} ${job.status}: ${job.error}`);
  return { job, seconds, memory };
}

const memoryText = ({ baseline, peak }) => (baseline === null ? 'memory not measured' : `peak +${(peak - baseline).toFixed(0)} MiB (RSS ${peak.toFixed(0)} MiB)`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-codes-'));
const database = await createBenchDatabase(undefined, 'bench_codes');
const children = [];
let failed = false;
try {
  process.env.BENCH_DATABASE_URL = database.url;
  const server = start('./support/api-server.mjs', [dataDir], TSX);
  children.push(server.child);
  const baseUrl = `http://127.0.0.1:${(await server.ready).port}`;
  const pid = server.child.pid;
  const signIn = await fetch(`${baseUrl}/api/auth/sign/in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': BENCH_INTERNAL_TOKEN },
    body: JSON.stringify({ email: DEMO_MANAGERS.acme, password: DEMO_PASSWORD }),
  });
  const { Authorization: authorization } = await signIn.json();
  const [project] = (await api(baseUrl, authorization, 'GET', '/api/project/all')).result;
  const [gcp] = (await api(baseUrl, authorization, 'GET', '/api/product/available-gcps')).result;
  let reference = 7_000;
  async function newProduct(name) {
    const form = new FormData();
    form.set('product', JSON.stringify([{ project_id: project.project_id, product_name: name, gtin: gtinOf(String(gcp), reference++) }]));
    form.set('qrContent', JSON.stringify({}));
    return (await api(baseUrl, authorization, 'POST', '/api/product/?service=DL', form)).productId;
  }

  console.log(`Bulk codes on PostgreSQL, each a background job of the API (heap capped at ${HEAP_CAP_MIB} MiB; ${cpus().length} CPUs)\n`);
  // Warm-up: JIT, the pool, the PDF and QR code paths.
  const warm = await newProduct('Warm-up');
  const warmGeneration = await timedJob(baseUrl, authorization, pid, '/api/product/codes/serials', { mode: 'random', productId: warm, count: 200, alphabet: 'upperNumeric', length: 10 });
  await timedJob(baseUrl, authorization, pid, '/api/product/codes/exports', { productId: warm, format: 'pdf', selection: { kind: 'generation', jobId: warmGeneration.job.jobId } });

  let serialsAtTarget = null;
  for (const count of SERIAL_SIZES) {
    const productId = await newProduct(`Random ${count}`);
    const generation = await timedJob(baseUrl, authorization, pid, '/api/product/codes/serials', { mode: 'random', productId, count, alphabet: 'unambiguous', length: 10 });
    const links = await timedJob(baseUrl, authorization, pid, '/api/product/codes/exports', { productId, format: 'csv', selection: { kind: 'generation', jobId: generation.job.jobId } });
    const seconds = generation.seconds + links.seconds;
    if (count === SERIALS_TARGET.count) serialsAtTarget = seconds;
    console.log(
      `${String(count).padStart(7)} random serials: generated in ${generation.seconds.toFixed(2)} s (${memoryText(generation.memory)}), ` +
        `their Digital Links as CSV (${(links.job.file.bytes / 1e6).toFixed(1)} MB) in ${links.seconds.toFixed(2)} s (${memoryText(links.memory)}); together ${seconds.toFixed(2)} s`,
    );
  }

  let labelsAtTarget = null;
  for (const count of LABEL_SIZES) {
    const productId = await newProduct(`Labels ${count}`);
    const generation = await timedJob(baseUrl, authorization, pid, '/api/product/codes/serials', { mode: 'sequential', productId, count, prefix: 'L', padding: 6 });
    const sheet = await timedJob(baseUrl, authorization, pid, '/api/product/codes/exports', {
      productId,
      format: 'pdf',
      selection: { kind: 'generation', jobId: generation.job.jobId },
      lot: 'B2026-11',
      expiry: '2028-11-30',
    });
    if (count === LABELS_TARGET.count) labelsAtTarget = sheet.seconds;
    console.log(
      `${String(count).padStart(7)} labels as PDF (${Math.ceil(count / 21)} pages, ${(sheet.job.file.bytes / 1e6).toFixed(1)} MB): ${sheet.seconds.toFixed(2)} s, ${memoryText(sheet.memory)}`,
    );
  }

  const verdict = (value, target) => (value === null ? 'not measured' : `${value.toFixed(1)} s (target < ${target} s) ${value < target ? 'PASS' : 'MISS'}`);
  console.log(
    `\n${SERIALS_TARGET.count} random serials and their Digital Links: ${verdict(serialsAtTarget, SERIALS_TARGET.seconds)}; ` +
      `${LABELS_TARGET.count}-label PDF: ${verdict(labelsAtTarget, LABELS_TARGET.seconds)}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
  );
  failed = (serialsAtTarget !== null && serialsAtTarget >= SERIALS_TARGET.seconds) || (labelsAtTarget !== null && labelsAtTarget >= LABELS_TARGET.seconds);
  if (process.env.BENCH_STRICT === '1' && failed) process.exitCode = 1;
} finally {
  for (const child of children) if (child.connected) child.disconnect();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.drop().catch((err) => console.error('could not drop the benchmark database', err));
  rmSync(dataDir, { recursive: true, force: true });
}
