// Where a proxy hop's time goes on this machine: every process stamps its side of a request on the
// monotonic clock they share, so each leg between two processes is timed by itself. Sequential
// requests, straight at a stand-in API and through a bare @fastify/http-proxy taking turns, with
// the API answering at once and after 2 ms of work (while it works, the others sit idle, and a
// process woken from idle is what a leg costs). The added latency of proxy.mjs and
// api-through-gateway.mjs is the two extra legs plus the proxy's own work.
// Settings: BENCH_SAMPLES (3000).
import http from 'node:http';
import { SAMPLES, WARM_UP_REQUESTS, start, timedGet } from './support/measure.mjs';

const stamp = (headers, name) => BigInt(headers[name]);
const ms = (from, to) => Number(to - from) / 1e6;
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];

for (const workMs of [0, 2]) {
  const upstream = start('./support/stamped-upstream.mjs', [String(workMs)]);
  const upstreamUrl = `http://127.0.0.1:${(await upstream.ready).port}`;
  const proxy = start('./support/stamped-proxy.mjs', [upstreamUrl]);
  const proxyUrl = `http://127.0.0.1:${(await proxy.ready).port}`;
  const agents = [new http.Agent({ keepAlive: true, maxSockets: 1 }), new http.Agent({ keepAlive: true, maxSockets: 1 })];
  const direct = { 'client→API': [], 'API work': [], 'API→client': [], total: [] };
  const proxied = { 'client→proxy': [], 'proxy→API': [], 'API work': [], 'API→proxy': [], 'proxy→client': [], total: [] };
  try {
    for (let i = 0; i < WARM_UP_REQUESTS + SAMPLES; i += 1) {
      const d = await timedGet(`${upstreamUrl}/api/item`, { agent: agents[0] });
      const p = await timedGet(`${proxyUrl}/bff/api/item`, { agent: agents[1] });
      if (i < WARM_UP_REQUESTS) continue;
      const [dIn, dOut] = [stamp(d.headers, 'x-received-at'), stamp(d.headers, 'x-answered-at')];
      direct['client→API'].push(ms(d.sent, dIn));
      direct['API work'].push(ms(dIn, dOut));
      direct['API→client'].push(ms(dOut, d.done));
      direct.total.push(ms(d.sent, d.done));
      const [pIn, pOut] = [stamp(p.headers, 'x-proxy-received-at'), stamp(p.headers, 'x-proxy-answered-at')];
      const [aIn, aOut] = [stamp(p.headers, 'x-received-at'), stamp(p.headers, 'x-answered-at')];
      proxied['client→proxy'].push(ms(p.sent, pIn));
      proxied['proxy→API'].push(ms(pIn, aIn));
      proxied['API work'].push(ms(aIn, aOut));
      proxied['API→proxy'].push(ms(aOut, pOut));
      proxied['proxy→client'].push(ms(pOut, p.done));
      proxied.total.push(ms(p.sent, p.done));
    }
  } finally {
    for (const agent of agents) agent.destroy();
    upstream.child.disconnect();
    proxy.child.disconnect();
  }
  const line = (legs) => Object.entries(legs).map(([leg, values]) => `${leg} ${median(values).toFixed(3)}`).join('  ');
  console.log(`upstream working ${workMs} ms, medians of ${SAMPLES} sequential requests (ms):`);
  console.log(`  direct    ${line(direct)}`);
  console.log(`  proxied   ${line(proxied)}`);
  console.log(`  the hop adds ${(median(proxied.total) - median(direct.total)).toFixed(3)} ms\n`);
}
