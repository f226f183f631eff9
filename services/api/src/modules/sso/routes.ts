import {
  resultTrueSchema,
  ssoLookupBodySchema,
  ssoLookupResponseSchema,
  ssoSettingsBodySchema,
  ssoSettingsResponseSchema,
  ssoSignInBodySchema,
  tokenPairResponseSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, internalHeaders, type Routes } from '../../http.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import { createSsoSecretSealer, deleteSsoSettings, getSsoSettings, lookupSso, saveSsoSettings, ssoSignIn } from './service.js';

/*
 * Single sign-on through a company's OpenID Connect provider (decision 087). Managers (and a
 * super-admin acting for the company) keep the settings; the gateway runs the sign-in and calls
 * the two internal routes, which need its internal token: one answers the provider with its
 * secret, the other issues tokens.
 */
export const ssoRoutes: Routes = async (app, { config }) => {
  const sealer = createSsoSecretSealer(config.CREDENTIAL_KEY_SECRET);
  const policy = { allowInsecureIssuers: config.SSO_ALLOW_INSECURE_ISSUERS, discoveryTimeoutMs: config.SSO_DISCOVERY_TIMEOUT_MS };
  const redirectUri = new URL('/bff/auth/sso/callback', config.PUBLIC_URL).href;
  const admin = [app.authenticate, requireCompany, requireAdmin];

  app.get(
    '/api/auth/me/sso',
    {
      onRequest: admin,
      schema: {
        tags: ['companies'],
        summary: "The company's single sign-on settings (admins); the client secret is never answered, only whether it is set",
        security: bearerAuth,
        response: { 200: ssoSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: await getSsoSettings(app.db, companyIdOf(request.auth)), redirectUri }),
  );

  app.put(
    '/api/auth/me/sso',
    {
      onRequest: admin,
      schema: {
        tags: ['companies'],
        summary:
          "Set the company's OpenID Connect provider (admins). The issuer's discovery document must answer (400 E400010); a domain of another company is refused (409 E409030)",
        security: bearerAuth,
        body: ssoSettingsBodySchema,
        response: { 200: ssoSettingsResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ result: await saveSsoSettings(app.db, sealer, policy, companyIdOf(request.auth), request.body), redirectUri }),
  );

  app.delete(
    '/api/auth/me/sso',
    {
      onRequest: admin,
      schema: {
        tags: ['companies'],
        summary: "Remove the company's single sign-on (admins): its domains are freed and password sign-in works again",
        security: bearerAuth,
        response: { 200: resultTrueSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await deleteSsoSettings(app.db, companyIdOf(request.auth));
      return { result: true as const };
    },
  );

  app.post(
    '/api/internal/sso/lookup',
    {
      onRequest: [app.requireGateway],
      schema: {
        tags: ['internal'],
        summary: "Internal: the provider (with its client secret) of the company holding the e-mail's domain; 404 E404010 when none",
        headers: internalHeaders,
        body: ssoLookupBodySchema,
        response: { 200: ssoLookupResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => lookupSso(app.db, sealer, request.body.email),
  );

  app.post(
    '/api/internal/sso/sign-in',
    {
      onRequest: [app.requireGateway],
      schema: {
        tags: ['internal'],
        summary: 'Internal: a token pair for the person of a validated ID token, found or created just in time',
        headers: internalHeaders,
        body: ssoSignInBodySchema,
        response: { 200: tokenPairResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ssoSignIn(app.db, app.tokens, request.body, request.publish),
  );
};
