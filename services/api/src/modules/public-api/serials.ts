import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  qualifierPathOf,
  SERIAL_AI,
  v1Page,
  v1ProductIdParamSchema,
  v1SerialIdParamSchema,
  v1SerialListQuerySchema,
  v1SerialsCreatedSchema,
  v1SerialSchema,
  v1SerialsCreateSchema,
  v1SerialStatusSchema,
  type V1Serial,
} from '@product-console/shared';
import { AppError, withFieldErrors } from '../../errors.js';
import type { Routes } from '../../http.js';
import { changeSerialStatus } from '../authenticity/lifecycle.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { createQualifier } from '../qualifiers/service.js';
import { qualifiers, type QualifierRow } from '../qualifiers/tables.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { afterCursor, cursorTime, decodeCursor, pageOf } from './paging.js';
import { v1Errors } from './problem.js';
import { keyProduct } from './products.js';

const tags = ['serials'];

/** When a serial last changed: its registration or its last status change. */
const changedAt = sql`greatest(${qualifiers.createdAt}, coalesce(${qualifiers.statusChangedAt}, ${qualifiers.createdAt}))`;

const toV1Serial = (row: QualifierRow): V1Serial => ({
  id: row.id,
  serial: row.value,
  path: row.qualifierPath,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: (row.statusChangedAt && row.statusChangedAt > row.createdAt ? row.statusChangedAt : row.createdAt).toISOString(),
});

/** Serials (AI 21) of a product's entry: registered by the qualifiers service, changed by the lifecycle one. */
export const v1SerialRoutes: Routes = async (app) => {
  /** The product's live entry (a product without one carries no serials: 404). */
  async function productEntry(request: FastifyRequest, productId: number) {
    const product = await keyProduct(app.db, request, productId);
    const [row] = await app.db
      .select({ entryId: entries.id, entryPath: entries.entryPath, gcp: entries.gcp })
      .from(products)
      .innerJoin(entries, and(eq(entries.id, products.entryId), eq(entries.isDeleted, false)))
      .where(eq(products.id, product.id));
    if (!row) throw v1Errors.notFound();
    return row;
  }

  app.get(
    '/products/:productId/serials',
    {
      onRequest: requireScope(app, 'serials:read'),
      schema: {
        tags,
        operationId: 'listSerials',
        summary: 'List a product’s serials, in the order of their last change',
        description: 'Scope `serials:read`. Cursor paging, `updatedSince` (registration or status change), `status`.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        querystring: v1SerialListQuerySchema,
        response: { 200: v1Page(v1SerialSchema), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { entryId } = await productEntry(request, request.params.productId);
      const { limit, cursor: cursorText, updatedSince, status } = request.query;
      const cursor = decodeCursor(cursorText);
      const conditions: (SQL | undefined)[] = [eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false)];
      if (status !== undefined) conditions.push(eq(qualifiers.status, status));
      if (updatedSince !== undefined) conditions.push(gte(changedAt, new Date(updatedSince)));
      if (cursor) conditions.push(afterCursor(changedAt, qualifiers.id, cursor));
      const rows = await app.db
        .select({ row: qualifiers, id: qualifiers.id, cursorTime: cursorTime(changedAt) })
        .from(qualifiers)
        .where(and(...conditions))
        .orderBy(asc(changedAt), asc(qualifiers.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit);
      return { data: page.rows.map(({ row }) => toV1Serial(row)), next: page.next };
    },
  );

  app.post(
    '/products/:productId/serials',
    {
      onRequest: requireScope(app, 'serials:write'),
      schema: {
        tags,
        operationId: 'createSerials',
        summary: 'Register serials of a product, all or none',
        description:
          'Scope `serials:write`. Each serial follows the GS1 rules of AI 21; a serial already registered is 409 naming it, and nothing is stored. Send `Idempotency-Key` to retry safely.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1SerialsCreateSchema,
        response: { 201: v1SerialsCreatedSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const entry = await productEntry(request, request.params.productId);
      const { companyId } = request.apiClient;
      const created = await app.db.transaction(async (tx) => {
        const rows: number[] = [];
        for (const [index, serial] of request.body.serials.entries()) {
          try {
            const { qualifier } = await createQualifier(tx, request.auth, companyId, {
              entryId: entry.entryId,
              entryPath: entry.entryPath,
              gcp: entry.gcp,
              identifierCode: SERIAL_AI,
              qualifierPath: qualifierPathOf(SERIAL_AI, serial),
            });
            rows.push(qualifier.qualifierId);
          } catch (error) {
            // The service names the field of its one serial; here it is the n-th of the list.
            if (error instanceof AppError) {
              throw withFieldErrors(error, [{ path: `serials.${index}`, message: error.details?.[0]?.message ?? `${serial}: ${error.message}` }]);
            }
            throw error;
          }
        }
        return rows;
      });
      const stored = await app.db.select().from(qualifiers).where(inArray(qualifiers.id, created)).orderBy(asc(qualifiers.id));
      invalidateResolver(reply, [entry.entryPath]);
      return reply.code(201).send({ data: stored.map(toV1Serial) });
    },
  );

  app.put(
    '/products/:productId/serials/:serialId/status',
    {
      onRequest: requireScope(app, 'serials:write'),
      schema: {
        tags,
        operationId: 'setSerialStatus',
        summary: 'Change a serial’s lifecycle status (active, deactivated, blacklisted)',
        description: 'Scope `serials:write`. A reason is required to deactivate or blacklist.',
        security: keySecurity,
        params: v1SerialIdParamSchema,
        body: v1SerialStatusSchema,
        response: { 200: v1SerialSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const entry = await productEntry(request, request.params.productId);
      const { entryPath } = await changeSerialStatus(app.db, app.jobs, request.auth, request.apiClient.companyId, {
        entryId: entry.entryId,
        entryPath: entry.entryPath,
        qualifierId: request.params.serialId,
        status: request.body.status,
        reason: request.body.reason,
      });
      invalidateResolver(reply, [entryPath]);
      const [row] = await app.db.select().from(qualifiers).where(eq(qualifiers.id, request.params.serialId));
      return toV1Serial(row);
    },
  );
};
