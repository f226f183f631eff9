import { analyticsDashboardResponseSchema, analyticsQuerySchema, sparklinesQuerySchema, sparklinesResponseSchema } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { readDashboard } from './dashboard.js';
import { readSparklines } from './sparklines.js';

const tags = ['analytics'];

export const analyticsRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/analytics/dashboard',
    {
      onRequest,
      schema: {
        tags,
        summary: 'DL-analytics: scans of a range of local days, with the previous period',
        description:
          '`from` and `to` are days in the company time zone, both included (at most 366 days); the comparison period has the same length and ends the day before `from`. ' +
          'Read from the hourly rollups: the series is hourly for ranges of up to 2 days, else daily; ranked lists hold the top 10 (serials 20). ' +
          'Sub-admins read the products of their projects only.',
        security: bearerAuth,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsDashboardResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await readDashboard(app.db, request.auth, companyIdOf(request.auth), request.query) }),
  );

  app.get(
    '/api/analytics/sparklines',
    {
      onRequest,
      schema: {
        tags,
        summary: "Each product's scans per local day over the last 30 days (oldest first)",
        description: 'Products the caller may not read are left out of the answer.',
        security: bearerAuth,
        querystring: sparklinesQuerySchema,
        response: { 200: sparklinesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ result: await readSparklines(app.db, request.auth, companyIdOf(request.auth), request.query.productIds) }),
  );
};
