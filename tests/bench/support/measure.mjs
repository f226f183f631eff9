// Measuring helpers shared by the benchmarks: child processes, sequential latency, load.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3000);
export const TARGET_ADDED_MEDIAN_MS = 1;
export const TARGET_THROUGHPUT_RATIO = 0.6;

const here = (file) => fileURLToPath(new URL(`../${file}`, import.meta.url));

/** Starts a child process and waits for the first message it sends (its port). */
export function start(script, args, execArgv = []) {
  const child = fork(here(script), args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
  return { child, ready };
}

/** Requests each target gets before it is measured: JIT, pools and caches warm up. */
export const WARM_UP_REQUESTS = 200;

/**
 * One GET on `agent`, read to its end; rejects unless it answers `status`. Says when it was sent
 * and when its answer ended (monotonic clock, ns) and the answer's headers.
 */
export function timedGet(url, { agent, headers = {}, status = 200 }) {
  return new Promise((resolve, reject) => {
    const sent = process.hrtime.bigint();
    http
      .get(url, { agent, headers }, (res) => {
        if (res.statusCode !== status) reject(new Error(`${url} answered ${res.statusCode}, not ${status}`));
        res.resume();
        res.on('end', () => resolve({ sent, done: process.hrtime.bigint(), headers: res.headers }));
      })
      .on('error', reject);
  });
}

/**
 * Latency of `count` sequential GETs per target, each target on one kept-alive connection, the
 * targets taking turns request by request: every target meets the same moments of a drifting
 * upstream (a database warming, a collection), so the difference of their medians is the targets'
 * own and not the drift's. A target may expect another `status` than 200 (a redirect). Sorted ms
 * per target.
 */
export async function interleavedLatencies(targets, count) {
  const clients = targets.map(({ url, headers, status }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const once = () => timedGet(url, { agent, headers, status }).then(({ sent, done }) => Number(done - sent) / 1e6);
    return { agent, once, samples: [] };
  });
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) for (const client of clients) await client.once(); // JIT, pools, caches
  for (let i = 0; i < count; i += 1) for (const client of clients) client.samples.push(await client.once());
  return clients.map((client) => {
    client.agent.destroy();
    return client.samples.sort((a, b) => a - b);
  });
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Requests per second and latency under load; every answer must be of the `expect` class (2xx, or 3xx for redirects). */
export async function load(url, headers, { seconds = SECONDS, expect = '2xx' } = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  const unexpected = ['1xx', '2xx', '3xx', '4xx', '5xx'].filter((kind) => kind !== expect && result[kind]);
  if (result.errors || unexpected.length > 0 || !result[expect]) {
    throw new Error(`${url}: ${unexpected.map((kind) => `${result[kind]} ${kind}`).join(', ') || `no ${expect}`}, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

