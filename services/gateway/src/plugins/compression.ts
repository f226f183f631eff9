import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/*
 * What the gateway sends is compressed here, once, for every surface (decision 073): the console's
 * built files are served precompressed by the static plugin (brotli and gzip written at build
 * time); everything else of a text kind (the landing's HTML, link sets, the API's JSON passed
 * through) is compressed as it is sent, brotli at a moderate quality or gzip, as the client's
 * Accept-Encoding prefers. nginx in front passes Accept-Encoding through and compresses nothing.
 *
 * - Only text kinds: media, archives, fonts and PDFs are compressed already, and an event stream
 *   must reach the client event by event, not when a compressor's buffer fills.
 * - Nothing under COMPRESSION_THRESHOLD_BYTES, known by its length (a streamed answer by its
 *   Content-Length): a few hundred bytes gain nothing and a compressor costs each request.
 * - `Vary: Accept-Encoding` on every answer of a text kind, compressed or not (merged with the
 *   route's own Vary), so that a shared cache never hands one client's encoding to another; a
 *   compressed answer's strong ETag becomes weak, as its bytes are not the identity's.
 * - Request bodies are never decompressed here: the pass-through hands them to the API as sent.
 */

/** Below this many bytes an answer is sent as it is. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's quality for answers made per request: 4 is about gzip's cost at a better ratio (11 is for build time). */
const DYNAMIC_BROTLI_QUALITY = 4;

const TEXT_KINDS = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|linkset|manifest\+json)|image\/svg\+xml)|\+(?:json|xml)(?:;|$)/i;

/** A media type whose bytes compress (text, JSON, link sets, XML, scripts, SVG); not media, archives or event streams. */
export function isCompressibleType(contentType: string | undefined): boolean {
  return contentType !== undefined && TEXT_KINDS.test(contentType.trimStart());
}

const isStream = (payload: unknown): payload is { pipe: unknown } =>
  payload !== null && typeof payload === 'object' && typeof (payload as { pipe?: unknown }).pipe === 'function';

/** Adds `Accept-Encoding` to the answer's Vary unless it is there (or `*`). */
export function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : current === undefined ? '' : String(current))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

const contentTypeOf = (reply: FastifyReply) => {
  const type = reply.getHeader('content-type');
  return type === undefined ? undefined : String(type);
};

/**
 * Before the compressor, what it must leave alone: anything but a text kind (its own test would
 * fall back to mime-db, which calls some binary kinds compressible), and a streamed answer whose
 * declared length is under the threshold (the compressor applies its threshold to bodies in
 * memory only). @fastify/compress reads its one per-request opt-out from `x-no-compression` on
 * the request, which has been answered by then (the API was called before the answer is sent).
 */
const leaveAlone: onSendHookHandler = (request, reply, payload, done) => {
  const small = isStream(payload) && Number(reply.getHeader('content-length')) < COMPRESSION_THRESHOLD_BYTES;
  if (small || !isCompressibleType(contentTypeOf(reply))) request.headers['x-no-compression'] = '1';
  done(null, payload);
};

/** After the compressor: Vary on every text answer, a weak ETag on a compressed one. */
function afterCompression(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  if (isCompressibleType(contentTypeOf(reply))) varyOnEncoding(reply);
  const encoding = reply.getHeader('content-encoding');
  const etag = reply.getHeader('etag');
  if (encoding !== undefined && encoding !== 'identity' && typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
  done(null, payload);
}

export default fp(
  async (app) => {
    app.addHook('onSend', leaveAlone);
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
      customTypes: (type: string) => isCompressibleType(type),
      globalDecompression: false,
    });
    // Registered after the compressor's: route onSend hooks run in the order they were added.
    app.addHook('onRoute', (route) => {
      const own = afterCompression as onSendHookHandler;
      route.onSend = route.onSend === undefined ? [own] : Array.isArray(route.onSend) ? [...route.onSend, own] : [route.onSend, own];
    });
  },
  { name: 'compression', fastify: '5.x' },
);
