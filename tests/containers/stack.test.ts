import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '../support/processes.js';
import { detectEngine, sleep, Stack } from './engine.js';

/*
 * docker-compose.yml as shipped: both images built from the Dockerfile, the stack started, and
 * every check made through the load balancer as a user would, then the stack scaled, its API
 * killed and its database taken away. Needs a container engine (`npm run test:containers`).
 */

const PASSWORD = 'Demo-pass-2026';
const MiB = 1024 * 1024;

let stack: Stack;
let workDir: string;
let lbURL: string;
/** Deliberately not http://localhost:3000: the API must be told the address, not assume it. */
let publicURL: string;

const started = Date.now();
const step = (message: string) => console.log(`[containers ${Math.round((Date.now() - started) / 1000)}s] ${message}`);

beforeAll(async () => {
  const engine = await detectEngine();
  workDir = mkdtempSync(path.join(tmpdir(), 'console-containers-'));
  let port = await freePort();
  while (port === 3000) port = await freePort();
  lbURL = `http://127.0.0.1:${port}`;
  publicURL = `http://localhost:${port}`;
  stack = new Stack({
    engine,
    repoRoot,
    workDir,
    project: `consolecheck${randomBytes(3).toString('hex')}`,
    env: {
      HTTP_PORT: String(port),
      PUBLIC_URL: publicURL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_TOKEN: randomBytes(32).toString('hex'),
      CREDENTIAL_KEY_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      COOKIE_SECURE: 'false',
      // podman-compose 1.0.3 leaves `${VAR:-}` as written unless the variable is set.
      TRANSLATION_PROVIDER: 'none',
      LIBRETRANSLATE_URL: 'http://libretranslate:5000',
      LIBRETRANSLATE_API_KEY: '',
      DEEPL_API_KEY: '',
      LANDING_CACHE_TTL_SECONDS: '60',
    },
  });
  step(`engine: ${engine.kind} (${engine.compose.join(' ')}), project ${stack.project}, load balancer ${lbURL}`);

  if (process.env.CONTAINER_TEST_REUSE_IMAGES !== '1') {
    const buildLog = path.join(workDir, 'build.log');
    for (const target of ['api', 'gateway']) {
      step(`building the ${target} image (log: ${buildLog})`);
      try {
        await stack.build(target, `product-console-${target}`, buildLog);
      } catch (error) {
        const tail = readFileSync(buildLog, 'utf8').split('\n').slice(-60).join('\n');
        throw new Error(`${(error as Error).message}\n${tail}`);
      }
    }
  }

  // In order, each healthy before the next: podman-compose does not honour depends_on conditions.
  step('starting postgres and redis');
  await stack.up(['postgres', 'redis']);
  await stack.waitHealthy('postgres', 120_000);
  await stack.waitHealthy('redis', 60_000);
  step('starting the api (migrations and demo data on first start)');
  await stack.up(['api']);
  await stack.waitHealthy('api', 300_000);
  step('starting two gateways');
  await stack.up(['gateway']);
  await stack.waitHealthy('gateway', 120_000, 2);
  step('starting the load balancer');
  await stack.up(['lb']);
  await waitForLoadBalancer(60_000);
  step('stack up');
}, 60 * 60_000);

