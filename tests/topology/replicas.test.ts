import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtin14 } from '@product-console/shared';
import { createDatabase, freePort, ProcessGroup, waitForHttp } from '../support/processes.js';
import { writeNginxConfig } from '../support/nginx.js';

const PASSWORD = 'Demo-pass-2026';
const ACCESS_TOKEN_TTL_SECONDS = 3;

const databaseServer = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const group = new ProcessGroup();
let prefix: string;
let dropDatabase: (() => Promise<void>) | undefined;
let lbURL: string;
const replicas: { url: string; process: ChildProcess }[] = [];

beforeAll(async () => {
  if (!databaseServer || !redisUrl) {
    throw new Error('the topology suite runs on real servers: set DATABASE_URL and REDIS_URL');
  }
  prefix = mkdtempSync(path.join(tmpdir(), 'console-topology-'));
  const database = await createDatabase(databaseServer, 'topology');
  dropDatabase = database.drop;

  const apiPort = await freePort();
  const internalToken = randomBytes(32).toString('hex');
  const api = group.node('services/api/dist/server.js', {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    DATABASE_URL: database.url,
    DATA_DIR: path.join(prefix, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    CREDENTIAL_KEY_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_TOKEN: internalToken,
    SEED_DEMO: 'true',
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
  });
  await waitForHttp(`http://127.0.0.1:${apiPort}/api/healthz`, 120_000, api);

  const gatewayPorts = [await freePort(), await freePort()];
  for (const port of gatewayPorts) {
    const gateway = group.node('services/gateway/dist/server.js', {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      UPSTREAM_URL: `http://127.0.0.1:${apiPort}`,
      INTERNAL_TOKEN: internalToken,
      REDIS_URL: redisUrl,
      SIGN_IN_RATE_LIMIT: '1000',
      TRUST_PROXY: '127.0.0.1',
      COOKIE_SECURE: 'false',
      SHUTDOWN_DELAY_MS: '500',
    });
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000, gateway);
    replicas.push({ url: `http://127.0.0.1:${port}`, process: gateway });
  }

  const lbPort = await freePort();
  const config = writeNginxConfig(prefix, lbPort, gatewayPorts);
  const nginx = group.spawn('nginx', ['-p', prefix, '-c', config]);
  lbURL = `http://127.0.0.1:${lbPort}`;
  await waitForHttp(`${lbURL}/healthz`, 30_000, nginx);
});

afterAll(async () => {
  await group.stopAll();
  await dropDatabase?.();
  if (prefix) rmSync(prefix, { recursive: true, force: true });
});

/** A browser-like client of the load balancer: it keeps the session cookie. */
class Client {
  cookie = '';
  constructor(private readonly base: () => string) {}

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.base()}${url}`, {
      method,
      headers: {
        cookie: this.cookie,
        'x-csrf': '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (setCookie) this.cookie = setCookie.split(';', 1)[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async signIn(email: string) {
    const res = await this.call('POST', '/bff/auth/sign-in', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    return res;
  }
}

/** Sum of every sample of one metric on one replica, optionally only those whose labels contain `match`. */
async function metric(replicaUrl: string, name: string, match = ''): Promise<number> {
  const text = await (await fetch(`${replicaUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(match))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

