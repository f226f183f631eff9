import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInfoResponseSchema, customerListResponseSchema, ROLE } from '@product-console/shared';
import { bearerAuth, errorResponses } from '../../http.js';
import { companyIdOf, requireCompany, requireRole } from '../../plugins/auth.js';
import { getCompanyInfo, listCustomers } from './service.js';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/me/company-info',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['companies'],
        summary: 'The company the caller acts for',
        security: bearerAuth,
        response: { 200: companyInfoResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: await getCompanyInfo(app.db, companyIdOf(request.auth)) }),
  );

  app.get(
    '/api/service/super/customer/list',
    {
      onRequest: [app.authenticate, requireRole(ROLE.SUPER_ADMIN)],
      schema: {
        tags: ['super-admin'],
        summary: 'Every customer company with its approval state and plan',
        security: bearerAuth,
        response: { 200: customerListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ result: await listCustomers(app.db) }),
  );
};
