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
// This stand-in answers in microseconds, so the ratio here is the worst case: pure proxy cost.
// api-through-gateway.mjs measures the same targets on the real API.
import { CONNECTIONS, SAMPLES, SECONDS, TARGET_ADDED_MEDIAN_MS, TARGET_THROUGHPUT_RATIO, load, interleavedLatencies, percentile, start } from './support/measure.mjs';

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
    `gateway store: ${gatewayInfo.store}; per target ${SAMPLES} sequential requests (the targets taking turns), then ${SECONDS} s x ${CONNECTIONS} connections (autocannon)\n`,
  );
  const latencies = await interleavedLatencies(targets, SAMPLES);
  targets.forEach((target, index) => (target.latency = latencies[index]));
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
