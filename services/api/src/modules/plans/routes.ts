import { checkLinkQuerySchema, isLimitSchema, planInfoResponseSchema, planListResponseSchema } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { isLinkLimitReachedFor, isProductLimitReached } from './limits.js';
import { listPlans, planInfo } from './service.js';

const tags = ['plan'];

export const planRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/service/plan/info',
    {
      onRequest,
      schema: {
        tags,
        summary: "The company's plan, limits and usage",
        security: bearerAuth,
        response: { 200: planInfoResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ result: await planInfo(app.db, companyIdOf(request.auth)) }),
  );

  app.get(
    '/api/service/plan/check/product',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Whether the product limit of the plan is reached',
        security: bearerAuth,
        response: { 200: isLimitSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ isLimit: await isProductLimitReached(app.db, companyIdOf(request.auth)) }),
  );

  app.get(
    '/api/service/plan/check/link',
    {
      onRequest,
      schema: {
        tags,
        summary: "Whether the product's link limit of the plan is reached",
        description: "Only for a product the caller may read: 404 for another company's product, 403 for a sub-admin without product access to its project.",
        security: bearerAuth,
        querystring: checkLinkQuerySchema,
        response: { 200: isLimitSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      isLimit: await isLinkLimitReachedFor(app.db, request.auth, companyIdOf(request.auth), request.query.productId),
    }),
  );

  app.get(
    '/api/service/plan/list',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every plan with its services and limits, marking the company\'s current one (pricing page)',
        security: bearerAuth,
        response: { 200: planListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: await listPlans(app.db, companyIdOf(request.auth)) }),
  );
};
