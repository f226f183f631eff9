import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import {
  emailDomainOf,
  ERROR_CODES,
  ssoLookupResponseSchema,
  ssoStartBodySchema,
  type SsoFailureReason,
  type SsoLookupResponse,
} from '@product-console/shared';
import { fromUpstreamError, gatewayErrors } from '../../errors.js';
import { openSession, tokenAnswer } from './auth.js';

/*
 * Single sign-on through a company's OpenID Connect provider (decision 087): the authorization-code
 * flow with PKCE, state and nonce, run by openid-client. The state lives in the gateway's store
 * (any replica can take the callback), is taken once and expires; it is bound to the browser that
 * started the sign-in by a cookie of its own, so a callback carried into another browser (a forced
 * sign-in) fails. The API's internal routes answer the company's provider and issue the tokens;
 * the browser sees neither. Every failure of the callback lands on the sign-in page with a reason.
 */

export interface SsoRouteOptions {
  /** The console's address: the redirect URI is `<publicUrl>/bff/auth/sso/callback`. */
  publicUrl: string;
  stateTtlSeconds: number;
  cookieSecure: boolean;
}

const BINDING_COOKIE = 'sso_binding';
const CALLBACK_PATH = '/bff/auth/sso/callback';
const stateKey = (state: string) => `sso-state:${state}`;
const STATE = /^[A-Za-z0-9_-]{20,128}$/;

const stateRecordSchema = z.object({
  email: z.string(),
  companyId: z.number(),
  issuer: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  binding: z.string(),
});

const sha256 = (value: string) => createHash('sha256').update(value).digest();

class SsoFailure extends Error {
  constructor(
    readonly reason: SsoFailureReason,
    detail: string,
  ) {
    super(detail);
  }
}

