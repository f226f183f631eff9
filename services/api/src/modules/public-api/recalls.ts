import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { v1Page, v1PageQuerySchema, v1ProductIdParamSchema, v1RecallCreateSchema, v1RecallIdParamSchema, v1RecallSchema } from '@product-console/shared';
import type { Routes } from '../../http.js';
import { endRecall, getRecall, startRecall, toRecall } from '../recalls/service.js';
import { recalls } from '../recalls/tables.js';
import { afterCursor, cursorTime, decodeCursor, pageOf } from './paging.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { keyProduct } from './products.js';

const tags = ['recalls'];

/** Recalls of batches, serial ranges or whole products: the recalls service's rules and events. */
export const v1RecallRoutes: Routes = async (app) => {
  /** The recall, when its product is one the key may reach (404 otherwise). */
  async function keyRecall(request: FastifyRequest, recallId: number) {
    const recall = await getRecall(app.db, request.auth, request.apiClient.companyId, recallId);
    await keyProduct(app.db, request, recall.productId);
    return recall;
  }

  app.get(
    '/products/:productId/recalls',
    {
      onRequest: requireScope(app, 'recalls:read'),
      schema: {
        tags,
        operationId: 'listRecalls',
        summary: 'List a product’s recalls, in the order of their last change (start or end)',
        description: 'Scope `recalls:read`. Cursor paging; `updatedSince` gives the recalls started or ended since then.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        querystring: v1PageQuerySchema,
        response: { 200: v1Page(v1RecallSchema), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const { limit, cursor: cursorText, updatedSince } = request.query;
      const cursor = decodeCursor(cursorText);
      // A recall changes when it is made and when it ends.
      const changedAt = sql<Date>`greatest(${recalls.createdAt}, coalesce(${recalls.endedAt}, ${recalls.createdAt}))`;
      const conditions: (SQL | undefined)[] = [eq(recalls.productId, product.id)];
      if (updatedSince !== undefined) conditions.push(gte(changedAt, new Date(updatedSince)));
      if (cursor) conditions.push(afterCursor(changedAt, recalls.id, cursor));
      const rows = await app.db
        .select({ row: recalls, id: recalls.id, cursorTime: cursorTime(changedAt) })
        .from(recalls)
        .where(and(...conditions))
        .orderBy(asc(changedAt), asc(recalls.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit);
      return { data: await Promise.all(page.rows.map(({ row }) => toRecall(app.db, row, product.productName))), next: page.next };
    },
  );

  app.post(
    '/products/:productId/recalls',
    {
      onRequest: requireScope(app, 'recalls:write'),
      schema: {
        tags,
        operationId: 'startRecall',
        summary: 'Start a recall of batches, a range of serials or the whole product',
        description:
          'Scope `recalls:write`. From `startsAt` (default now) scans of affected codes answer with the recall notice; an EPCIS `recalled` event is recorded and the company’s users are notified. Send `Idempotency-Key` to retry safely.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1RecallCreateSchema,
        response: { 201: v1RecallSchema, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const { recall, entryPath, companyId } = await startRecall(app.db, request.auth, request.apiClient.companyId, { ...request.body, productId: product.id }, app.jobs);
      // The same domain events as the console's route: notifications and EPCIS subscribers.
      await request.publish(
        { type: 'recall.started', companyId, productId: recall.productId, productName: recall.productName, recallId: recall.recallId, lots: recall.batches.map((batch) => batch.lot) },
        { type: 'epcis.captured', companyId },
      );
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send(recall);
    },
  );

  app.get(
    '/recalls/:recallId',
    {
      onRequest: requireScope(app, 'recalls:read'),
      schema: {
        tags,
        operationId: 'getRecall',
        summary: 'One recall, with the scans it answered',
        description: 'Scope `recalls:read`.',
        security: keySecurity,
        params: v1RecallIdParamSchema,
        response: { 200: v1RecallSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => keyRecall(request, request.params.recallId),
  );

  app.post(
    '/recalls/:recallId/end',
    {
      onRequest: requireScope(app, 'recalls:write'),
      schema: {
        tags,
        operationId: 'endRecall',
        summary: 'End a recall now (affected codes resolve as before)',
        description: 'Scope `recalls:write`. Ending an ended recall changes nothing.',
        security: keySecurity,
        params: v1RecallIdParamSchema,
        response: { 200: v1RecallSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await keyRecall(request, request.params.recallId);
      const { recall, entryPath } = await endRecall(app.db, request.auth, request.apiClient.companyId, request.params.recallId);
      if (entryPath) invalidateResolver(reply, [entryPath]);
      return recall;
    },
  );
};