afterAll(async () => {
  if (stack) {
    step('removing the stack');
    await stack.remove();
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 5 * 60_000);

async function waitForLoadBalancer(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${lbURL}/readyz`, { signal: AbortSignal.timeout(3_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(1_000);
  }
  const lb = await stack.container('lb').catch(() => 'lb');
  throw new Error(`the load balancer did not answer /readyz within ${timeoutMs / 1000} s (last: ${last})\n${await stack.logs(lb, 40)}`);
}

/** A browser-like client of the load balancer: it keeps the session cookie. */
class Client {
  cookie = '';

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field, as a client would
  async call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${lbURL}${url}`, {
      method,
      headers: { cookie: this.cookie, 'x-csrf': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (setCookie) this.cookie = setCookie.split(';', 1)[0]!;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an nginx error page): kept as text for the failure message
    }
    return { status: res.status, body: parsed };
  }

  async signIn(email: string) {
    const res = await this.call('POST', '/bff/auth/sign-in', { email, password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** Requests to /bff/auth/me one gateway replica has answered, from its own metrics. */
async function meCount(container: string): Promise<number> {
  const text = await stack.node(
    container,
    "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/metrics').then(r=>r.text()).then(t=>process.stdout.write(t))",
  );
  return text
    .split('\n')
    .filter((line) => line.startsWith('bff_http_requests_total{') && line.includes('auth/me'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** The smallest MP4 file-type recognises (an `ftyp` box of brand isom), padded with an `mdat` box to `size` bytes. */
function mp4(size: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  const mdat = Buffer.alloc(size - ftyp.length, 0x5a);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

async function firstProduct(client: Client): Promise<{ productId: number; product_name: string; gtin: string }> {
  const list = await client.call('GET', '/bff/api/product/all?page=1&size=20');
  expect(list.status).toBe(200);
  const product = list.body.result.find((p: { gtin: string | null; entry_id: number | null }) => p.gtin && p.entry_id);
  expect(product, 'a demo product with a Digital Link').toBeDefined();
  return product;
}

/** Kills the API's process from outside, as a crash would; the engine's restart policy must bring it back. */
async function crashApi(): Promise<{ container: string; restartsBefore: number }> {
  const container = await stack.container('api');
  const restartsBefore = Number(await stack.inspect(container, '{{.RestartCount}}'));
  const pid = Number(await stack.inspect(container, '{{.State.Pid}}'));
  expect(pid, 'the API container has a running process').toBeGreaterThan(0);
  process.kill(pid, 'SIGKILL');
  return { container, restartsBefore };
}

async function waitForRestart(container: string, restartsBefore: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (Number(await stack.inspect(container, '{{.RestartCount}}')) > restartsBefore) return;
    await sleep(1_000);
  }
  throw new Error(`${container} was not restarted within ${timeoutMs / 1000} s (state: ${await stack.inspect(container, '{{.State.Status}}')})`);
}

describe('docker-compose.yml on a container engine', () => {
  it('answers health and readiness through the load balancer, and keeps metrics private', async () => {
    expect((await fetch(`${lbURL}/healthz`)).status).toBe(200);
    expect((await fetch(`${lbURL}/readyz`)).status).toBe(200);
    expect((await fetch(`${lbURL}/metrics`)).status).toBe(404);
  });

  it('signs in, lists products, and makes Digital Links on PUBLIC_URL that redirect to their landing page', async () => {
    const client = new Client();
    await client.signIn('manager@demo.example');
    const product = await firstProduct(client);

    const detail = await client.call('GET', `/bff/api/product/?productId=${product.productId}`);
    expect(detail.status).toBe(200);
    const digitalLink: string = detail.body.entry.digitalLink;
    expect(digitalLink).toBe(`${publicURL}/01/${product.gtin}`);

    const scan = await fetch(`${lbURL}${new URL(digitalLink).pathname}`, { redirect: 'manual' });
    expect(scan.status).toBe(307);
    const landing = new URL(scan.headers.get('location')!, lbURL);
    expect(landing.origin, 'the landing page is on the console address').toBe(publicURL);

    const page = await fetch(`${lbURL}${landing.pathname}${landing.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(product.product_name);
  });

  it('takes a 30 MiB video upload through nginx and the gateway, and serves the file back', async () => {
    const client = new Client();
    await client.signIn('manager@demo.example');
    const { productId } = await firstProduct(client);
    const video = mp4(30 * MiB);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'clip.mp4');
    const res = await fetch(`${lbURL}/bff/api/product/content/media?productId=${productId}`, {
      method: 'POST',
      headers: { cookie: client.cookie, 'x-csrf': '1' },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const body = await res.text();
    expect(res.status, body.slice(0, 500)).toBe(200);
    const { result } = JSON.parse(body) as { result: { path: string; contentType: string } };
    expect(result.contentType).toBe('video/mp4');

    // Stored paths (`/files/...`) are served publicly under /bff/public, as the landing page shows them.
    expect(result.path).toMatch(/^\/files\/content\//);
    const file = await fetch(`${lbURL}/bff/public${result.path}`, { signal: AbortSignal.timeout(120_000) });
    expect(file.status).toBe(200);
    const served = Buffer.from(await file.arrayBuffer());
    expect(served.length).toBe(video.length);
    expect(served.equals(video)).toBe(true);
  });

  it('serves one session from both gateway replicas', async () => {
    const client = new Client();
    await client.signIn('manager@demo.example');
    const gateways = await stack.containers('gateway');
    expect(gateways).toHaveLength(2);
    const before = await Promise.all(gateways.map(meCount));
    for (let i = 0; i < 20; i++) {
      const me = await client.call('GET', '/bff/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe('manager@demo.example');
    }
    const after = await Promise.all(gateways.map(meCount));
    gateways.forEach((name, i) => expect(after[i]! - before[i]!, `${name} served some of the session's requests`).toBeGreaterThan(0));
  });

  it('sends traffic to a third gateway replica once it is up, and loses no request when it goes again', async () => {
    const client = new Client();
    await client.signIn('manager@demo.example');

    await stack.scale('gateway', 3);
    const gateways = await stack.waitHealthy('gateway', 120_000, 3);
    expect(gateways).toHaveLength(3);
    const added = gateways[2]!;
    const before = await meCount(added);
    // nginx looks the name up again at most 5 s after its last answer: the new replica must get requests within seconds.
    const deadline = Date.now() + 30_000;
    let served = 0;
    while (served === 0 && Date.now() < deadline) {
      for (let i = 0; i < 10; i++) expect((await client.call('GET', '/bff/auth/me')).status).toBe(200);
      served = (await meCount(added)) - before;
      if (served === 0) await sleep(1_000);
    }
    expect(served, `${added} got requests through the load balancer within 30 s of being healthy`).toBeGreaterThan(0);

    await stack.scale('gateway', 2);
    expect(await stack.containers('gateway')).toHaveLength(2);
    // Right after the removal nginx may still hold the old address: it must move on to a live replica.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await client.call('GET', '/bff/auth/me')).status);
      await sleep(250);
    }
    expect(statuses).toEqual(Array(40).fill(200));
  });

  it('restarts the API after it dies, and the signed-in session carries on', async () => {
    const client = new Client();
    await client.signIn('manager@demo.example');
    const { container, restartsBefore } = await crashApi();
    await waitForRestart(container, restartsBefore, 60_000);
    await stack.waitHealthy('api', 180_000);

    const me = await client.call('GET', '/bff/auth/me');
    expect(me.status).toBe(200);
    expect((await client.call('GET', '/bff/api/product/all?page=1&size=5')).status).toBe(200);
  });

  it('starts the API before PostgreSQL: it waits with back-off and serves once the database is back', async () => {
    const client = new Client();
    await client.signIn('manager@demo.example');
    const waitingLine = 'the database does not answer yet';
    const api = await stack.container('api');
    const waitsBefore = (await stack.logs(api)).split(waitingLine).length;

    await stack.compose(['stop', 'postgres']);
    const { container, restartsBefore } = await crashApi();
    await waitForRestart(container, restartsBefore, 60_000);
    const deadline = Date.now() + 60_000;
    while ((await stack.logs(api)).split(waitingLine).length <= waitsBefore + 1) {
      if (Date.now() > deadline) throw new Error(`the restarted API did not log "${waitingLine}" twice within 60 s:\n${await stack.logs(api, 40)}`);
      await sleep(1_000);
    }
    expect(await stack.inspect(api, '{{.State.Status}}'), 'the API keeps waiting rather than exiting').toBe('running');

    await stack.compose(['start', 'postgres']);
    await stack.waitHealthy('postgres', 120_000);
    await stack.waitHealthy('api', 180_000);
    const products = await client.call('GET', '/bff/api/product/all?page=1&size=5');
    expect(products.status).toBe(200);
    expect(products.body.result.length).toBeGreaterThan(0);
  });
});