/** Discovered provider configurations, reused for a few minutes (the start and its callback need the same one). */
function createConfigurationCache(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
  return (provider: SsoLookupResponse): Promise<oidc.Configuration> => {
    const key = `${provider.issuer}\n${provider.clientId}\n${sha256(provider.clientSecret).toString('hex')}`;
    const cached = entries.get(key);
    if (cached && Date.now() - cached.at < ttlMs) return cached.config;
    const insecure = new URL(provider.issuer).protocol === 'http:';
    const config = oidc
      .discovery(new URL(provider.issuer), provider.clientId, undefined, oidc.ClientSecretPost(provider.clientSecret), {
        // The API accepts a plain-http issuer only where the operator allows it (development, tests).
        execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((err: unknown) => {
        entries.delete(key);
        throw err;
      });
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { at: Date.now(), config });
    return config;
  };
}

async function lookup(request: FastifyRequest, email: string): Promise<SsoLookupResponse> {
  const response = await request.server.upstream.call('POST', '/api/internal/sso/lookup', { body: { email }, requestId: request.id });
  if (response.status !== 200) throw fromUpstreamError(response.status, response.body);
  const parsed = ssoLookupResponseSchema.safeParse(response.body);
  if (!parsed.success) throw gatewayErrors.badUpstreamAnswer(parsed.error);
  return parsed.data;
}

const REASON_OF_CODE: Partial<Record<string, SsoFailureReason>> = {
  [ERROR_CODES.SSO_NO_ACCOUNT]: 'no-account',
  // A new sub-admin past the plan's limit: nobody can be added until the manager frees a place.
  [ERROR_CODES.PLAN_LIMIT_REACHED]: 'no-account',
  [ERROR_CODES.COMPANY_NOT_AUTHORIZED]: 'not-approved',
  [ERROR_CODES.SSO_NOT_CONFIGURED]: 'domain',
};

const ssoRoutes: FastifyPluginAsync<SsoRouteOptions> = async (app, options) => {
  const redirectUri = new URL(CALLBACK_PATH, options.publicUrl).href;
  const configurationOf = createConfigurationCache(5 * 60_000);
  const bindingCookie = { httpOnly: true, sameSite: 'lax' as const, path: '/bff/auth/sso', secure: options.cookieSecure };

  app.post('/start', { onRequest: app.rateLimits.signInByAddress }, async (request, reply) => {
    const parsed = ssoStartBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw gatewayErrors.validation(parsed.error);
    await app.sessions.assertAvailable();
    const provider = await lookup(request, parsed.data.email);
    let config: oidc.Configuration;
    try {
      config = await configurationOf(provider);
    } catch (err) {
      request.log.info({ err, issuer: provider.issuer }, 'sso discovery failed');
      throw gatewayErrors.upstreamBadGateway(err);
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const binding = randomBytes(32).toString('base64url');
    await app.store.set(
      stateKey(state),
      {
        email: parsed.data.email,
        companyId: provider.companyId,
        issuer: provider.issuer,
        codeVerifier,
        nonce,
        binding: sha256(binding).toString('base64url'),
      },
      options.stateTtlSeconds,
    );
    reply.setCookie(BINDING_COOKIE, binding, { ...bindingCookie, maxAge: options.stateTtlSeconds });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      login_hint: parsed.data.email,
    });
    return { redirectUrl: url.href };
  });

  /** Takes a state once: a second callback with it (a replay, or two tabs) finds nothing. */
  async function takeState(state: string): Promise<z.infer<typeof stateRecordSchema> | null> {
    if (!STATE.test(state)) return null;
    if ((await app.store.acquireLock(`${stateKey(state)}:taken`, options.stateTtlSeconds * 1000)) === null) return null;
    const raw = await app.store.get(stateKey(state));
    await app.store.delete(stateKey(state));
    const parsed = stateRecordSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }

  async function complete(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    const record = state ? await takeState(state) : null;
    const presented = request.cookies[BINDING_COOKIE];
    reply.clearCookie(BINDING_COOKIE, bindingCookie);
    if (!record) throw new SsoFailure('state', 'unknown, expired or used state');
    const expected = Buffer.from(record.binding, 'base64url');
    if (!presented || !timingSafeEqual(sha256(presented), expected)) throw new SsoFailure('state', 'state of another browser');
    if (typeof query.error === 'string') throw new SsoFailure('provider', `provider answered ${query.error.slice(0, 100)}`);

    const provider = await lookup(request, record.email).catch(() => {
      throw new SsoFailure('provider', 'the company has no provider any more');
    });
    if (provider.companyId !== record.companyId || provider.issuer !== record.issuer) throw new SsoFailure('provider', 'the provider changed');
    let claims: oidc.IDToken;
    try {
      const config = await configurationOf(provider);
      const currentUrl = new URL(request.url, options.publicUrl);
      const tokens = await oidc.authorizationCodeGrant(
        config,
        currentUrl,
        { pkceCodeVerifier: record.codeVerifier, expectedState: state, expectedNonce: record.nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      claims = tokens.claims()!;
    } catch (err) {
      const { message, code, cause } = err as Error & { code?: string; cause?: unknown };
      const why = cause instanceof Error ? cause.message : typeof cause === 'object' && cause !== null ? JSON.stringify(cause).slice(0, 300) : '';
      throw new SsoFailure('provider', `code exchange or ID token refused: ${code ?? ''} ${message} ${why}`.trim());
    }
    if (claims.email_verified !== true) throw new SsoFailure('unverified', 'email_verified is not true');
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || !provider.domains.includes(emailDomainOf(email))) throw new SsoFailure('domain', 'the e-mail is not at a domain of the company');

    const response = await app.upstream.call('POST', '/api/internal/sso/sign-in', {
      body: {
        companyId: provider.companyId,
        issuer: provider.issuer,
        subject: claims.sub,
        email,
        emailVerified: true,
        ...(typeof claims.given_name === 'string' ? { givenName: claims.given_name.slice(0, 100) } : {}),
        ...(typeof claims.family_name === 'string' ? { familyName: claims.family_name.slice(0, 100) } : {}),
      },
      requestId: request.id,
    });
    if (response.status !== 200) {
      const code = (response.body as { code?: string } | null)?.code ?? '';
      throw new SsoFailure(REASON_OF_CODE[code] ?? 'unavailable', `the API answered ${response.status} ${code}`);
    }
    await openSession(request, reply, tokenAnswer(response));
  }

  app.get('/callback', async (request, reply) => {
    try {
      await complete(request, reply);
      return reply.redirect('/', 303);
    } catch (err) {
      const reason: SsoFailureReason = err instanceof SsoFailure ? err.reason : 'unavailable';
      request.log.info({ reason, detail: (err as Error).message }, 'single sign-on refused');
      return reply.redirect(`/login?sso=${reason}`, 303);
    }
  });
};

export default ssoRoutes;