async function metricOnAll(name: string, match = ''): Promise<number> {
  const live = replicas.filter((r) => r.process.exitCode === null && r.process.signalCode === null);
  const values = await Promise.all(live.map((r) => metric(r.url, name, match)));
  return values.reduce((a, b) => a + b, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two gateway replicas behind nginx, on Redis and PostgreSQL', () => {
  it('serves one session from both replicas', async () => {
    const client = new Client(() => lbURL);
    await client.signIn('manager@demo.example');
    const before = await Promise.all(replicas.map((r) => metric(r.url, 'bff_http_requests_total', 'auth/me')));
    for (let i = 0; i < 10; i++) {
      const me = await client.call('GET', '/bff/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe('manager@demo.example');
    }
    const after = await Promise.all(replicas.map((r) => metric(r.url, 'bff_http_requests_total', 'auth/me')));
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);
  });

  it('refreshes an expired session exactly once for 50 concurrent requests', async () => {
    const client = new Client(() => lbURL);
    await client.signIn('manager@demo.example');
    await sleep((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const refreshesBefore = await metricOnAll('bff_token_refresh_total');

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.call('GET', '/bff/api/overview/total-count')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.every((a) => a.body.result.projects === 3)).toBe(true);

    expect((await metricOnAll('bff_token_refresh_total')) - refreshesBefore).toBe(1);
  });

  it('uses a company switch made through one replica on the other', async () => {
    const client = new Client(() => lbURL);
    await client.signIn('super@demo.example');
    const customers = await client.call('GET', '/bff/api/service/super/customer/list');
    const nordic = customers.body.result.find((c: { serviceName: string }) => c.serviceName === 'nordic');

    const direct = new Client(() => replicas[0]!.url);
    direct.cookie = client.cookie;
    const switched = await direct.call('POST', '/bff/auth/switch', { customerId: nordic.customerId });
    expect(switched.status).toBe(200);

    const other = new Client(() => replicas[1]!.url);
    other.cookie = client.cookie;
    const counts = await other.call('GET', '/bff/api/overview/total-count');
    expect(counts.status).toBe(200);
    expect(counts.body.result.projects).toBe(2);
    const me = await other.call('GET', '/bff/auth/me');
    expect(me.body).toMatchObject({ switchedCustomerId: nordic.customerId, user: { serviceName: 'nordic' } });
  });

  it('makes the next plan check on one replica fresh after a product is created through the other', async () => {
    const client = new Client(() => lbURL);
    await client.signIn('manager@nordic.example');
    const [first, second] = replicas.map((replica) => {
      const direct = new Client(() => replica.url);
      direct.cookie = client.cookie;
      return direct;
    });

    expect((await second!.call('GET', '/bff/plan/check/product')).body).toEqual({ isLimit: false });
    const missesBefore = await metric(replicas[1]!.url, 'bff_plan_cache_misses_total');
    const hitsBefore = await metric(replicas[1]!.url, 'bff_plan_cache_hits_total');
    await second!.call('GET', '/bff/plan/check/product');
    expect(await metric(replicas[1]!.url, 'bff_plan_cache_hits_total')).toBe(hitsBefore + 1);

    const projects = await first!.call('GET', '/bff/api/project/all');
    const form = new FormData();
    const product = {
      project_id: projects.body.result[0].project_id,
      product_name: 'Topology Rye Crispbread',
      gtin: gtin14(0, '7350053', 90_000 + Math.floor(Math.random() * 9_000)),
    };
    form.set('product', JSON.stringify([product]));
    const created = await fetch(`${replicas[0]!.url}/bff/api/product/?service=DL`, {
      method: 'POST',
      headers: { cookie: client.cookie, 'x-csrf': '1' },
      body: form,
    });
    expect(created.status).toBe(201);

    await second!.call('GET', '/bff/plan/check/product');
    expect(await metric(replicas[1]!.url, 'bff_plan_cache_misses_total')).toBe(missesBefore + 1);
  });

  it('shows a link added through one replica in the next scan on the other, though both had the product cached', async () => {
    const client = new Client(() => lbURL);
    await client.signIn('manager@nordic.example');
    const products = await client.call('GET', '/bff/api/product/all?page=1&size=20');
    const product = products.body.result.find((row: { gtin: string | null }) => row.gtin);
    const entryPath = `/01/${product.gtin}`;
    const scan = (replica: { url: string }, query = '') => fetch(`${replica.url}${entryPath}${query}`, { redirect: 'manual' });

    // Both replicas resolve the product and keep it in memory; neither has a traceability link yet.
    for (const replica of replicas) {
      expect((await scan(replica)).status).toBe(307);
      expect((await scan(replica, '?linkType=gs1:traceability')).status).toBe(404);
    }

    const added = await fetch(`${replicas[0]!.url}/bff/api/entry/links/`, {
      method: 'POST',
      headers: { cookie: client.cookie, 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        productId: product.productId,
        entryId: product.entry_id,
        entryPath,
        linkType: 'gs1:traceability',
        targetUrl: 'https://trace.nordic.example/crispbread',
      }),
    });
    expect(added.status).toBe(201);

    const answer = await scan(replicas[1]!, '?linkType=gs1:traceability');
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe('https://trace.nordic.example/crispbread');
  });

  it('compresses once, in the gateway: nginx passes the Accept-Encoding on and the encoding and Vary back', async () => {
    const client = new Client(() => lbURL);
    await client.signIn('manager@nordic.example');
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { cookie: client.cookie };
        if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
        http
          .get(`${lbURL}/bff/api/product/all?page=1&size=20`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const identity = await raw();
    const br = await raw('br, gzip');
    const gzip = await raw('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [identity, br, gzip]) expect(answer.headers.vary).toMatch(/accept-encoding/i);
    const products = JSON.parse(identity.body.toString('utf8')).result;
    expect(products.length).toBeGreaterThan(0);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8')).result).toEqual(products);
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8')).result).toEqual(products);
  });

  it('keeps answering through the other replica when one stops', async () => {
    const client = new Client(() => lbURL);
    await client.signIn('manager@nordic.example');
    await group.stop(replicas[1]!.process);
    for (let i = 0; i < 10; i++) {
      const res = await client.call('GET', '/bff/api/project/all');
      expect(res.status).toBe(200);
      expect(res.body.result).toHaveLength(2);
    }
  });
});
