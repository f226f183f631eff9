import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface EncodedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The bytes as sent. */
  wire: Buffer;
  /** The bytes once decoded by their Content-Encoding. */
  decoded: Buffer;
}

/** The answer's body decoded as a browser would by its Content-Encoding. */
export function decodeBody(encoding: unknown, wire: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(wire);
  if (encoding === 'gzip') return gunzipSync(wire);
  if (encoding === undefined || encoding === 'identity') return wire;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

/** GET `url` once with `Accept-Encoding: acceptEncoding` (none when null). */
export async function getEncoded(app: FastifyInstance, url: string, acceptEncoding: string | null, headers: Record<string, string> = {}): Promise<EncodedAnswer> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === null ? headers : { ...headers, 'accept-encoding': acceptEncoding },
  });
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    wire: response.rawPayload,
    decoded: decodeBody(response.headers['content-encoding'], response.rawPayload),
  };
}

const varies = (answer: EncodedAnswer) =>
  String(answer.headers.vary ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase());

/**
 * Asks for `url` as brotli, as gzip and with no Accept-Encoding, and checks what a browser and a
 * shared cache rely on: each encoding as asked, smaller on the wire, the same bytes once decoded,
 * `Vary: Accept-Encoding` on all three (beside the route's own `vary`), no strong ETag shared by
 * two encodings. Answers the three.
 */
export async function expectEachEncoding(app: FastifyInstance, url: string, options: { headers?: Record<string, string>; vary?: string[] } = {}) {
  const identity = await getEncoded(app, url, null, options.headers);
  const br = await getEncoded(app, url, 'gzip, deflate, br', options.headers);
  const gzip = await getEncoded(app, url, 'gzip', options.headers);
  expect(identity.statusCode).toBe(200);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  for (const answer of [br, gzip]) {
    expect(answer.statusCode).toBe(200);
    expect(answer.decoded.equals(identity.wire)).toBe(true);
    expect(answer.wire.length).toBeLessThan(identity.wire.length);
    expect(answer.headers['content-type']).toBe(identity.headers['content-type']);
  }
  for (const answer of [identity, br, gzip]) {
    expect(varies(answer)).toEqual(expect.arrayContaining([...(options.vary ?? []).map((name) => name.toLowerCase()), 'accept-encoding']));
    // One name once, however many parts added to Vary.
    expect(new Set(varies(answer)).size).toBe(varies(answer).length);
  }
  const strong = [identity, br, gzip].map((answer) => answer.headers.etag).filter((etag) => typeof etag === 'string' && etag.startsWith('"'));
  expect(new Set(strong).size).toBe(strong.length);
  return { identity, br, gzip };
}
