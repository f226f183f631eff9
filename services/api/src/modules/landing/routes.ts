import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { landingPageResponseSchema, landingViewQuerySchema, VISITOR_ADDRESS_HEADER } from '@product-console/shared';
import { errorResponses, internalHeaders, type Routes } from '../../http.js';
import { loadGeo, placeOf } from '../analytics/facts.js';
import { checkTap } from '../authenticity/nfc/tap.js';
import { landingPage, type VisitorOf } from './service.js';

const visitorHeaders = internalHeaders.extend({
  [VISITOR_ADDRESS_HEADER]: z.string().max(64).optional().describe("The shopper's address, named by the gateway (with its internal token) on the verification view; never stored"),
});

/**
 * The checking visitor (decision 065): the day's key and the country of the address the gateway
 * names; a header without the gateway's token is ignored (the check is then recorded without a visitor).
 */
async function visitorOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<VisitorOf | undefined> {
  const address = request.headers[VISITOR_ADDRESS_HEADER];
  if (typeof address !== 'string' || address === '') return undefined;
  const fromGateway = await app.requireGateway.call(app, request, reply).then(
    () => true,
    () => false,
  );
  if (!fromGateway) return undefined;
  const { country } = placeOf(await loadGeo(), address);
  return async (companyId) => ({ key: await app.scanIngest.salts.addressKeyNow(app.db, address, companyId), country });
}

/**
 * The consumer landing's one read per view (issue 15): the gateway renders each of the six views
 * of `/{serviceName}/product-details/{id}/preview[/{view}]` from this answer.
 */
export const landingPageRoutes: Routes = async (app, { config }) => {
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
            'With `lang` and the design\'s automatic translation on, link titles and texts come translated. `view=verification` says what is known of `serial` (issue 25): ' +
            '`genuine` only for a fresh NTAG 424 DNA tap (`picc_data`, `cmac`), `registered` with the check history, `warning` with what was seen, `notGenuine` with why, or `noSerial`; ' +
            "it records the check (the same answer to the visitor the gateway names, within a minute, once) " +
            'and answers `Cache-Control: no-store`; other views `no-cache` with an ETag. ' +
            "With `access` (a passport access link's token) `passport` holds the fields of a live link's level, or the public ones with `accessLink: 'invalid'`, " +
            'and the answer is `Cache-Control: private, no-store`.',
          querystring: landingViewQuerySchema,
          headers: visitorHeaders,
          response: { 200: landingPageResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const visitor = request.query.view === 'verification' ? await visitorOf(app, request, reply) : undefined;
        const result = await landingPage(app.db, app.translator, config.DIGITAL_LINK_DOMAIN, request.query, visitor, (target, tap, country) =>
          checkTap(app.db, app.nfcKeySealer, target, tap, country),
        );
        // An access link's answer holds restricted passport fields: kept by nobody on the way.
        const cacheControl = request.query.access ? 'private, no-store' : result.view === 'verification' ? 'no-store' : 'no-cache';
        reply.header('cache-control', cacheControl);
        return { result };
      },
    );
  });
};
