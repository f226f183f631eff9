import { z } from 'zod';
import {
  recallCreateBodySchema,
  recallIdQuerySchema,
  recallListQuerySchema,
  recallPageResponseSchema,
  recallResponseSchema,
  recallScansResponseSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { csvOf } from '../data/spreadsheet.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { endRecall, getRecall, listRecalls, recallScansByCountry, startRecall } from './service.js';

const tags = ['recalls'];
const access =
  'Another company’s recall or product answers 404. Managers start and end recalls (a sub-admin gets 403); a sub-admin reads the recalls of its projects’ products.';

/** Recalls of batches, serial ranges or whole products (issue 27, decision 079). */
export const recallRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/recall/all',
    {
      onRequest,
      schema: { tags, summary: "A page of the company's recalls, newest first, optionally of one product", description: access, security: bearerAuth, querystring: recallListQuerySchema, response: { 200: recallPageResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listRecalls(app.db, request.auth, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.get(
    '/api/recall/',
    { onRequest, schema: { tags, summary: 'One recall', description: access, security: bearerAuth, querystring: recallIdQuerySchema, response: { 200: recallResponseSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => ({ result: await getRecall(app.db, request.auth, companyIdOf(request.auth), request.query.recallId) }),
  );

  app.post(
    '/api/recall/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Start a recall of batches, a range of serials or the whole product',
        description: `From \`startsAt\` (default now) the resolver's default answer for an affected code is the recall notice (link type \`gs1:recallStatus\`, the landing's verification view), which the landing's index and verification views show first. An EPCIS ObjectEvent with disposition \`recalled\` on the affected lots (quantities of their class), serials (up to 1,000 instances) or the product's class is recorded in the same transaction, and the company's users are notified. Answers \`x-resolver-invalidate\` with the entry path. ${access}`,
        security: bearerAuth,
        body: recallCreateBodySchema,
        response: { 201: recallResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { recall, entryPath, companyId } = await startRecall(app.db, request.auth, companyIdOf(request.auth), request.body, app.jobs);
      await request.publish(
        { type: 'recall.started', companyId, productId: recall.productId, productName: recall.productName, recallId: recall.recallId, lots: recall.batches.map((batch) => batch.lot) },
        { type: 'epcis.captured', companyId },
      );
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send({ result: recall });
    },
  );

  app.put(
    '/api/recall/end',
    {
      onRequest,
      schema: {
        tags,
        summary: 'End a recall now (affected codes resolve as before)',
        description: `Ending an ended recall changes nothing. Answers \`x-resolver-invalidate\` with the entry path. ${access}`,
        security: bearerAuth,
        querystring: recallIdQuerySchema,
        response: { 200: recallResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { recall, entryPath } = await endRecall(app.db, request.auth, companyIdOf(request.auth), request.query.recallId);
      if (entryPath) invalidateResolver(reply, [entryPath]);
      return { result: recall };
    },
  );

  app.get(
    '/api/recall/scans',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Scans answered with the recall notice since the start (until the end), by country',
        description: `Country null: the scan's place is not known. ${access}`,
        security: bearerAuth,
        querystring: recallIdQuerySchema,
        response: { 200: recallScansResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: (await recallScansByCountry(app.db, request.auth, companyIdOf(request.auth), request.query.recallId)).rows }),
  );

  app.get(
    '/api/recall/scans/export',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The same scans by country as CSV, for the authority',
        description: `Columns recallId, productId, lots, serialFrom, serialTo, startsAt, endedAt, country, scans, firstAt, lastAt. ${access}`,
        security: bearerAuth,
        querystring: recallIdQuerySchema,
        response: { 200: z.unknown().describe('CSV'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { recall, rows } = await recallScansByCountry(app.db, request.auth, companyIdOf(request.auth), request.query.recallId);
      const csv = await csvOf(
        ['recallId', 'productId', 'lots', 'serialFrom', 'serialTo', 'startsAt', 'endedAt', 'country', 'scans', 'firstAt', 'lastAt'],
        rows.map((row) => [recall.id, recall.productId, recall.lots.join(' '), recall.serialFrom, recall.serialTo, recall.startsAt.toISOString(), recall.endedAt?.toISOString() ?? null, row.country ?? '', row.scans, row.firstAt, row.lastAt]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="recall-${recall.id}-scans.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
