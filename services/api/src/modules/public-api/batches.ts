import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { v1BatchCreateSchema, v1BatchIdParamSchema, v1BatchSchema, v1BatchUpdateSchema, v1Page, v1PageQuerySchema, v1ProductIdParamSchema } from '@product-console/shared';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Routes } from '../../http.js';
import { authorizeBatch, countsOf, createBatch, deleteBatch, toBatch, updateBatch } from '../batches/service.js';
import { batches } from '../batches/tables.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { afterCursor, cursorTime, decodeCursor, pageOf } from './paging.js';
import { keyProduct } from './products.js';
import { v1Errors } from './problem.js';

const tags = ['batches'];

/** A product's batches (lots, AI 10): the batches service's rules. */
export const v1BatchRoutes: Routes = async (app) => {
  app.get(
    '/products/:productId/batches',
    {
      onRequest: requireScope(app, 'batches:read'),
      schema: {
        tags,
        operationId: 'listBatches',
        summary: 'List a product’s batches, in the order of their last change',
        description: 'Scope `batches:read`. Cursor paging and `updatedSince`.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        querystring: v1PageQuerySchema,
        response: { 200: v1Page(v1BatchSchema), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const { limit, cursor: cursorText, updatedSince } = request.query;
      const cursor = decodeCursor(cursorText);
      const conditions: (SQL | undefined)[] = [eq(batches.productId, product.id)];
      if (updatedSince !== undefined) conditions.push(gte(batches.updatedAt, new Date(updatedSince)));
      if (cursor) conditions.push(afterCursor(batches.updatedAt, batches.id, cursor));
      const rows = await app.db
        .select({ row: batches, id: batches.id, cursorTime: cursorTime(batches.updatedAt) })
        .from(batches)
        .where(and(...conditions))
        .orderBy(asc(batches.updatedAt), asc(batches.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit);
      const counts = await countsOf(app.db, page.rows.map(({ id }) => id));
      return { data: page.rows.map(({ row }) => toBatch(row, counts.get(row.id)!)), next: page.next };
    },
  );

  app.post(
    '/products/:productId/batches',
    {
      onRequest: requireScope(app, 'batches:write'),
      schema: {
        tags,
        operationId: 'createBatch',
        summary: 'Create a batch (lot) of a product',
        description: 'Scope `batches:write`. A lot number the product has already is 409. Send `Idempotency-Key` to retry safely.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1BatchCreateSchema,
        response: { 201: v1BatchSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const { result, entryPath } = await createBatch(app.db, request.auth, request.apiClient.companyId, { ...request.body, productId: product.id });
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send(result);
    },
  );

  /** The batch of the key's product, else 404 (another product's batch is not there for this path). */
  const keyBatch = async (request: FastifyRequest, { productId, batchId }: { productId: number; batchId: number }) => {
    const product = await keyProduct(app.db, request, productId);
    const { batch } = await authorizeBatch(app.db, request.auth, request.apiClient.companyId, batchId, 'read');
    if (batch.productId !== product.id) throw v1Errors.notFound();
    return batch;
  };

  app.patch(
    '/products/:productId/batches/:batchId',
    {
      onRequest: requireScope(app, 'batches:write'),
      schema: {
        tags,
        operationId: 'updateBatch',
        summary: 'Change a batch’s lot number, dates or quantity',
        description: 'Scope `batches:write`. Fields left out keep their values; a lot number the product has already is 409.',
        security: keySecurity,
        params: v1BatchIdParamSchema,
        body: v1BatchUpdateSchema,
        response: { 200: v1BatchSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const batch = await keyBatch(request, request.params);
      const { result, entryPath } = await updateBatch(app.db, request.auth, request.apiClient.companyId, { ...request.body, batchId: batch.id });
      invalidateResolver(reply, [entryPath]);
      return result;
    },
  );

  app.delete(
    '/products/:productId/batches/:batchId',
    {
      onRequest: requireScope(app, 'batches:write'),
      schema: {
        tags,
        operationId: 'deleteBatch',
        summary: 'Delete a batch and its links; its serials stay, in no batch',
        description: 'Scope `batches:write`.',
        security: keySecurity,
        params: v1BatchIdParamSchema,
        response: { 204: z.null().describe('Deleted'), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const batch = await keyBatch(request, request.params);
      const entryPath = await deleteBatch(app.db, request.auth, request.apiClient.companyId, batch.id);
      invalidateResolver(reply, [entryPath]);
      return reply.code(204).send(null);
    },
  );
};
