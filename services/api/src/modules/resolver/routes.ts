import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTERNAL_TOKEN_HEADER, resolverEntryQuerySchema, resolverEntrySchema, scanBatchResultSchema, scanBatchSchema } from '@product-console/shared';
import type { Config } from '../../config.js';
import { notFound, unauthenticated } from '../../errors.js';
import { errorResponses } from '../../http.js';
import { recordScans } from '../analytics/scans.js';
import { resolverEntry } from './service.js';

const tags = ['internal'];
const digest = (text: string) => createHash('sha256').update(text).digest();

/** onRequest hook: the `x-internal-token` header must equal the configured token (compared in constant time), else 401. */
export function requireInternalToken(token: string): onRequestAsyncHookHandler {
  const expected = digest(token);
  return async (request) => {
    const given = request.headers[INTERNAL_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) throw unauthenticated();
  };
}

const internalHeaders = z.object({ [INTERNAL_TOKEN_HEADER]: z.string().optional().describe('INTERNAL_TOKEN, shared with the gateway') });

/** Routes only the gateway calls: the resolver's data and its scan records. */
export function resolverRoutes(config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireInternalToken(config.INTERNAL_TOKEN);

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
        schema: {
          tags,
          summary: 'Internal: record a batch of scans the resolver answered',
          description: 'Scans of unknown entry paths are skipped; `accepted` counts the recorded ones.',
          headers: internalHeaders,
          body: scanBatchSchema,
          response: { 202: scanBatchResultSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => reply.code(202).send({ accepted: await recordScans(app.db, request.body) }),
    );
  };
}
