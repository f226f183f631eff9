import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { gatewayErrors } from '../errors.js';
import { createAddressCounter } from '../lib/address-counter.js';
import { isUnder } from '../lib/routed-path.js';
import type { RateLimitName } from './metrics.js';
import { actsForUser, SESSION_COOKIE } from './session.js';

export interface RateLimitPluginOptions {
  windowMs: number;
  /** Sign-in attempts per window, per client address and per email. */
  signInMax: number;
  /** Other /bff calls per window, per session the store knows (per client address otherwise). */
  bffMax: number;
  /** Visitors' account calls that write or mail, per window, per client address. */
  accountMax: number;
  /** Requests to the public routes per window, per client address, in each replica. */
  publicMax: number;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

export interface RateLimitHooks {
  /** Route hook (onRequest) limiting sign-in attempts per client address. */
  signInByAddress: onRequestAsyncHookHandler;
  /** Route hook (preHandler, after the body is parsed) limiting sign-in attempts per email. */
  signInByEmail: preHandlerAsyncHookHandler;
  /**
   * Counts a public request of a client address (the resolver's fast path, which answers before
   * Fastify's hooks): 0 while its allowance lasts, else the seconds until it is renewed.
   */
  countPublic(address: string): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimitHooks;
  }
}

/** The email of a sign-in body, hashed: counters must not put addresses in Redis keys. */
function emailKeyOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email !== 'string' || !email.trim()) return null;
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/**
 * Counted against the /bff allowance: every /bff call but the stored images the consumer landing
 * page shows (immutable, cached for a year by browsers), so shoppers behind one carrier address do
 * not share out the allowance on pictures; those count as public requests.
 */
const isBff = (path: string) => isUnder(path, '/bff') && !isUnder(path, '/bff/public/files');
const isSignIn = (path: string) => path === '/bff/auth/sign-in';

/** `/{serviceName}/product-details/{id}/preview` and its views; `/{serviceName}/did.json`. */
const LANDING_OR_DID = /^\/[^/]+\/(?:product-details\/[^/]+\/preview(?:\/|$)|did\.json$)/;

/**
 * The routes anyone reaches without a credential, where a shop full of shoppers shares one address
 * (decision 063): the resolver's Digital Links (a first segment of digits) and its description,
 * the DID documents, the landing views (verification `?serial=` included) and their stored images.
 */
const isPublic = (path: string) =>
  (path.charCodeAt(1) >= 48 && path.charCodeAt(1) <= 57) ||
  isUnder(path, '/.well-known') ||
  isUnder(path, '/bff/public/files') ||
  LANDING_OR_DID.test(path);

/**
 * A visitor's account calls that register a company or send mail: counted per client address on
 * top of the /bff allowance, so one address cannot register companies by the dozen or flood an
 * inbox with reset mails. (The API also throttles mail per recipient.)
 */
const ACCOUNT_CALLS = new Set([
  '/bff/public/auth/sign/up',
  '/bff/public/auth/password/forgot',
  '/bff/public/auth/password/reset',
  '/bff/public/auth/password/verify-code',
  '/bff/public/auth/invitation/accept',
]);

/**
 * Request rate limits on @fastify/rate-limit. Counting is skipped when Redis fails
 * (`skipOnError`): an outage of the limiter must not take sign-in down with it.
 *
 * The plugin's own route hooks mark a request as counted after the first limit, so the sign-in
 * route's two limits (address and email) go through `createRateLimit`, which only counts, and the
 * gateway answers 429 itself with the catalogue body and `Retry-After`.
 */
