import type { FastifyPluginAsync } from 'fastify';
import { gatewayErrors } from '../../errors.js';
import { isGatewayOnlyCall } from '../../lib/gateway-only-calls.js';
import { forwardedPath, parseRoutedPath } from '../../lib/routed-path.js';
import { passThrough } from '../../plugins/pass-through.js';

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
  // Its published content blocks, languages and texts, and its design theme (issue 14).
  ['GET', /^\/product\/landing-page\/preview-contents$/],
  ['GET', /^\/product\/landing-page\/design$/],
  // Its product images and logos (random keys), and passport documents, which the API serves only as the passport's level allows.
  ['GET', /^\/files\/(?!.*\.\.)[\w./-]+$/],
];

/** `/bff/public/...` is `/api/...` upstream. */
const PREFIX_SEGMENTS = 2;

/**
 * The API address a visitor's `/bff/public/...` call goes to, or null when it is not one of the
 * listed calls. The list is matched against the routed path (see routed-path.ts), and the API is
 * sent that very path, not the spelling the visitor sent; null too for a path that cannot be read.
 */
export function publicDestination(method: string, url: string): string | null {
  const routed = parseRoutedPath(url);
  if (!routed) return null;
  const path = `/${routed.segments.slice(PREFIX_SEGMENTS).join('/')}`;
  if (isGatewayOnlyCall(`/api${path}`)) return null;
  const listed = PUBLIC_CALLS.some(([allowed, pattern]) => allowed === method && pattern.test(path));
  return listed ? forwardedPath(url, routed, PREFIX_SEGMENTS, '/api') : null;
}

export const isPublicCall = (method: string, url: string): boolean => publicDestination(method, url) !== null;

const publicRoutes: FastifyPluginAsync = async (app) => {
  await passThrough(app, {
    rewritePrefix: '/api',
    destination(request) {
      const dest = publicDestination(request.method, request.url);
      if (!dest) throw gatewayErrors.notFound();
      return dest;
    },
    // Visitors' calls are small JSON documents: held to the server's bodyLimit, as the API holds them.
    bodyLimitBytes: app.initialConfig.bodyLimit ?? app.upstream.uploadLimitBytes,
    forwardHeaders(_request, headers) {
      headers.authorization = undefined;
    },
  });
};

export default publicRoutes;
