// Gateway proxy budget (docs: ARCHITECTURE.md "Budgets"): an authenticated GET through
// /bff/api/* against the same GET straight at the API, on loopback, in one run.
//
//   added median latency < 1 ms        (sequential requests on one kept-alive connection)
//   throughput ratio     >= 0.6        (autocannon, several connections, BENCH_SECONDS each)
//
// The stand-in API, the gateway and a bare @fastify/http-proxy (the reference: what any Fastify
// proxy costs here) each run in their own process; the load generator runs in this one.
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
const children = [upstream.child];
try {
  const { port: upstreamPort, token } = await upstream.ready;
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const gateway = start('./support/gateway-server.mjs', [upstreamUrl], ['--conditions=source', '--import', 'tsx']);
  const bare = start('./support/bare-proxy.mjs', [upstreamUrl, token]);
  children.push(gateway.child, bare.child);
  const gatewayInfo = await gateway.ready;
  const gatewayUrl = `http://127.0.0.1:${gatewayInfo.port}`;
  const bareUrl = `http://127.0.0.1:${(await bare.ready).port}`;

  const signIn = await fetch(`${gatewayUrl}/bff/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ email: 'bench@demo.example', password: 'bench' }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in through the gateway answered ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('sid=')).split(';', 1)[0];

  const targets = [
    { name: 'API directly', url: `${upstreamUrl}/api/bench/item`, headers: { authorization: `Bearer ${token}` } },
    { name: 'bare http-proxy', url: `${bareUrl}/bff/api/bench/item`, headers: {} },
    { name: 'through gateway', url: `${gatewayUrl}/bff/api/bench/item`, headers: { cookie } },
  ];
  console.log(
    `gateway store: ${gatewayInfo.store}; per target ${SAMPLES} sequential requests, then ${SECONDS} s x ${CONNECTIONS} connections (autocannon)\n`,
  );
  for (const target of targets) target.latency = await sequentialLatencies(target.url, target.headers, SAMPLES);
  for (const target of targets) target.load = await load(target.url, target.headers);

  console.log(`${''.padEnd(16)} sequential, one connection           | under load`);
  for (const { name, latency, load: loaded } of targets) {
    console.log(
      `${name.padEnd(16)} p50 ${percentile(latency, 50).toFixed(3).padStart(6)} ms  p99 ${percentile(latency, 99).toFixed(3).padStart(6)} ms` +
        `  | ${Math.round(loaded.rps).toString().padStart(6)} req/s  p50 ${loaded.p50} ms  p99 ${loaded.p99} ms`,
    );
  }

  const [direct, bareProxy, proxied] = targets;
  const median = (target) => percentile(target.latency, 50);
  const addedMedian = median(proxied) - median(direct);
  const addedP99 = percentile(proxied.latency, 99) - percentile(direct.latency, 99);
  const throughputRatio = proxied.load.rps / direct.load.rps;
  const latencyOk = addedMedian < TARGET_ADDED_MEDIAN_MS;
  const throughputOk = throughputRatio >= TARGET_THROUGHPUT_RATIO;
  console.log('');
  console.log(
    `added latency    median ${addedMedian.toFixed(3)} ms (target < ${TARGET_ADDED_MEDIAN_MS} ms) ${latencyOk ? 'PASS' : 'MISS'}; p99 ${addedP99.toFixed(3)} ms; bare proxy adds ${(median(bareProxy) - median(direct)).toFixed(3)} ms`,
  );
  console.log(`throughput ratio ${throughputRatio.toFixed(2)} of the API directly (target >= ${TARGET_THROUGHPUT_RATIO}) ${throughputOk ? 'PASS' : 'MISS'}`);
  console.log(
    `                 ${(bareProxy.load.rps / direct.load.rps).toFixed(2)} for the bare proxy; the gateway does ${(proxied.load.rps / bareProxy.load.rps).toFixed(2)} of the bare proxy`,
  );

  await fetch(`${gatewayUrl}/bff/auth/sign-out`, { method: 'POST', headers: { cookie, 'x-csrf': '1' } });
  if (process.env.BENCH_STRICT === '1' && !(latencyOk && throughputOk)) process.exitCode = 1;
} finally {
  for (const child of children) if (child.connected) child.disconnect();
}