export default fp<RateLimitPluginOptions>(
  async (app, options) => {
    // Counters live in Redis when there is one (shared by every replica), else in this process,
    // on the dedicated `rate-limit` connection (see redis.ts).
    const redis = app.redis.configured ? app.redis.client('rate-limit') : undefined;
    if (redis) {
      // Commands are not queued while connecting: give the first connection its chance at boot.
      app.addHook('onReady', async () => {
        await app.redis.ready('rate-limit').catch((err: unknown) =>
          app.log.warn({ err }, 'rate-limit store unavailable; requests are not counted until it is back'),
        );
      });
    }

    await app.register(fastifyRateLimit, {
      global: false,
      redis,
      nameSpace: `${app.redis.keyPrefix}rl:`,
      skipOnError: true,
      timeWindow: options.windowMs,
    });

    const limiter = (max: number, keyGenerator: (request: FastifyRequest) => string): Limiter =>
      // `cache` sizes the in-process counter table; the plugin's types omit it here.
      app.createRateLimit({ max, timeWindow: options.windowMs, keyGenerator, cache: 10_000 } as Parameters<FastifyInstance['createRateLimit']>[0]);

    const byAddress = limiter(options.signInMax, (request) => `sign-in:ip:${request.ip}`);
    const byEmail = limiter(options.signInMax, (request) => `sign-in:email:${emailKeyOf(request.body)}`);
    const accountByAddress = limiter(options.accountMax, (request) => `account:ip:${request.ip}`);
    const bffBySession = limiter(options.bffMax, (request) => `bff:sid:${request.cookies[SESSION_COOKIE]}`);
    const bffByAddress = limiter(options.bffMax, (request) => `bff:ip:${request.ip}`);
    const publicByAddress = createAddressCounter({ max: options.publicMax, windowMs: options.windowMs });

    /**
     * Every other /bff call counts against its session when the store knows it, else against its
     * address: a made-up `sid` cookie must not buy a fresh allowance. The session plugin has already
     * started reading the session of a call that acts for a user; the session's count runs beside
     * that read, so a real session still pays one store round trip's time. A made-up one pays a
     * second (its address's count). When the store cannot be read, the session's count stands and
     * the route answers 503.
     */
    async function countBff(request: FastifyRequest) {
      if (!request.cookies[SESSION_COOKIE] || !actsForUser(request.routedPath)) return bffByAddress(request);
      const [counted, known] = await Promise.all([
        bffBySession(request),
        app.sessions.fromRequest(request).then(
          (session) => session !== null,
          () => true,
        ),
      ]);
      return known ? counted : bffByAddress(request);
    }

    /** Answers 429 with the seconds to wait. */
    function refuse(name: RateLimitName, reply: FastifyReply, retryAfterSeconds: number): never {
      app.metrics.rateLimited(name);
      reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
      throw gatewayErrors.rateLimited();
    }

    /** Counts the request; answers 429 when the window's allowance is spent. */
    async function enforce(limit: (request: FastifyRequest) => ReturnType<Limiter>, name: RateLimitName, request: FastifyRequest, reply: FastifyReply) {
      const result = await limit(request);
      if (result.isAllowed || !result.isExceeded) return;
      refuse(name, reply, result.ttlInSeconds);
    }

    app.decorate<RateLimitHooks>('rateLimits', {
      signInByAddress: (request, reply) => enforce(byAddress, 'sign_in_address', request, reply),
      async signInByEmail(request, reply) {
        if (emailKeyOf(request.body)) await enforce(byEmail, 'sign_in_email', request, reply);
      },
      countPublic: (address) => publicByAddress.hit(address),
    });

    app.addHook('onRequest', async (request, reply) => {
      const path = request.routedPath;
      if (isPublic(path)) {
        const wait = publicByAddress.hit(request.ip);
        if (wait > 0) refuse('public_address', reply, wait);
        return;
      }
      if (!isBff(path) || isSignIn(path)) return;
      await enforce(countBff, 'bff_session', request, reply);
      if (request.method === 'POST' && ACCOUNT_CALLS.has(path)) await enforce(accountByAddress, 'account_address', request, reply);
    });
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['@fastify/cookie', 'metrics', 'redis', 'session', 'routed-path'] },
);
