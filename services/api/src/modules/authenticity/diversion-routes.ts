import { diversionIdQuerySchema, diversionListQuerySchema, diversionPageResponseSchema, diversionResponseSchema } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { listDiversions, recordDiversions, setDiversionDismissed } from './diversion.js';

const tags = ['authenticity'];

/** The desk's reads and writes of diversion signals (decision 070), and the scan rule that raises them. */
export const diversionRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  // Every committed scan batch: scans outside a product's intended markets raise or add to a signal.
  app.scanIngest.addRule('diversion', async (facts, publish) => {
    const diverted = await recordDiversions(app.db, facts);
    if (diverted.length > 0) await publish(...diverted.map((signal) => ({ type: 'authenticity.diversion' as const, ...signal })));
  });

  app.get(
    '/api/authenticity/diversions',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of the company's diversion signals (scans outside a product's intended markets), latest scan first",
        description:
          'One signal per product, serial (null for scans without one) and country, with its scan count and first and last scan. Filters: `productId`, `dismissed` (true or false). A sub-admin sees the signals of its projects’ products only.',
        security: bearerAuth,
        querystring: diversionListQuerySchema,
        response: { 200: diversionPageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listDiversions(app.db, request.auth, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  for (const [path, dismissed] of [
    ['/api/authenticity/diversions/dismiss', true],
    ['/api/authenticity/diversions/undismiss', false],
  ] as const) {
    app.put(
      path,
      {
        onRequest,
        schema: {
          tags,
          summary: dismissed ? 'Dismiss a diversion signal (it stays, marked dismissed; later scans still count)' : 'Undo the dismissal of a diversion signal',
          description: 'Answers the signal. Another company’s signal answers 404; a sub-admin needs product write access on the project of the signal’s product (404 for a product it cannot see).',
          security: bearerAuth,
          querystring: diversionIdQuerySchema,
          response: { 200: diversionResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ result: await setDiversionDismissed(app.db, request.auth, companyIdOf(request.auth), request.query.id, dismissed) }),
    );
  }
};
