import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ResolverOutcome } from '../../plugins/metrics.js';
import { createFastPath, installFastPath } from './fast-path.js';
import { fetchCredential, wantsCredential, DPP_LINK_TYPE } from './credential.js';
import { parseLinkTypeParameter } from './link-types.js';
import { problems, sendProblem } from './pages.js';
import { parseQuery, withQuery } from './query.js';
import { createPathParser, CONVENIENCE_ALPHAS, isProblem } from './request-path.js';
import { CORS_HEADERS, LINKSET_MEDIA_TYPE, lotOf, redirectTarget, serialOf, viewOf, wantsLinkset } from './resolution.js';
import { clientAddressOf, createScanRecorder, createScanSender, type TrustProxy } from './scans.js';
import { geoReady, loadGeo } from '../../resolution/rules.js';
import { resolverDescription } from './well-known.js';

/*
 * The GS1-Conformant resolver: public GET, HEAD and OPTIONS on Digital Link URIs at the root.
 *
 * Routing: a first segment of digits only is always a Digital Link (an AI); service names, the
 * other first segment at the root, must contain a letter (shared sign-up schema), so the console's
 * `/{serviceName}/...` never reaches these routes, and these routes always win over the console's
 * fallback. Convenience alphas (`/gtin/...`) are caught only when a digit follows, so a company
 * whose service name happens to be `gtin` keeps its console pages (`/gtin/dashboard/...`).
 *
 * A cached redirect does no I/O: the record is read from memory, its view for the request URI (the
 * Link header and every choice) was computed when first asked, and the scan is pushed to a buffer
 * sent after the answer. No session, no CSRF; the public routes' per-address limit (decision 063)
 * costs the fast path one map lookup in this process.
 */

export interface ResolverRoutesOptions {
  /** The app's request-id rule (kept from the caller when sane), for answers given before Fastify. */
  genReqId: (request: IncomingMessage) => string;
  /** The app trusts a proxy's X-Forwarded-* headers (TRUST_PROXY). */
  behindProxy: boolean;
  /** Public origin of Digital Link URIs; unset: the request's. */
  origin?: string;
  scanFlushMs: number;
  scanBatchSize: number;
  /** The app's trustProxy rule (as given to Fastify): the fast path reads the client address with it. */
  trustProxy?: TrustProxy;
}

const DIGITAL_LINK_ROUTES = ['/:ai(^\\d+$)', '/:ai(^\\d+$)/*'];
const CONVENIENCE_ROUTES = CONVENIENCE_ALPHAS.flatMap((alpha) => [`/${alpha}/:value(^\\d[^/]*$)`, `/${alpha}/:value(^\\d[^/]*$)/*`]);
const ORIGIN_MEMO_LIMIT = 100;
const REQUEST_HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

