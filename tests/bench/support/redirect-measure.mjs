// Measuring helpers for answers that are redirects (measure.mjs expects 200s): sequential latency
// on one kept-alive connection, and load with autocannon, both checking the status.
import http from 'node:http';
import autocannon from 'autocannon';
import { CONNECTIONS, SECONDS } from './measure.mjs';

/** Latency of `count` sequential GETs on one kept-alive connection, in ms, sorted. */
export async function sequentialLatencies(url, headers, count, status = 307) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== status) reject(new Error(`${url} answered ${res.statusCode}, not ${status}`));
          res.resume();
          res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        })
        .on('error', reject);
    });
  for (let i = 0; i < 500; i += 1) await once(); // warm-up: JIT, caches
  const samples = [];
  for (let i = 0; i < count; i += 1) samples.push(await once());
  agent.destroy();
  return samples.sort((a, b) => a - b);
}

/** Requests per second and latency under load for `seconds`; every answer must be a 3xx. */
export async function loadRedirects(url, headers, seconds = SECONDS) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  if (result.errors || result['2xx'] || result['4xx'] || result['5xx'] || !result['3xx']) {
    throw new Error(`${url}: ${result['2xx']} 2xx, ${result['4xx']} 4xx, ${result['5xx']} 5xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}
