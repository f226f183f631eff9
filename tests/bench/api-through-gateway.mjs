// The gateway budget on the real API: the manager's project list (`GET /api/project/all`: token
// check, user and company re-read, one query) straight at the API with a bearer token, against the
// same call through the gateway's /bff/api with a session cookie. Same targets as proxy.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONNECTIONS, SAMPLES, SECONDS, TARGET_ADDED_MEDIAN_MS, TARGET_THROUGHPUT_RATIO, load, percentile, sequentialLatencies, start } from './support/measure.mjs';

const CREDENTIALS = { email: 'manager@demo.example', password: 'Demo-pass-2026' };
const TSX = ['--conditions=source', '--import', 'tsx'];
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
const children = [];
try {
  const api = start('./support/api-server.mjs', [dataDir], TSX);
  children.push(api.child);
  const apiUrl = `http://127.0.0.1:${(await api.ready).port}`;
  const gateway = start('./support/gateway-server.mjs', [apiUrl], TSX);
  children.push(gateway.child);
  const gatewayInfo = await gateway.ready;
  const gatewayUrl = `http://127.0.0.1:${gatewayInfo.port}`;

  const direct = await fetch(`${apiUrl}/api/auth/sign/in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  }).then((res) => res.json());
  const signIn = await fetch(`${gatewayUrl}/bff/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify(CREDENTIALS),
  });
  if (signIn.status !== 200) throw new Error(`sign-in through the gateway answered ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('sid=')).split(';', 1)[0];

  const targets = [
    { name: 'API directly', url: `${apiUrl}/api/project/all`, headers: { authorization: direct.Authorization } },
    { name: 'through gateway', url: `${gatewayUrl}/bff/api/project/all`, headers: { cookie } },
  ];
  console.log(`real API on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, gateway store: ${gatewayInfo.store}; ${SAMPLES} sequential requests, then ${SECONDS} s x ${CONNECTIONS} connections\n`);
  for (const target of targets) target.latency = await sequentialLatencies(target.url, target.headers, SAMPLES);
  for (const target of targets) target.load = await load(target.url, target.headers);
  for (const { name, latency, load: loaded } of targets) {
    console.log(
      `${name.padEnd(16)} p50 ${percentile(latency, 50).toFixed(3).padStart(6)} ms  p99 ${percentile(latency, 99).toFixed(3).padStart(6)} ms` +
        `  | ${Math.round(loaded.rps).toString().padStart(6)} req/s  p50 ${loaded.p50} ms  p99 ${loaded.p99} ms`,
    );
  }
  const [straight, proxied] = targets;
  const addedMedian = percentile(proxied.latency, 50) - percentile(straight.latency, 50);
  const ratio = proxied.load.rps / straight.load.rps;
  const latencyOk = addedMedian < TARGET_ADDED_MEDIAN_MS;
  const throughputOk = ratio >= TARGET_THROUGHPUT_RATIO;
  console.log(`\nadded latency    median ${addedMedian.toFixed(3)} ms (target < ${TARGET_ADDED_MEDIAN_MS} ms) ${latencyOk ? 'PASS' : 'MISS'}`);
  console.log(`throughput ratio ${ratio.toFixed(2)} of the API directly (target >= ${TARGET_THROUGHPUT_RATIO}) ${throughputOk ? 'PASS' : 'MISS'}`);
  if (process.env.BENCH_STRICT === '1' && !(latencyOk && throughputOk)) process.exitCode = 1;
} finally {
  for (const child of children) if (child.connected) child.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
}
