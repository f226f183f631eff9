import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destProblem, gs1Signature, isPublicAddress, postWebhook, publicOnlyLookup } from './subscriptions-webhook.js';
import { backoffMs } from './subscriptions-worker.js';

describe('GS1-Signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the exact body', () => {
    const body = '{"type":"EPCISQueryDocument"}';
    expect(gs1Signature(body, 'token')).toBe(`sha256=${createHmac('sha256', 'token').update(body).digest('hex')}`);
    expect(gs1Signature(`${body} `, 'token')).not.toBe(gs1Signature(body, 'token'));
  });
});

describe('webhook destinations (SSRF guard)', () => {
  it('tells public addresses from private, loopback, link-local and mapped ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses other schemes, credentials and private hosts unless private ones are allowed', () => {
    expect(destProblem('ftp://example.com/hook', true)).toMatch(/http/);
    expect(destProblem('not a url', true)).toMatch(/absolute URL/);
    expect(destProblem('https://user:secret@example.com/hook', true)).toMatch(/credentials/);
    for (const dest of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://[::1]/hook', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.5/hook']) {
      expect(destProblem(dest, false), dest).toMatch(/private|loopback/);
      expect(destProblem(dest, true), dest).toBeNull();
    }
    expect(destProblem('https://hooks.example.com/epcis', false)).toBeNull();
  });

  it('resolves names only to public addresses when connecting', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (err) => resolve(err)));
    expect(error?.message).toMatch(/no public address/);
  });
});

describe('postWebhook', () => {
  const received: string[] = [];
  let url = '';
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(body);
      response.statusCode = body.includes('fail') ? 500 : 204;
      response.end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the body with the version headers and answers whether the webhook took it', async () => {
    expect(await postWebhook(url, '{"ok":true}', { 'GS1-Signature': 'sha256=00' }, { allowPrivate: true, timeoutMs: 2000 })).toEqual({ ok: true, status: 204, error: null });
    expect(await postWebhook(url, '{"fail":true}', {}, { allowPrivate: true, timeoutMs: 2000 })).toMatchObject({ ok: false, status: 500 });
    expect(received).toEqual(['{"ok":true}', '{"fail":true}']);
  });

  it('never connects to a private address when they are not allowed', async () => {
    const result = await postWebhook(url, '{"private":true}', {}, { allowPrivate: false, timeoutMs: 2000 });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(received).not.toContain('{"private":true}');
  });

  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4, 10].map((attempts) => backoffMs(attempts, 1000, 5000))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
