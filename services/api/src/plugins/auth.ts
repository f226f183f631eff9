import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { INTERNAL_TOKEN_HEADER, isAdminRole, type RoleId } from '@product-console/shared';
import type { Config } from '../config.js';
import { forbidden, unauthenticated } from '../errors.js';
import { prepareDummyHash } from '../modules/auth/passwords.js';
import type { AuthContext } from '../modules/access/auth-context.js';
import { loadAuthContext } from '../modules/auth/service.js';
import { createTokenService, type TokenService } from '../modules/auth/tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** onRequest hook: resolves `request.auth` from the bearer token or answers 401. */
    authenticate: onRequestAsyncHookHandler;
    /**
     * onRequest hook of the calls only the gateway makes (sign-in, token refresh and switch, the
     * resolver's data): the `x-internal-token` header must be the configured INTERNAL_TOKEN, else 401.
     */
    requireGateway: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; only read it on routes that use that hook. */
    auth: AuthContext;
  }
}

export interface AuthPluginOptions {
  config: Config;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthenticated();
  return match[1];
}

export default fp<AuthPluginOptions>(
  async (app, { config }) => {
    const tokens = createTokenService({
      secret: config.JWT_SECRET,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    });
    await prepareDummyHash();
    app.decorate('tokens', tokens);
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const claims = await tokens.verifyAccessToken(bearerToken(request));
      request.auth = await loadAuthContext(app.db, claims);
    });
    const internalToken = digest(config.INTERNAL_TOKEN);
    app.decorate('requireGateway', async (request: FastifyRequest) => {
      const given = request.headers[INTERNAL_TOKEN_HEADER];
      // Compared as digests in constant time: neither length nor content leaks through timing.
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), internalToken)) throw unauthenticated();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** onRequest hook (after `authenticate`): only the listed roles pass, others get 403. */
export function requireRole(...roles: RoleId[]): onRequestAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(request.auth.roleId)) throw forbidden();
  };
}

/** onRequest hook (after `authenticate`): managers and super-admins only. */
export const requireAdmin: onRequestAsyncHookHandler = async (request) => {
  if (!isAdminRole(request.auth.roleId)) throw forbidden();
};

/** onRequest hook (after `authenticate`): the caller must act for a company (403 for an unswitched super-admin). */
export const requireCompany: onRequestAsyncHookHandler = async (request) => {
  if (request.auth.companyId === null) throw forbidden();
};

/** The company the caller acts for; use behind `requireCompany`. */
export function companyIdOf(auth: AuthContext): number {
  if (auth.companyId === null) throw forbidden();
  return auth.companyId;
}
