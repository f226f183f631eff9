import { productListQuerySchema, productListResponseSchema, quickStartResponseSchema, totalCountResponseSchema } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { productList, quickStartSteps, totalCount } from './service.js';

const tags = ['overview'];

export const overviewRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/overview/total-count',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Counts of projects and products the caller can see',
        security: bearerAuth,
        response: { 200: totalCountResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: await totalCount(app.db, request.auth, companyIdOf(request.auth)) }),
  );

  app.get(
    '/api/overview/productList',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of products, newest first',
        security: bearerAuth,
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await productList(app.db, request.auth, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.get(
    '/api/overview/quick-start',
    {
      onRequest,
      schema: {
        tags,
        summary: "Which quick-start steps the company has done",
        description:
          'In the order of the quick-start page: `project` (a project exists), `product` (a live product), `link` (a shown link someone added; automatic links do not count), ' +
          '`qr` (a QR code was downloaded with `GET /api/product/qr?download=1`), `subAdmin` (a sub-admin was added or invited). Company-wide, whoever asks.',
        security: bearerAuth,
        response: { 200: quickStartResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: { steps: await quickStartSteps(app.db, companyIdOf(request.auth)) } }),
  );
};
