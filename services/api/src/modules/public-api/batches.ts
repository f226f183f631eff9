import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { v1BatchCreateSchema, v1BatchSchema, v1Page, v1PageQuerySchema, v1ProductIdParamSchema } from '@product-console/shared';
import type { Routes } from '../../http.js';
import { countsOf, createBatch, toBatch } from '../batches/service.js';
import { batches } from '../batches/tables.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { afterCursor, cursorTime, decodeCursor, pageOf } from './paging.js';
import { keyProduct } from './products.js';

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
};