const resolverRoutes: FastifyPluginAsync<ResolverRoutesOptions> = async (app, options) => {
  const parsePath = createPathParser();
  let lastDropLog = 0;
  const scans = createScanRecorder({
    send: createScanSender(app.upstream).send,
    flushIntervalMs: options.scanFlushMs,
    batchSize: options.scanBatchSize,
    onDropped(count, err) {
      const now = Date.now();
      if (now - lastDropLog < 60_000) return;
      lastDropLog = now;
      app.log.warn({ err, count }, 'scan records dropped');
    },
  });
  app.addHook('onClose', async () => scans.close());
  const clientAddress = clientAddressOf(options.trustProxy);

  /*
   * Origins by what decides them: the Host header and TLS, and with a trusted proxy also the
   * X-Forwarded-* headers and the proxy's address. Fastify's answer (request.protocol, .host, with
   * the app's trustProxy rule) is kept under the raw request's key, where the fast path finds it.
   */
  const { behindProxy } = options;
  const origins = new Map<string, string>();
  const originKey = (raw: IncomingMessage) => {
    const encrypted = (raw.socket as { encrypted?: boolean }).encrypted ? 's' : '';
    const { host, 'x-forwarded-proto': proto, 'x-forwarded-host': forwardedHost } = raw.headers;
    return behindProxy ? `${encrypted}|${host}|${proto}|${forwardedHost}|${raw.socket.remoteAddress}` : `${encrypted}|${host}`;
  };
  /** `https://id.example.com`: the configured origin, else the one the request came to. */
  function originOf(request: FastifyRequest): string {
    if (options.origin) return options.origin;
    const key = originKey(request.raw);
    let origin = origins.get(key);
    if (origin === undefined) {
      try {
        origin = new URL(`${request.protocol}://${request.host}`).origin;
      } catch {
        origin = 'http://localhost';
      }
      if (origins.size >= ORIGIN_MEMO_LIMIT) origins.clear();
      origins.set(key, origin);
    }
    return origin;
  }

  /** A kept-alive connection's requests come with the same host headers: one check per request. */
  const socketOrigins = new WeakMap<object, { host?: string; proto?: string | string[]; forwardedHost?: string | string[]; origin: string }>();
  function knownOrigin(raw: IncomingMessage): string | undefined {
    const { host, 'x-forwarded-proto': proto, 'x-forwarded-host': forwardedHost } = raw.headers;
    const seen = socketOrigins.get(raw.socket);
    if (seen && seen.host === host && seen.proto === proto && seen.forwardedHost === forwardedHost) return seen.origin;
    const origin = origins.get(originKey(raw));
    if (origin !== undefined) socketOrigins.set(raw.socket, { host, proto, forwardedHost, origin });
    return origin;
  }

  const count = (outcome: ResolverOutcome) => app.metrics.resolverRequest(outcome);

  async function resolve(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const question = url.indexOf('?');
    const parsed = parsePath(question === -1 ? url : url.slice(0, question));
    if (isProblem(parsed)) {
      count('bad_request');
      return sendProblem(request, reply, problems.badRequest(parsed.reason));
    }

    let entry = app.resolution.entries.peek(parsed.entryPath);
    if (entry === undefined) {
      try {
        entry = await app.resolution.entries.get(parsed.entryPath);
      } catch (err) {
        request.log.warn({ err, entryPath: parsed.entryPath }, 'resolution data unavailable');
        count('unavailable');
        return sendProblem(request, reply, problems.unavailable());
      }
    }
    if (entry === null) {
      count('not_found');
      return sendProblem(request, reply, problems.unknownItem());
    }

    const view = viewOf(entry, originOf(request), parsed);
    const query = parseQuery(question === -1 ? '' : url.slice(question + 1));
    const requested = query.linkType === null ? null : parseLinkTypeParameter(query.linkType);
    const accept = request.headers.accept;
    // A wine e-label's page may not collect or track visitors (issue 29): its code's scans are not recorded.
    const record = request.method === 'GET' && !entry.untracked;
    const scan = { acceptLanguage: request.headers['accept-language'], userAgent: request.headers['user-agent'], address: request.ip };
    // Rules that name countries wait for the geolocation the first time (decision 077).
    if (view.rules?.needsCountry && !geoReady()) await loadGeo();

    if (wantsLinkset(requested, accept)) {
      count('linkset');
      if (record) scans.record(view.linksetScanKey, scan.acceptLanguage, scan.userAgent, scan.address, query.campaign);
      // A client that asks for plain JSON only gets the same document as application/json.
      const type = accept && !accept.includes(LINKSET_MEDIA_TYPE) && accept.includes('application/json') ? 'application/json' : LINKSET_MEDIA_TYPE;
      return reply.code(200).headers(view.linksetHeaders).type(type).send(view.linksetJson());
    }

    if (wantsCredential(requested, accept) && view.byType.has(DPP_LINK_TYPE)) {
      const version = query.passOn.find((pair) => pair.startsWith('version='))?.slice('version='.length) ?? null;
      let credential;
      try {
        credential = await fetchCredential(app.upstream, entry.productId, accept ?? '', version, { lot: lotOf(parsed), serial: serialOf(parsed) });
      } catch (err) {
        request.log.warn({ err, productId: entry.productId }, 'passport credential unavailable');
        count('unavailable');
        return sendProblem(request, reply, problems.unavailable());
      }
      if (credential.status === 200) {
        if (credential.kid) app.didDocuments.dropUnlessListed(credential.kid);
        count('linkset');
        const dpp = redirectTarget(view, DPP_LINK_TYPE, scan);
        if (record && dpp) scans.record(dpp.scanKey, scan.acceptLanguage, scan.userAgent, scan.address, query.campaign);
        return reply.code(200).headers(CORS_HEADERS).header('vary', 'Accept').header('cache-control', 'no-cache').type(credential.contentType).send(credential.body);
      }
      if (credential.status >= 500) {
        count('unavailable');
        return sendProblem(request, reply, problems.unavailable());
      }
      // No published passport yet: the same answer as a product without the link type.
      count('not_found');
      return sendProblem(request, reply, problems.missingLinkType(entry.title, DPP_LINK_TYPE, view.defaultChoice?.preferred));
    }

    const linkType = requested && !requested.linkset ? requested.linkType : null;
    const target = redirectTarget(view, linkType, scan);
    if (!target) {
      count('not_found');
      const problem = linkType
        ? problems.missingLinkType(entry.title, linkType, view.defaultChoice?.preferred)
        : problems.noLinks(entry.title);
      return sendProblem(request, reply, problem);
    }
    count('redirect');
    if (record) scans.record(target.scanKey, scan.acceptLanguage, scan.userAgent, scan.address, query.campaign);
    if (query.passOn.length === 0) return reply.code(307).headers(target.redirectHeaders).send();
    return reply.code(307).headers(view.redirectHeaders).header('location', withQuery(target.href, query.passOn)).send();
  }

  function convenienceAlpha(request: FastifyRequest, reply: FastifyReply) {
    count('bad_request');
    const alpha = request.url.split('/', 2)[1];
    return sendProblem(request, reply, problems.badRequest(`convenience alphas (/${alpha}/) are not supported: use the numeric application identifier`));
  }

  function preflight(request: FastifyRequest, reply: FastifyReply) {
    const asked = request.headers['access-control-request-headers'];
    return reply
      .code(204)
      .headers(CORS_HEADERS)
      .header('allow', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', asked && REQUEST_HEADER_LIST.test(asked) ? asked : 'Accept, Accept-Language')
      .header('access-control-max-age', '86400')
      .send();
  }

  for (const url of DIGITAL_LINK_ROUTES) {
    app.get(url, resolve);
    app.options(url, preflight);
  }
  for (const url of CONVENIENCE_ROUTES) {
    app.get(url, convenienceAlpha);
    app.options(url, preflight);
  }

  const countFastRedirect = app.metrics.requestCounter('GET', DIGITAL_LINK_ROUTES[1], 307);
  // Fastify logs each answer at info level; so does the fast path, at the same level.
  const logAnswers = ['trace', 'debug', 'info'].includes(app.log.level);
  let accepting = false;
  app.addHook('onReady', async () => {
    accepting = true;
  });
  app.addHook('preClose', async () => {
    accepting = false;
  });
  const uninstall = installFastPath(
    app.server,
    createFastPath({
      parsePath,
      cache: app.resolution.entries,
      originOf: options.origin ? () => options.origin : knownOrigin,
      requestId: (raw) => (logAnswers || raw.headers['x-request-id'] !== undefined ? options.genReqId(raw) : undefined),
      open: () => accepting && !app.draining,
      clientAddress,
      admit: (address) => address === undefined || app.rateLimits.countPublic(address) === 0,
      answered({ request, address, target, campaign, requestId, seconds }) {
        count('redirect');
        countFastRedirect();
        scans.record(target.scanKey, request.headers['accept-language'], request.headers['user-agent'], address, campaign);
        if (logAnswers) {
          app.log.info({ reqId: requestId, req: { method: 'GET', url: request.url }, res: { statusCode: 307 }, responseTime: seconds * 1000 }, 'request completed');
        }
      },
    }),
  );
  app.addHook('onClose', async () => uninstall());

  // The description names the resolver's root. Shared caches may keep it for an hour only when
  // that root is the configured origin: one taken from a Host header would let any client plant
  // its own host in the copy every other client then gets.
  const configuredDescription = options.origin ? JSON.stringify(resolverDescription(options.origin)) : undefined;
  app.get('/.well-known/gs1resolver', (request, reply) => {
    reply.headers(CORS_HEADERS).type('application/json; charset=utf-8');
    if (configuredDescription) return reply.header('cache-control', 'public, max-age=3600').send(configuredDescription);
    return reply.header('cache-control', 'no-store').header('vary', 'Host').send(resolverDescription(originOf(request)));
  });
  app.options('/.well-known/gs1resolver', preflight);
};

export default resolverRoutes;
