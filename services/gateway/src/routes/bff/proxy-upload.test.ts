import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startHarness, type Harness } from '../../test/harness.js';

const MiB = 1024 * 1024;
const BOUNDARY = '----gateway-upload-test';
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/**
 * A multipart body of `size` file bytes, generated chunk by chunk so the test itself holds no
 * more than one chunk. Answers the stream and its total length.
 */
function multipartBody(size: number): { stream: Readable; length: number } {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  function* parts() {
    yield head;
    for (let sent = 0; sent < size; sent += CHUNK.length) yield sent + CHUNK.length <= size ? CHUNK : CHUNK.subarray(0, size - sent);
    yield tail;
  }
  return { stream: Readable.from(parts(), { objectMode: false }), length: head.length + size + tail.length };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** POSTs a streamed body with plain node:http (supertest would buffer it). */
function upload(port: number, path: string, cookie: string, body: { stream: Readable; length?: number }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      cookie,
      'x-csrf': '1',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    };
    if (body.length !== undefined) headers['content-length'] = body.length;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null });
      });
    });
    // The gateway may answer 413 and close while the body is still on its way.
    req.on('error', (err) => reject(err));
    body.stream.on('error', () => {});
    body.stream.pipe(req);
  });
}

let h: Harness;
let port: number;
let cookie: string;
beforeAll(async () => {
  h = await startHarness({ UPLOAD_LIMIT_BYTES: String(25 * MiB) });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  port = (h.app.server.address() as AddressInfo).port;
  cookie = await signIn(h.app, 'manager@demo.example');
});
afterAll(async () => h?.close());

describe('multipart uploads through /bff/api', () => {
  it('streams 20 MB to the API without holding it in the gateway', async () => {
    const size = 20 * MiB;
    // vitest.config.ts starts the workers with --expose-gc: sampled after a collection, memory is
    // what is still held, not garbage waiting for the collector.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    let peakHeap = 0;
    let peakBuffers = 0;
    const sampler = setInterval(() => {
      gc?.();
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed - before.heapUsed);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers - before.arrayBuffers);
    }, 10);
    const bytesBefore = h.upstream.uploadedBytes;
    let res: Answer;
    try {
      res = await upload(port, '/bff/api/upload/count', cookie, multipartBody(size));
    } finally {
      clearInterval(sampler);
    }

    expect(res.status).toBe(200);
    const received = (res.body as { bytes: number }).bytes;
    expect(received).toBeGreaterThan(size);
    expect(h.upstream.uploadedBytes - bytesBefore).toBe(received);
    // Gateway, fake API and client share this process: together they hold far less than 20 MB.
    expect(peakHeap).toBeLessThan(10 * MiB);
    // Buffers live outside the V8 heap; without a collector to call, their garbage says nothing.
    if (gc) expect(peakBuffers).toBeLessThan(10 * MiB);
  });

  it('refuses a body declared larger than UPLOAD_LIMIT_BYTES with 413 E413001, before the API sees it', async () => {
    const small = await startHarness({ UPLOAD_LIMIT_BYTES: String(MiB) }, { upstream: h.upstream });
    try {
      await small.app.listen({ host: '127.0.0.1', port: 0 });
      const smallPort = (small.app.server.address() as AddressInfo).port;
      const smallCookie = await signIn(small.app, 'manager@demo.example');
      const bytesBefore = h.upstream.uploadedBytes;
      const res = await upload(smallPort, '/bff/api/upload/count', smallCookie, multipartBody(2 * MiB));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ code: 'E413001', message: 'The request is too large.' });
      expect(h.upstream.uploadedBytes).toBe(bytesBefore);
    } finally {
      await small.close();
    }
  });

  it('stops a chunked body (no declared length) once it passes UPLOAD_LIMIT_BYTES, with 413 E413001', async () => {
    const small = await startHarness({ UPLOAD_LIMIT_BYTES: String(MiB) }, { upstream: h.upstream });
    try {
      await small.app.listen({ host: '127.0.0.1', port: 0 });
      const smallPort = (small.app.server.address() as AddressInfo).port;
      const smallCookie = await signIn(small.app, 'manager@demo.example');
      const { stream } = multipartBody(2 * MiB);
      const res = await upload(smallPort, '/bff/api/upload/count', smallCookie, { stream });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ code: 'E413001', message: 'The request is too large.' });
    } finally {
      await small.close();
    }
  });

  it('passes a chunked body under the limit', async () => {
    const { stream } = multipartBody(3 * MiB);
    const res = await upload(port, '/bff/api/upload/count', cookie, { stream });
    expect(res.status).toBe(200);
    expect((res.body as { bytes: number }).bytes).toBeGreaterThan(3 * MiB);
  });
});
