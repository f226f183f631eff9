import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, startFakeUpstream, type FakeUpstream } from './test/fake-upstream.js';

const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

let upstream: FakeUpstream | undefined;
let gateway: ChildProcess | undefined;

afterEach(async () => {
  gateway?.kill('SIGKILL');
  await upstream?.close();
});

describe('gateway process shutdown', () => {
  it('turns readyz to 503 first, lets an in-flight request finish, then exits 0', async () => {
    upstream = await startFakeUpstream();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    gateway = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverScript], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        UPSTREAM_URL: upstream.url,
        REDIS_URL: '',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        SHUTDOWN_DELAY_MS: '600',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => gateway!.once('exit', (code) => resolve(code)));
    await waitUntilUp(`${base}/readyz`);

    const signIn = await fetch(`${base}/bff/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ email: 'manager@demo.example', password: PASSWORD }),
    });
    const cookie = signIn.headers.getSetCookie()[0]!.split(';', 1)[0]!;

    // The fake API takes two seconds to answer /api/slow.
    const inFlight = fetch(`${base}/bff/api/slow`, { headers: { cookie } });
    await new Promise((r) => setTimeout(r, 200));
    gateway.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 150));

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(await exited).toBe(0);
  }, 30_000);
});
