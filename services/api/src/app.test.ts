import { connect, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { DEMO_USERS } from './seed/seed.js';
import { call, createTestApp, GATEWAY_HEADERS, signIn, type TestApp } from './test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the API app', () => {
  it('serves its OpenAPI description at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/sign/in',
        '/api/auth/sign/out',
        '/api/auth/token/refresh',
        '/api/auth/me/',
        '/api/auth/me/company-info',
        '/api/auth/super/switch-customer',
        '/api/auth/token/switch-customer',
        '/api/service/super/customer/list',
        '/api/service/plan/info',
        '/api/service/plan/check/product',
        '/api/service/plan/check/link',
        '/api/service/notifications/unread',
        '/api/service/notifications',
        '/api/service/notifications/{id}/read',
        '/api/service/notifications/read-all',
        '/api/overview/total-count',
        '/api/overview/productList',
        '/api/project',
        '/api/project/all',
        '/api/project/{id}',
      ]),
    );
    expect(paths.some((path) => path.startsWith('/api/docs'))).toBe(false);
    const signIn = response.json().paths['/api/auth/sign/in'].post;
    expect(signIn.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('serves the OpenAPI UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers health checks at /healthz and /api/healthz', async () => {
    for (const url of ['/healthz', '/api/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers unknown routes with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ERROR_CODES.NOT_FOUND, message: MESSAGES.notFound });
  });
});

describe('a body past its route limit', () => {
  /** Opens a connection to the listening API: what it answered once the API closes it, or the error that ended it. */
  async function connection() {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    const answered = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    return { socket, answered };
  }
  /** A sign-in (a route that takes 1 MiB) announcing a text body of `size` bytes. */
  const signInHead = (size: number) =>
    `POST /api/auth/sign/in HTTP/1.1\r\nhost: api\r\n${Object.entries(GATEWAY_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}content-type: text/plain\r\ncontent-length: ${size}\r\n\r\n`;

  it('is answered 413 once the API has read it, on a connection that then answers the next request', async () => {
    const { socket, answered } = await connection();
    const size = 2 * 1024 * 1024;
    socket.write(signInHead(size));
    socket.write(Buffer.alloc(size, 0x20));
    socket.write('GET /healthz HTTP/1.1\r\nhost: api\r\nconnection: close\r\n\r\n');
    const text = await answered;
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    expect(text).toContain(ERROR_CODES.PAYLOAD_TOO_LARGE);
  });

  it('is not read past 64 MiB, more than the gateway passes on: the connection is cut', async () => {
    const { socket, answered } = await connection();
    const size = 80 * 1024 * 1024;
    socket.write(signInHead(size));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < size && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', write);
      }
    };
    write();
    const ended = await answered.then(
      (text) => text,
      (error: Error) => error.message,
    );
    expect(ended).not.toContain('HTTP/1.1');
    expect(sent).toBeLessThan(size);
  });
});

describe('unexpected failures', () => {
  it('answer a generic 500 without the cause or a stack trace', async () => {
    const broken = await createTestApp();
    try {
      const { authorization } = await signIn(broken.app, DEMO_USERS.acmeManager);
      await broken.app.db.execute(sql`drop table notifications cascade`);
      const response = await call(broken.app, authorization, { method: 'GET', url: '/api/service/notifications/unread' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: ERROR_CODES.INTERNAL, message: MESSAGES.internal });
      expect(response.body).not.toMatch(/notifications|relation|at /);
    } finally {
      await broken.close();
    }
  });
});
