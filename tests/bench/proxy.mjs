// Gateway proxy budget (docs: ARCHITECTURE.md "Budgets"): an authenticated GET through
// /bff/api/* against the same GET straight at the API, on loopback, in one run.
//
//   added median latency < 1 ms        (sequential requests on one kept-alive connection)
//   throughput ratio     >= 0.6        (autocannon, several connections, BENCH_SECONDS each)
//
// The stand-in API and the gateway each run in their own process; autocannon runs here.
// Settings: BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_SAMPLES (3000), BENCH_REDIS_URL
// (gateway store; in-process when unset), BENCH_STRICT=1 to exit 1 when a target is missed.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3000);
const TARGET_ADDED_MEDIAN_MS = 1;
const TARGET_THROUGHPUT_RATIO = 0.6;

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/** Starts a child process and waits for the first message it sends (its port). */
function start(script, args, execArgv = []) {
  const child = fork(here(script), args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
  return { child, ready };
}

/** Latency of `count` sequential GETs on one kept-alive connection, in ms, sorted. */
async function sequentialLatencies(url, headers, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          res.resume();
          res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        })
        .on('error', reject);
    });
  for (let i = 0; i < 200; i += 1) await once(); // warm-up: JIT, pools, caches
  const samples = [];
  for (let i = 0; i < count; i += 1) samples.push(await once());
  agent.destroy();
  return samples.sort((a, b) => a - b);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function load(url, headers) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const upstream = start('./support/stand-in-upstream.mjs', []);
const { port: upstreamPort, token } = await upstream.ready;
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
const gateway = start('./support/gateway-server.mjs', [upstreamUrl], ['--conditions=source', '--import', 'tsx']);
let gatewayInfo;
try {
  gatewayInfo = await gateway.ready;
} catch (err) {
  upstream.child.disconnect();
  throw err;
}
const gatewayUrl = `http://127.0.0.1:${gatewayInfo.port}`;

try {
  const signIn = await fetch(`${gatewayUrl}/bff/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ email: 'bench@demo.example', password: 'bench' }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in through the gateway answered ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('sid=')).split(';', 1)[0];

  const direct = { url: `${upstreamUrl}/api/bench/item`, headers: { authorization: `Bearer ${token}` } };
  const proxied = { url: `${gatewayUrl}/bff/api/bench/item`, headers: { cookie } };

  console.log(`gateway store: ${gatewayInfo.store}; ${SAMPLES} sequential requests, then ${SECONDS} s x ${CONNECTIONS} connections each\n`);

  const directLatency = await sequentialLatencies(direct.url, direct.headers, SAMPLES);
  const proxiedLatency = await sequentialLatencies(proxied.url, proxied.headers, SAMPLES);
  const directLoad = await load(direct.url, direct.headers);
  const proxiedLoad = await load(proxied.url, proxied.headers);

  const row = (name, latency, loaded) =>
    `${name.padEnd(16)} p50 ${percentile(latency, 50).toFixed(3).padStart(7)} ms   p99 ${percentile(latency, 99).toFixed(3).padStart(7)} ms` +
    `   | ${Math.round(loaded.rps).toString().padStart(7)} req/s   p50 ${loaded.p50} ms   p99 ${loaded.p99} ms`;
  console.log(`${''.padEnd(16)} sequential (one connection)               | under load (autocannon)`);
  console.log(row('API directly', directLatency, directLoad));
  console.log(row('through gateway', proxiedLatency, proxiedLoad));

  const addedMedian = percentile(proxiedLatency, 50) - percentile(directLatency, 50);
  const addedP99 = percentile(proxiedLatency, 99) - percentile(directLatency, 99);
  const throughputRatio = proxiedLoad.rps / directLoad.rps;
  const latencyOk = addedMedian < TARGET_ADDED_MEDIAN_MS;
  const throughputOk = throughputRatio >= TARGET_THROUGHPUT_RATIO;
  console.log('');
  console.log(`added latency    median ${addedMedian.toFixed(3)} ms (target < ${TARGET_ADDED_MEDIAN_MS} ms) ${latencyOk ? 'PASS' : 'MISS'}; p99 ${addedP99.toFixed(3)} ms`);
  console.log(`latency ratio    median ${(percentile(proxiedLatency, 50) / percentile(directLatency, 50)).toFixed(2)}x`);
  console.log(`throughput ratio ${throughputRatio.toFixed(2)} (target >= ${TARGET_THROUGHPUT_RATIO}) ${throughputOk ? 'PASS' : 'MISS'}`);

  await fetch(`${gatewayUrl}/bff/auth/sign-out`, { method: 'POST', headers: { cookie, 'x-csrf': '1' } });
  if (process.env.BENCH_STRICT === '1' && !(latencyOk && throughputOk)) process.exitCode = 1;
} finally {
  gateway.child.disconnect();
  upstream.child.disconnect();
}
