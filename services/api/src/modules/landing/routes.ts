import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { landingPageResponseSchema, landingViewQuerySchema } from '@product-console/shared';
import type { Config } from '../../config.js';
import { errorResponses } from '../../http.js';
import { landingPage } from './service.js';

/**
 * The consumer landing's one read per view (issue 15): the gateway renders each of the six views
 * of `/{serviceName}/product-details/{id}/preview[/{view}]` from this answer.
 */
export function landingPageRoutes(config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (scope) => {
      // Never stale after a save and cheap to revalidate (ETag, 304), as preview-contents.
      await scope.register(etag);
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/api/product/landing-page/page',
        {
          schema: {
            tags: ['landing'],
            summary: 'Public: everything one view of the consumer landing shows',
            description:
              "404 when the product is deleted, its entry inactive or deleted, its company not approved, or `serviceName` is not the product's company. " +
              'With `lang` and the design\'s automatic translation on, link titles and texts come translated. `view=verification` checks `serial` against the ' +
              "product's registered serials (genuine, unverified, noSerial), records the check and answers `Cache-Control: no-store`; other views `no-cache` with an ETag. " +
              "With `access` (a passport access link's token) `passport` holds the fields of a live link's level, or the public ones with `accessLink: 'invalid'`, " +
              'and the answer is `Cache-Control: private, no-store`.',
            querystring: landingViewQuerySchema,
            response: { 200: landingPageResponseSchema, ...errorResponses(400, 404) },
          },
        },
        async (request, reply) => {
          const result = await landingPage(app.db, app.translator, config.DIGITAL_LINK_DOMAIN, request.query);
          // An access link's answer holds restricted passport fields: kept by nobody on the way.
          const cacheControl = request.query.access ? 'private, no-store' : result.view === 'verification' ? 'no-store' : 'no-cache';
          reply.header('cache-control', cacheControl);
          return { result };
        },
      );
    });
  };
}
