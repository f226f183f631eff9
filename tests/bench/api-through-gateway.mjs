// The gateway budget on the real API: the manager's project list (`GET /api/project/all`: token
// check, user and company re-read, one query) straight at the API with a bearer token, against the
// same call through the gateway's /bff/api with a session cookie, and through a bare
// @fastify/http-proxy (what any proxy hop costs on this machine). Same targets as proxy.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONNECTIONS, SAMPLES, SECONDS, TARGET_ADDED_MEDIAN_MS, TARGET_THROUGHPUT_RATIO, load, interleavedLatencies, percentile, start } from './support/measure.mjs';

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
  const bare = start('./support/bare-proxy.mjs', [apiUrl, direct.Authorization.replace(/^Bearer /, '')]);
  children.push(bare.child);
  const bareUrl = `http://127.0.0.1:${(await bare.ready).port}`;

  const targets = [
    { name: 'API directly', url: `${apiUrl}/api/project/all`, headers: { authorization: direct.Authorization } },
    { name: 'bare proxy', url: `${bareUrl}/bff/api/project/all`, headers: {} },
    { name: 'through gateway', url: `${gatewayUrl}/bff/api/project/all`, headers: { cookie } },
  ];
  console.log(`real API on ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}, gateway store: ${gatewayInfo.store}; ${SAMPLES} sequential requests per target, taking turns, then ${SECONDS} s x ${CONNECTIONS} connections\n`);
  const latencies = await interleavedLatencies(targets, SAMPLES);
  targets.forEach((target, index) => (target.latency = latencies[index]));
  for (const target of targets) target.load = await load(target.url, target.headers);
  for (const { name, latency, load: loaded } of targets) {
    console.log(
      `${name.padEnd(16)} p50 ${percentile(latency, 50).toFixed(3).padStart(6)} ms  p99 ${percentile(latency, 99).toFixed(3).padStart(6)} ms` +
        `  | ${Math.round(loaded.rps).toString().padStart(6)} req/s  p50 ${loaded.p50} ms  p99 ${loaded.p99} ms`,
    );
  }
  const [straight, bareProxy, proxied] = targets;
  const median = (target) => percentile(target.latency, 50);
  const addedMedian = median(proxied) - median(straight);
  const ratio = proxied.load.rps / straight.load.rps;
  const latencyOk = addedMedian < TARGET_ADDED_MEDIAN_MS;
  const throughputOk = ratio >= TARGET_THROUGHPUT_RATIO;
  console.log(
    `\nadded latency    median ${addedMedian.toFixed(3)} ms (target < ${TARGET_ADDED_MEDIAN_MS} ms) ${latencyOk ? 'PASS' : 'MISS'}; ` +
      `bare proxy adds ${(median(bareProxy) - median(straight)).toFixed(3)} ms, the gateway ${(median(proxied) - median(bareProxy)).toFixed(3)} ms more`,
  );
  console.log(`throughput ratio ${ratio.toFixed(2)} of the API directly (target >= ${TARGET_THROUGHPUT_RATIO}) ${throughputOk ? 'PASS' : 'MISS'}`);
  if (process.env.BENCH_STRICT === '1' && !(latencyOk && throughputOk)) process.exitCode = 1;
} finally {
  for (const child of children) if (child.connected) child.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
}
