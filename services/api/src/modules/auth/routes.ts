import {
  refreshBodySchema,
  refreshResponseSchema,
  resultTrueSchema,
  signInBodySchema,
  signOutBodySchema,
  switchCustomerBodySchema,
  tokenPairResponseSchema,
  userResponseSchema,
  ROLE,
} from '@product-console/shared';
import { bearerAuth, errorResponses, internalHeaders, type Routes } from '../../http.js';
import { requireCompany, requireRole } from '../../plugins/auth.js';
import { getUserView, refresh, signIn, signOut, switchCustomer } from './service.js';

const tags = ['auth'];

/*
 * Sign-in, refresh and the switch of company issue tokens: only the gateway calls them (it keeps
 * the tokens in its session store and limits sign-in attempts), so they require its internal
 * token. A browser never reaches them, even through a gap in the gateway's own refusals.
 */
export const authRoutes: Routes = async (app) => {
  app.post(
    '/api/auth/sign/in',
    {
      onRequest: [app.requireGateway],
      schema: {
        tags,
        summary: 'Sign in with email and password (the gateway only)',
        headers: internalHeaders,
        body: signInBodySchema,
        response: { 200: tokenPairResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => signIn(app.db, app.tokens, request.body),
  );

  app.post(
    '/api/auth/sign/out',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the refresh token and its family',
        body: signOutBodySchema.optional(),
        response: { 200: resultTrueSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await signOut(app.db, request.body?.authToken);
      return { result: true as const };
    },
  );

  app.post(
    '/api/auth/token/refresh',
    {
      onRequest: [app.requireGateway],
      schema: {
        tags,
        summary: 'Rotate a refresh token into a new token pair (the gateway only)',
        headers: internalHeaders,
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => refresh(app.db, app.tokens, request.body.authToken),
  );

  app.get(
    '/api/auth/me/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'The signed-in user, as seen in the company it acts for',
        security: bearerAuth,
        response: { 200: userResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ user: await getUserView(app.db, request.auth.userId, request.auth.companyId) }),
  );

  app.get(
    '/api/auth/super/switch-customer',
    {
      onRequest: [app.authenticate, requireRole(ROLE.SUPER_ADMIN), requireCompany],
      schema: {
        tags,
        summary: 'The super-admin as seen in its switched company',
        security: bearerAuth,
        response: { 200: userResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ user: await getUserView(app.db, request.auth.userId, request.auth.companyId) }),
  );

  app.post(
    '/api/auth/token/switch-customer',
    {
      onRequest: [app.requireGateway, app.authenticate, requireRole(ROLE.SUPER_ADMIN)],
      schema: {
        tags,
        summary: 'Super-admin: a token pair acting for a customer company (the gateway only)',
        security: bearerAuth,
        headers: internalHeaders,
        body: switchCustomerBodySchema,
        response: { 200: tokenPairResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => switchCustomer(app.db, app.tokens, request.auth, request.body.customerId),
  );
};
