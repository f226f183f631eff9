import {
  BATCH_LINKS_MAX,
  batchCreateBodySchema,
  batchIdQuerySchema,
  batchLinkCreateBodySchema,
  batchLinkDeleteQuerySchema,
  batchLinkResponseSchema,
  batchLinksResponseSchema,
  batchListQuerySchema,
  batchPageResponseSchema,
  batchResponseSchema,
  batchSerialsBodySchema,
  batchSerialsResultSchema,
  batchUpdateBodySchema,
  resultTrueSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import {
  assignSerials,
  createBatch,
  createBatchLink,
  deleteBatch,
  deleteBatchLink,
  getBatch,
  listBatchLinks,
  listBatches,
  updateBatch,
} from './service.js';

const tags = ['batches'];
const access =
  'Another company’s product or batch answers 404; a sub-admin needs product read (reads) or write (writes) access on the project of the batch’s product.';
const invalidates = 'Answers `x-resolver-invalidate` with the entry path.';

/** Batches (lots) of a product and their own links (issue 27, decision 076), beside the entry's qualifiers. */
export const batchRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/entry/batches/all',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of a product's batches, newest first, optionally matching part of a lot number",
        description: access,
        security: bearerAuth,
        querystring: batchListQuerySchema,
        response: { 200: batchPageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listBatches(app.db, request.auth, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.get(
    '/api/entry/batches/',
    {
      onRequest,
      schema: { tags, summary: 'One batch', description: access, security: bearerAuth, querystring: batchIdQuerySchema, response: { 200: batchResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ result: await getBatch(app.db, request.auth, companyIdOf(request.auth), request.query.batchId) }),
  );

  app.post(
    '/api/entry/batches/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a batch (lot) to a product',
        description: `The lot number follows AI 10 (1 to 20 characters of GS1 CSET 82); dates are days (YYYY-MM-DD), the expiry and best-before not before the production date. The product's key must carry lots (AI 01). A lot number the product has already answers 409. ${invalidates} ${access}`,
        security: bearerAuth,
        body: batchCreateBodySchema,
        response: { 201: batchResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { result, entryPath } = await createBatch(app.db, request.auth, companyIdOf(request.auth), request.body);
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send({ result });
    },
  );

  app.put(
    '/api/entry/batches/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the fields of a batch (null clears one)',
        description: `${invalidates} ${access}`,
        security: bearerAuth,
        body: batchUpdateBodySchema,
        response: { 200: batchResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { result, entryPath } = await updateBatch(app.db, request.auth, companyIdOf(request.auth), request.body);
      invalidateResolver(reply, [entryPath]);
      return { result };
    },
  );

  app.put(
    '/api/entry/batches/delete',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a batch and its links (its serials stay registered, in no batch)',
        description: `${invalidates} ${access}`,
        security: bearerAuth,
        querystring: batchIdQuerySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      invalidateResolver(reply, [await deleteBatch(app.db, request.auth, companyIdOf(request.auth), request.query.batchId)]);
      return { result: true as const };
    },
  );

  app.put(
    '/api/entry/batches/serials',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Put serials of the product into a batch, or out of any (batchId null), all or none',
        description: `\`changed\` counts the serials whose batch changed. An id that is not a live serial of the product answers 400 naming it. ${invalidates} ${access}`,
        security: bearerAuth,
        body: batchSerialsBodySchema,
        response: { 200: batchSerialsResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { result, entryPath } = await assignSerials(app.db, request.auth, companyIdOf(request.auth), request.body);
      invalidateResolver(reply, [entryPath]);
      return { result: true as const, changed: result };
    },
  );

  app.get(
    '/api/entry/batches/links',
    {
      onRequest,
      schema: {
        tags,
        summary: "A batch's own links in their order",
        description: access,
        security: bearerAuth,
        querystring: batchIdQuerySchema,
        response: { 200: batchLinksResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await listBatchLinks(app.db, request.auth, companyIdOf(request.auth), request.query.batchId) }),
  );

  app.post(
    '/api/entry/batches/links',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a link to a batch (a batch certificate, a lab report)',
        description: `Resolved for \`/01/{gtin}/10/{lot}\` before the product's links of the same type. At most ${BATCH_LINKS_MAX} per batch (409); they do not count against the plan's link limit. ${invalidates} ${access}`,
        security: bearerAuth,
        body: batchLinkCreateBodySchema,
        response: { 201: batchLinkResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { result, entryPath } = await createBatchLink(app.db, request.auth, companyIdOf(request.auth), request.body);
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send({ result });
    },
  );

  app.delete(
    '/api/entry/batches/links',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove a link of a batch',
        description: `${invalidates} ${access}`,
        security: bearerAuth,
        querystring: batchLinkDeleteQuerySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      invalidateResolver(reply, [await deleteBatchLink(app.db, request.auth, companyIdOf(request.auth), request.query)]);
      return { result: true as const };
    },
  );
};
