import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import { gatewayErrors } from '../../errors.js';
import { headersForClient } from '../../lib/upstream-headers.js';

/*
 * /bff/public/* -> upstream /api/*, without a session and without a bearer token: the account
 * calls a visitor makes before signing in (sign-up, password reset, invitations) and the reads
 * of a product's public landing page. Only the
 * listed calls pass; anything else is 404 here, so the API's authenticated routes stay behind
 * /bff/api. CSRF (X-CSRF: 1) and the per-address rate limit apply as to every /bff call.
 */
const PUBLIC_CALLS: ReadonlyArray<readonly [string, RegExp]> = [
  ['POST', /^\/auth\/sign\/up$/],
  ['GET', /^\/auth\/service-name\/check$/],
  ['POST', /^\/auth\/password\/forgot$/],
  ['GET', /^\/auth\/password\/reset\/\d+\/[\w-]+$/],
  ['POST', /^\/auth\/password\/reset$/],
  ['POST', /^\/auth\/password\/verify-code$/],
  ['GET', /^\/auth\/invitation\/\d+$/],
  ['POST', /^\/auth\/invitation\/accept$/],
  // The consumer landing page a scan leads to (spec point 7, "Previews"), read by shoppers.
  ['GET', /^\/product\/landing-page\/preview-productInfo$/],
  ['GET', /^\/product\/landing-page\/preview-links$/],
  // Its product images and logos (stored files are public by design, keys are random).
  ['GET', /^\/files\/(?!.*\.\.)[\w./-]+$/],
];

const PREFIX = '/bff/public';

export function isPublicCall(method: string, url: string): boolean {
  const path = url.slice(PREFIX.length).split('?', 1)[0];
  return PUBLIC_CALLS.some(([allowed, pattern]) => allowed === method && pattern.test(path));
}

export interface PublicRoutesOptions {
  upstream: string;
  timeoutMs: number;
  uploadLimitBytes: number;
}

const publicRoutes: FastifyPluginAsync<PublicRoutesOptions> = async (app, { upstream, timeoutMs, uploadLimitBytes }) => {
  app.addHook('onRequest', async (request) => {
    if (!isPublicCall(request.method, request.url)) throw gatewayErrors.notFound();
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > uploadLimitBytes) throw gatewayErrors.payloadTooLarge();
  });

  await app.register(httpProxy, {
    upstream,
    rewritePrefix: '/api',
    disableRequestLogging: true,
    replyOptions: {
      timeout: timeoutMs,
      rewriteRequestHeaders(request, headers) {
        const forwarded = headers as Record<string, string | string[] | undefined>;
        forwarded.cookie = undefined;
        forwarded.authorization = undefined;
        forwarded['x-csrf'] = undefined;
        forwarded['x-request-id'] = request.id;
        return headers;
      },
      rewriteHeaders(headers) {
        return headersForClient(headers as IncomingHttpHeaders) as typeof headers;
      },
      onError(reply, { error }) {
        reply.send(gatewayErrors.upstreamUnavailable(error));
      },
    },
  });
};

export default publicRoutes;
