// The gateway budget on the real API: the manager's project list (`GET /api/project/all`: token
// check, user and company re-read, one query) straight at the API with a bearer token, against the
// same call through the gateway's /bff/api with a session cookie, and through a bare
// @fastify/http-proxy (what any proxy hop costs on this machine). Same targets as proxy.mjs.
// The gateway keeps its sessions in the process; with BENCH_REDIS_URL a second gateway keeps them
// in Redis, as the replicas of a deployment do (a session read and a rate-limit count per call),
// and both are measured in the same run.
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
  const stores = [''];
  if (process.env.BENCH_REDIS_URL) stores.push(process.env.BENCH_REDIS_URL);
  const gateways = [];
  for (const store of stores) {
    const gateway = start('./support/gateway-server.mjs', [apiUrl, store], TSX);
    children.push(gateway.child);
    const info = await gateway.ready;
    gateways.push({ url: `http://127.0.0.1:${info.port}`, store: info.store });
  }

  const direct = await fetch(`${apiUrl}/api/auth/sign/in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  }).then((res) => res.json());
  for (const gateway of gateways) {
    const signIn = await fetch(`${gateway.url}/bff/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify(CREDENTIALS),
    });
    if (signIn.status !== 200) throw new Error(`sign-in through the gateway answered ${signIn.status}`);
    gateway.cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('sid=')).split(';', 1)[0];
  }
  const bare = start('./support/bare-proxy.mjs', [apiUrl, direct.Authorization.replace(/^Bearer /, '')]);
  children.push(bare.child);
  const bareUrl = `http://127.0.0.1:${(await bare.ready).port}`;

  const targets = [
    { name: 'API directly', url: `${apiUrl}/api/project/all`, headers: { authorization: direct.Authorization } },
    { name: 'bare proxy', url: `${bareUrl}/bff/api/project/all`, headers: {} },
    ...gateways.map(({ url, store, cookie }) => ({ name: `gateway, ${store}`, url: `${url}/bff/api/project/all`, headers: { cookie } })),
  ];
  console.log(`real API on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${SAMPLES} sequential requests per target, taking turns, then ${SECONDS} s x ${CONNECTIONS} connections\n`);
  const latencies = await interleavedLatencies(targets, SAMPLES);
  targets.forEach((target, index) => (target.latency = latencies[index]));
  for (const target of targets) target.load = await load(target.url, target.headers);
  for (const { name, latency, load: loaded } of targets) {
    console.log(
      `${name.padEnd(18)} p50 ${percentile(latency, 50).toFixed(3).padStart(6)} ms  p99 ${percentile(latency, 99).toFixed(3).padStart(6)} ms` +
        `  | ${Math.round(loaded.rps).toString().padStart(6)} req/s  p50 ${loaded.p50} ms  p99 ${loaded.p99} ms`,
    );
  }
  const [straight, bareProxy, ...proxied] = targets;
  const median = (target) => percentile(target.latency, 50);
  const bareAdded = median(bareProxy) - median(straight);
  console.log(`\nbare proxy adds ${bareAdded.toFixed(3)} ms median, throughput ${(bareProxy.load.rps / straight.load.rps).toFixed(2)} of the API directly`);
  let allOk = true;
  for (const target of proxied) {
    const addedMedian = median(target) - median(straight);
    const ratio = target.load.rps / straight.load.rps;
    const latencyOk = addedMedian < TARGET_ADDED_MEDIAN_MS;
    const throughputOk = ratio >= TARGET_THROUGHPUT_RATIO;
    allOk &&= latencyOk && throughputOk;
    console.log(
      `${target.name}: added median ${addedMedian.toFixed(3)} ms (target < ${TARGET_ADDED_MEDIAN_MS} ms) ${latencyOk ? 'PASS' : 'MISS'}, ` +
        `${(addedMedian - bareAdded).toFixed(3)} ms more than the bare proxy; ` +
        `throughput ${ratio.toFixed(2)} of the API directly (target >= ${TARGET_THROUGHPUT_RATIO}) ${throughputOk ? 'PASS' : 'MISS'}`,
    );
  }
  if (process.env.BENCH_STRICT === '1' && !allOk) process.exitCode = 1;
} finally {
  for (const child of children) if (child.connected) child.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
}
