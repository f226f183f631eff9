import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
const apis: { port: number; url: string; process: ChildProcess }[] = [];
let apiEnv: NodeJS.ProcessEnv;
let internalToken: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let webhookUrl: string;
let webhook: Awaited<ReturnType<typeof startWebhook>>;
const webhookBodies: string[] = [];

/** An SMTP server of the suite: every message both APIs send, by recipient. */
async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.push(to.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A webhook receiver of the suite: the body of every delivery. */
async function startWebhook() {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      webhookBodies.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  if (!databaseServer || !redisUrl) {
    throw new Error('the topology suite runs on real servers: set DATABASE_URL and REDIS_URL');
  }
  prefix = mkdtempSync(path.join(tmpdir(), 'console-topology-'));
  const database = await createDatabase(databaseServer, 'topology');
  dropDatabase = database.drop;

  smtp = await startSmtp();
  webhook = await startWebhook();
  webhookUrl = webhook.url;
  internalToken = randomBytes(32).toString('hex');
  // Two API replicas on one database, started together: one migrates and seeds, the other waits for it.
  apiEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(prefix, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    CREDENTIAL_KEY_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_TOKEN: internalToken,
    SEED_DEMO: 'true',
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    SMTP_URL: smtp.url,
    EPCIS_WEBHOOK_ALLOW_PRIVATE: 'true',
    EPCIS_SUBSCRIPTION_INTERVAL_MS: '200',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  };
  const apiPorts = [await freePort(), await freePort()];
  for (const port of apiPorts) apis.push({ port, url: `http://127.0.0.1:${port}`, process: group.node('services/api/dist/server.js', { ...apiEnv, PORT: String(port) }) });
  await Promise.all(apis.map((api) => waitForHttp(`${api.url}/api/healthz`, 120_000, api.process)));

  const gatewayPorts = [await freePort(), await freePort()];
  for (const [index, port] of gatewayPorts.entries()) {
    const gateway = group.node('services/gateway/dist/server.js', {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Each gateway has an API replica of its own.
      UPSTREAM_URL: apis[index]!.url,
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
  await smtp?.close();
  await webhook?.close();
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
});

/** Rows of the suite's database, read directly. */
async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: String(apiEnv.DATABASE_URL) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const objectEvent = (n: number, bizStep = 'shipping') => ({
  type: 'ObjectEvent',
  eventTime: '2026-03-01T10:00:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  epcList: [`urn:epc:id:sgtin:0614141.107346.T${n}`],
  action: 'OBSERVE',
  bizStep,
  readPoint: { id: 'urn:epc:id:sgln:0614141.00777.0' },
});
const epcisDocument = (events: object[]) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-03-01T10:00:00.000+01:00',
  epcisBody: { eventList: events },
});

describe('two API replicas on one PostgreSQL, on the job queue', () => {
  let apiKey: string;

  beforeAll(async () => {
    const client = new Client(() => lbURL);
    await client.signIn('manager@demo.example');
    const created = await client.call('POST', '/bff/api/auth/api-keys', { name: 'Topology scanner' });
    expect(created.status).toBe(201);
    apiKey = created.body.result.key;
  });

  /** An EPCIS call to one API replica, as its gateway would make it. */
  const epcis = (api: number, method: string, url: string, body?: unknown) =>
    fetch(`${apis[api]!.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'x-internal-token': internalToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('sends a mail exactly once, whichever replica takes its job', async () => {
    const address = 'subadmin@demo.example';
    const before = smtp.received.filter((to) => to === address).length;
    const client = new Client(() => lbURL);
    expect((await client.call('POST', '/bff/public/auth/password/forgot', { email: address })).status).toBe(200);
    await until('the reset mail', async () => smtp.received.filter((to) => to === address).length > before, 20_000);
    // Both replicas poll the queue every half second: long enough for a second send, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received.filter((to) => to === address).length - before).toBe(1);
  });

  it('delivers each new event of a subscription once, whichever replica captured it and whichever delivers', async () => {
    expect((await epcis(0, 'POST', '/epcis/queries', { name: 'topology-dock', query: { EQ_readPoint: 'urn:epc:id:sgln:0614141.00777.0' } })).status).toBe(201);
    const subscribed = await epcis(1, 'POST', '/epcis/queries/topology-dock/subscriptions', { dest: webhookUrl, stream: true });
    expect(subscribed.status, await subscribed.clone().text()).toBe(201);
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await epcis(n % 2, 'POST', '/epcis/events', objectEvent(1_000 + n));
      expect(response.status).toBe(201);
      ids.push(decodeURIComponent(String(response.headers.get('location')).replace('/epcis/events/', '')));
    }
    const delivered = () =>
      webhookBodies.flatMap((body) => (JSON.parse(body).epcisBody.queryResults.resultsBody.eventList as { eventID: string }[]).map((event) => event.eventID));
    await until('six deliveries', async () => delivered().length >= 6, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(delivered().sort()).toEqual([...ids].sort());
  });

  it('streams an event captured on one API replica to a WebSocket held by the other, and through nginx and a gateway', async () => {
    expect((await epcis(0, 'POST', '/epcis/queries', { name: 'topology-stream', query: { EQ_readPoint: 'urn:epc:id:sgln:0614141.00888.0' } })).status).toBe(201);
    const open = (url: string) =>
      new Promise<{ socket: WebSocket; eventIds: string[] }>((resolve, reject) => {
        const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/epcis/queries/topology-stream/events?stream=true`, { headers: { authorization: `Bearer ${apiKey}` } });
        const eventIds: string[] = [];
        socket.on('message', (data) => eventIds.push(...(JSON.parse(data.toString()).epcisBody.queryResults.resultsBody.eventList as { eventID: string }[]).map((event) => event.eventID)));
        // The API's first ping says its stream is live (through nginx and a gateway the socket opens before it is).
        socket.once('ping', () => resolve({ socket, eventIds }));
        socket.once('error', reject);
      });
    const onReplica0 = await open(apis[0]!.url);
    const throughNginx = await open(lbURL);
    const event = { ...objectEvent(2_000), readPoint: { id: 'urn:epc:id:sgln:0614141.00888.0' } };
    const response = await epcis(1, 'POST', '/epcis/events', event);
    expect(response.status).toBe(201);
    const id = decodeURIComponent(String(response.headers.get('location')).replace('/epcis/events/', ''));
    await until('the streamed event on both sockets', async () => onReplica0.eventIds.length > 0 && throughNginx.eventIds.length > 0, 10_000);
    expect(onReplica0.eventIds).toEqual([id]);
    expect(throughNginx.eventIds).toEqual([id]);
    onReplica0.socket.close();
    throughNginx.socket.close();
  });

  it('finishes a capture accepted by a replica that is stopped while storing it, and the stopped replica comes back', async () => {
    const events = Array.from({ length: 8_000 }, (_, n) => objectEvent(10_000 + n, 'receiving'));
    const accepted = await epcis(0, 'POST', '/epcis/capture', epcisDocument(events));
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    const location = String(accepted.headers.get('location'));
    const captureId = location.split('/').pop();
    await until(
      'the capture job to start',
      async () => (await query<{ state: string }>(`select state from pgboss.job where name = 'epcis-capture' and data->>'captureId' = $1`, [captureId]))[0]?.state === 'active',
      30_000,
    );
    await group.stop(apis[0]!.process);
    const job = await until(
      'the capture to finish on the other replica',
      async () => {
        const answer = (await (await epcis(1, 'GET', location)).json()) as { running: boolean; success: boolean; storedCount: number };
        return answer.running ? null : answer;
      },
      90_000,
    );
    expect(job).toMatchObject({ success: true, storedCount: 8_000 });
    const [stored] = await query<{ n: number }>('select count(*)::int as n from epcis_events where capture_id = $1', [captureId]);
    expect(stored!.n).toBe(8_000);

    apis[0]!.process = group.node('services/api/dist/server.js', { ...apiEnv, PORT: String(apis[0]!.port) });
    await waitForHttp(`${apis[0]!.url}/api/healthz`, 120_000, apis[0]!.process);
  });

  it('runs a scheduled job once a minute for the deployment, not once per replica', async () => {
    // The webhook passes are scheduled every minute: each replica's clock asks, one send per minute is kept.
    const both = (where: string) => `(select singleton_on, singleton_key, state from pgboss.job where ${where} union all select singleton_on, singleton_key, state from pgboss.archive where ${where}) j`;
    const minutes = await until(
      'a scheduled minute',
      async () => {
        const rows = await query<{ minute: string; sent: number }>(
          `select singleton_on::text as minute, count(*)::int as sent from ${both(`name = '__pgboss__send-it' and singleton_key = 'epcis-deliveries'`)} group by 1 order by 1`,
        );
        const [ran] = await query<{ n: number }>(`select count(*)::int as n from ${both(`name = 'epcis-deliveries' and singleton_key is null`)} where state = 'completed'`);
        return rows.length > 0 && ran!.n > 0 ? { rows, ran: ran!.n } : null;
      },
      120_000,
    );
    for (const minute of minutes.rows) expect(minute.sent, minute.minute).toBe(1);
    expect(minutes.ran).toBeLessThanOrEqual(minutes.rows.length);
  }, 130_000);
});

describe('a gateway replica that stops', () => {
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
