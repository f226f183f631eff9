import { resolverEntryQuerySchema, resolverEntrySchema, scanBatchResultSchema, scanBatchSchema } from '@product-console/shared';
import { notFound } from '../../errors.js';
import { errorResponses, internalHeaders, type Routes } from '../../http.js';
import { resolverEntry } from './service.js';

const tags = ['internal'];

/** Routes only the gateway calls: the resolver's data and its scan records. */
export const resolverRoutes: Routes = async (app) => {
  const onRequest = app.requireGateway;

  app.get(
    '/api/internal/resolver/entry',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Internal: the link set the resolver answers for an entry path',
        description: 'Only live, active entries of live products; shown, active links; serial links only of live serials. 404 otherwise.',
        headers: internalHeaders,
        querystring: resolverEntryQuerySchema,
        response: { 200: resolverEntrySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const entry = await resolverEntry(app.db, request.query.entryPath);
      if (!entry) throw notFound();
      return entry;
    },
  );

  app.post(
    '/api/internal/resolver/scans',
    {
      onRequest,
      // The hot path of every scan writes no audited table: its writes skip the audit actor (decision 088).
      config: { audit: false },
      schema: {
        tags,
        summary: 'Internal: record a batch of scans the resolver answered',
        description:
          'Scans of unknown entry paths and of bots are skipped; `accepted` counts the recorded ones. The client address and User-Agent are read for place, device and visitor hash, never stored.',
        headers: internalHeaders,
        body: scanBatchSchema,
        response: { 202: scanBatchResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => reply.code(202).send({ accepted: await app.scanIngest.record(request.body, request.publish) }),
  );
};
