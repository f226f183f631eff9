// Resolver budget (docs: ARCHITECTURE.md "Budgets"): a cached GS1 Digital Link redirect through
// the gateway against a bare Fastify route answering a fixed 307, on loopback, in one run.
//
//   throughput ratio >= 0.7 of the bare route   (autocannon, several connections, BENCH_SECONDS)
//   p50/p99 latency reported                    (sequential requests on one kept-alive connection each, the targets taking turns)
//   the same ratio for a product with redirect rules (decision 077): nine rules, a country lookup,
//   the last one taking the scan
//
// The stand-in API (internal resolver routes), the gateway and the bare route each run in their
// own process; the load generator runs in this one. Requests look like a phone's scan (User-Agent,
// Accept, Accept-Language), so the gateway does all it does for a real scan: parse, cache lookup,
// language choice, metrics, scan record (sent to the stand-in in batches).
// Settings: BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_SAMPLES (3000), BENCH_ROUNDS (5), BENCH_REDIS_URL
// (gateway store; in-process when unset), BENCH_STRICT=1 to exit 1 when the target is missed.
import { CONNECTIONS, SAMPLES, SECONDS, WARM_UP_REQUESTS, interleavedLatencies, load, percentile, start } from './support/measure.mjs';

const TARGET_RATIO = 0.7;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const INTERNAL_TOKEN = 'bench-internal-token-of-at-least-32-chars';
const GTIN = '09506000134352';
const RULES_GTIN = '09506000134369';
const SCAN_HEADERS = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9',
};

const upstream = start('./support/resolver-upstream.mjs', [INTERNAL_TOKEN]);
const children = [upstream.child];
try {
  const upstreamUrl = `http://127.0.0.1:${(await upstream.ready).port}`;
  const gateway = start('./support/gateway-server.mjs', [upstreamUrl], ['--conditions=source', '--import', 'tsx']);
  const bare = start('./support/bare-redirect.mjs', []);
  children.push(gateway.child, bare.child);
  const gatewayInfo = await gateway.ready;
  const gatewayUrl = `http://127.0.0.1:${gatewayInfo.port}`;
  const bareUrl = `http://127.0.0.1:${(await bare.ready).port}`;

  const first = await fetch(`${gatewayUrl}/01/${GTIN}`, { redirect: 'manual', headers: SCAN_HEADERS });
  if (first.status !== 307) throw new Error(`the gateway answered a scan with ${first.status}`);
  const ruled = await fetch(`${gatewayUrl}/01/${RULES_GTIN}`, { redirect: 'manual', headers: SCAN_HEADERS });
  if (ruled.headers.get('location') !== 'https://brand.example/spring') throw new Error(`the rules sent a scan to ${ruled.headers.get('location')}`);

  const targets = [
    { name: 'bare 307 route', url: `${bareUrl}/01/${GTIN}` },
    { name: 'resolver cached', url: `${gatewayUrl}/01/${GTIN}` },
    { name: 'with 9 rules', url: `${gatewayUrl}/01/${RULES_GTIN}` },
  ];
  console.log(
    `gateway store: ${gatewayInfo.store}; per target ${SAMPLES} sequential requests and ${SECONDS} s x ${CONNECTIONS} connections (autocannon), in ${ROUNDS} interleaved rounds\n`,
  );
  // Interleaved rounds, so that a change in the machine's load during the run (other processes)
  // weighs on both targets alike; the ratio is of the requests served over all rounds.
  for (const target of targets) Object.assign(target, { latency: [], rounds: [] });
  for (let round = 0; round < ROUNDS; round += 1) {
    const latencies = await interleavedLatencies(
      targets.map((target) => ({ url: target.url, headers: SCAN_HEADERS, status: 307 })),
      Math.ceil(SAMPLES / ROUNDS),
    );
    targets.forEach((target, index) => target.latency.push(...latencies[index]));
    for (const target of targets) target.rounds.push(await load(target.url, SCAN_HEADERS, { seconds: SECONDS / ROUNDS, expect: '3xx' }));
  }
  for (const target of targets) {
    target.latency.sort((a, b) => a - b);
    const middle = [...target.rounds].sort((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)];
    const total = target.rounds.reduce((sum, round) => sum + round.total, 0);
    target.load = { rps: total / SECONDS, p50: middle.p50, p99: middle.p99, total };
    // rps: over all rounds; p50/p99 under load: of the median round.
  }

  console.log(`${''.padEnd(16)} sequential, one connection           | under load`);
  for (const { name, latency, load } of targets) {
    console.log(
      `${name.padEnd(16)} p50 ${percentile(latency, 50).toFixed(3).padStart(6)} ms  p99 ${percentile(latency, 99).toFixed(3).padStart(6)} ms` +
        `  | ${Math.round(load.rps).toString().padStart(6)} req/s  p50 ${load.p50} ms  p99 ${load.p99} ms`,
    );
  }

  const [reference, resolver, withRules] = targets;
  // Each round's ratio is of loads taken back to back; the median round speaks for the run.
  const medianRatio = (target, against = reference) => {
    const ratios = target.rounds.map((round, index) => round.rps / against.rounds[index].rps).sort((a, b) => a - b);
    return { ratio: ratios[Math.floor(ratios.length / 2)], ratios };
  };
  const { ratio, ratios } = medianRatio(resolver);
  const rules = medianRatio(withRules);
  // The rules' own cost, free of the bare route's share of the machine: against the plain product's rounds.
  const rulesCost = medianRatio(withRules, resolver);
  const ok = ratio >= TARGET_RATIO && rules.ratio >= TARGET_RATIO;
  upstream.child.send('counts');
  const counts = await new Promise((resolve) => upstream.child.once('message', resolve));
  console.log('');
  console.log(`throughput ratio ${ratio.toFixed(2)} of the bare route (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'}; rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
  console.log(
    `with rules       ratio ${rules.ratio.toFixed(2)} of the bare route (target >= ${TARGET_RATIO}) ${rules.ratio >= TARGET_RATIO ? 'PASS' : 'MISS'}; rounds ${rules.ratios.map((r) => r.toFixed(2)).join(' ')}`,
  );
  console.log(`                 with rules ${rulesCost.ratio.toFixed(2)} of the plain product's throughput; rounds ${rulesCost.ratios.map((r) => r.toFixed(2)).join(' ')}`);
  console.log(
    `                 added median latency ${(percentile(resolver.latency, 50) - percentile(reference.latency, 50)).toFixed(3)} ms; ` +
      `API lookups ${counts.lookups} for about ${targets.slice(1).reduce((sum, target) => sum + target.latency.length + target.load.total + WARM_UP_REQUESTS * ROUNDS, 0)} scans; scans recorded ${counts.scans} so far`,
  );
  if (process.env.BENCH_STRICT === '1' && !ok) process.exitCode = 1;
} finally {
  // The stand-in last: the gateway sends its last scans to it as it closes.
  const [standIn, ...others] = children;
  await Promise.all(others.map((child) => (child.connected ? new Promise((resolve) => child.once('exit', resolve).disconnect()) : null)));
  if (standIn.connected) standIn.disconnect();
}
