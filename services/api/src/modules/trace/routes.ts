import { z } from 'zod';
import {
  traceEventQuerySchema,
  traceEventResponseSchema,
  traceListQuerySchema,
  traceListResponseSchema,
  traceQuerySchema,
  traceResponseSchema,
  traceStartQuerySchema,
  traceStatusQuerySchema,
  traceStatusResponseSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import type { AuthContext } from '../access/auth-context.js';
import { requireService } from '../plans/require-service.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { addTraceEvent, getTrace, listTraces, startTrace, traceStatus, type TraceContext } from './service.js';

const tags = ['trace'];

/** One EPCIS 2.0 event as JSON; its rules are checked by the EPCIS validation, not here. */
const eventBodySchema = z.record(z.string(), z.unknown()).describe('One EPCIS 2.0 event (JSON), as `POST /epcis/events` takes it');

/**
 * The console's traceability calls (issue 17, spec points 4, 6 and 7): roles 1 and 2 only (a
 * sub-admin gets 403), the DPP service in the company's plan (403 E403004) and the product in the
 * caller's company (404).
 */
export const traceRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany, requireAdmin, requireService('DPP')];
  const context = (request: { auth: AuthContext }): TraceContext => ({
    db: app.db,
    auth: request.auth,
    companyId: companyIdOf(request.auth),
    templateOrigin: config.DIGITAL_LINK_DOMAIN,
  });

  app.get(
    '/api/trace/all',
    {
      onRequest,
      schema: {
        tags,
        summary: "The company's traced products, newest first, with event count and last event (page 1-based)",
        description: '`projectId` filters on one project of the company (404 for another company\'s project).',
        security: bearerAuth,
        querystring: traceListQuerySchema,
        response: { 200: traceListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listTraces(context(request), request.query),
  );

  app.get(
    '/api/trace/status',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Whether a product is traced, since when, and how many events its journey has',
        description: "An untraced product answers `traced: false` (the product page asks on every visit). 404 for another company's product.",
        security: bearerAuth,
        querystring: traceStatusQuerySchema,
        response: { 200: traceStatusResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await traceStatus(context(request), request.query.productId) }),
  );

  app.get(
    '/api/trace',
    {
      onRequest,
      schema: {
        tags,
        summary: "A traced product's journey, oldest first (page 1-based); with `serial`, one registered serial's journey and its current containers",
        description:
          'Events naming the product (or the serial), plus the events of the containers (aggregation parents) while they held it. 404 when the product is not traced, not the company\'s, or the serial is not registered for it.',
        security: bearerAuth,
        querystring: traceQuerySchema,
        response: { 200: traceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getTrace(context(request), request.query),
  );

  app.put(
    '/api/trace/start',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Start tracing a DPP product: the traceability link and a commissioning event; a second start changes nothing',
        description: "409 for a product not on the DPP service or without GTIN. Answers `x-resolver-invalidate` with the product's entry path when the link was added.",
        security: bearerAuth,
        querystring: traceStartQuerySchema,
        response: { 200: traceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { trace, entryPaths } = await startTrace(context(request), request.query.productId);
      if (entryPaths.length > 0) await request.publish({ type: 'planUsage.changed', companyId: companyIdOf(request.auth), resource: 'link' });
      invalidateResolver(reply, entryPaths);
      return trace;
    },
  );

  app.post(
    '/api/trace/events',
    {
      onRequest,
      schema: {
        tags,
        summary: "Record one EPCIS 2.0 event of a traced product (the console's add-event form)",
        description:
          "Validated as capture validates; 400 with field errors under the event's fields (`epcList.0`), or on `epcList` when the event does not name the product's GTIN. 409 when its eventID is already recorded.",
        security: bearerAuth,
        querystring: traceEventQuerySchema,
        body: eventBodySchema,
        response: { 201: traceEventResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send({ result: await addTraceEvent(context(request), request.query.productId, request.body) }),
  );
};
