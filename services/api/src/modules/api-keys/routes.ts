import { z } from 'zod';
import { apiKeyCreatedResponseSchema, apiKeyCreateSchema, apiKeyIdParamSchema, apiKeyListResponseSchema, ROLE } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany, requireRole } from '../../plugins/auth.js';
import { requireService } from '../plans/require-service.js';
import { API_KEY_SERVICE, createApiKey, listApiKeys, revokeApiKey } from './service.js';

const tags = ['api-keys'];

/**
 * The console's management of machine clients' keys (issue 17): managers (and a switched
 * super-admin) of a company whose plan has the DPP service, which traceability belongs to.
 */
export const apiKeyRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireRole(ROLE.SUPER_ADMIN, ROLE.MANAGER), requireCompany, requireService(API_KEY_SERVICE)];

  app.post(
    '/api/auth/api-keys',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create an API key for machine clients (EPCIS, /api/v1) with its scopes; the key is in this answer only',
        description: `Answers the key once (it is stored hashed). A company holds at most 50 live keys (409 beyond). Without scopes the key gets the EPCIS ones; \`projectId\` limits it to one project, \`expiresAt\` ends it.`,
        security: bearerAuth,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(app.db, companyIdOf(request.auth), request.auth.userId, request.body);
      // Never kept by a cache between the client and us.
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ result: created });
    },
  );

  app.get(
    '/api/auth/api-keys',
    {
      onRequest,
      schema: {
        tags,
        summary: "The company's API keys, newest first, without the keys",
        security: bearerAuth,
        response: { 200: apiKeyListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: await listApiKeys(app.db, companyIdOf(request.auth)) }),
  );

  app.delete(
    '/api/auth/api-keys/:apiKeyId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Revoke an API key: it answers 401 from now on',
        security: bearerAuth,
        params: apiKeyIdParamSchema,
        response: { 200: z.object({ result: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await revokeApiKey(app.db, companyIdOf(request.auth), request.params.apiKeyId);
      return { result: true as const };
    },
  );
};
