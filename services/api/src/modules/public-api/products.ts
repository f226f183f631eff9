import { z } from 'zod';
import { and, asc, eq, gte, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  v1Page,
  v1ProductCreateSchema,
  v1ProductIdParamSchema,
  v1ProductListQuerySchema,
  v1ProductSchema,
  v1ProductUpdateSchema,
  type V1Product,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { Routes } from '../../http.js';
import { entries } from '../entries/tables.js';
import { products, type ProductRow } from '../products/tables.js';
import { createProduct, deleteProducts, updateProduct, type ProductWriteContext } from '../products/write.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { assertKeyProject, keyProjectIds, requireScope } from './auth.js';
import { checkIfMatch, etagOf } from './etag.js';
import { afterCursor, cursorTime, decodeCursor, pageOf } from './paging.js';
import { v1Errors } from './problem.js';
import { keySecurity, problems } from './openapi.js';

const tags = ['products'];

type ProductView = Pick<
  ProductRow,
  'id' | 'projectId' | 'service' | 'productName' | 'productNumber' | 'productWebsite' | 'description' | 'features' | 'gtin' | 'createdAt' | 'updatedAt' | 'deletedAt'
> & { entryPath: string | null };

const columns = {
  id: products.id,
  projectId: products.projectId,
  service: products.service,
  productName: products.productName,
  productNumber: products.productNumber,
  productWebsite: products.productWebsite,
  description: products.description,
  features: products.features,
  gtin: products.gtin,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  deletedAt: products.deletedAt,
  entryPath: entries.entryPath,
};

export function toV1Product(row: ProductView, origin: string): V1Product {
  return {
    id: row.id,
    projectId: row.projectId,
    service: row.service,
    name: row.productName,
    number: row.productNumber,
    website: row.productWebsite,
    description: row.description,
    features: row.features,
    gtin: row.gtin ?? '',
    entryPath: row.entryPath,
    digitalLink: row.entryPath ? `${origin}${row.entryPath}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The company's live product as the key may see it (another project's is 404 for a restricted key). */
export async function keyProduct(db: Db, request: FastifyRequest, productId: number): Promise<ProductView> {
  const [row] = await db
    .select(columns)
    .from(products)
    .leftJoin(entries, eq(entries.id, products.entryId))
    .where(and(eq(products.id, productId), eq(products.companyId, request.apiClient.companyId), isNull(products.deletedAt)));
  if (!row) throw v1Errors.notFound();
  assertKeyProject(request, row.projectId);
  return row;
}

const productEtag = (row: Pick<ProductView, 'id' | 'updatedAt'>) => etagOf('product', row.id, row.updatedAt);

/** Products, their GS1 identity, and the services' rules for writing them (products/write.ts). */
export const v1ProductRoutes: Routes = async (app, { config }) => {
  const origin = config.DIGITAL_LINK_DOMAIN;
  const context = (request: FastifyRequest): ProductWriteContext => ({
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    auth: request.auth,
    companyId: request.apiClient.companyId,
    templateOrigin: origin,
    publish: request.publish,
  });
  const sendProduct = async (reply: FastifyReply, request: FastifyRequest, productId: number, status: 200 | 201) => {
    const row = await keyProduct(app.db, request, productId);
    reply.header('etag', productEtag(row));
    if (status === 201) reply.header('location', `/api/v1/products/${row.id}`);
    return reply.code(status).send(toV1Product(row, origin));
  };

  app.get(
    '/products',
    {
      onRequest: requireScope(app, 'products:read'),
      schema: {
        tags,
        operationId: 'listProducts',
        summary: 'List products, in the order of their last change',
        description:
          'Scope `products:read`. Cursor paging (`limit`, `cursor`); `updatedSince` returns products changed since then, deleted ones included (with `deletedAt`), for synchronisation.',
        security: keySecurity,
        querystring: v1ProductListQuerySchema,
        response: { 200: v1Page(v1ProductSchema), ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, cursor: cursorText, updatedSince, projectId } = request.query;
      const cursor = decodeCursor(cursorText);
      const conditions: (SQL | undefined)[] = [eq(products.companyId, request.apiClient.companyId)];
      const allowed = keyProjectIds(request);
      if (allowed !== null) conditions.push(inArray(products.projectId, allowed));
      if (projectId !== undefined) conditions.push(eq(products.projectId, projectId));
      if (updatedSince !== undefined) conditions.push(gte(products.updatedAt, new Date(updatedSince)));
      else conditions.push(isNull(products.deletedAt));
      if (cursor) conditions.push(afterCursor(products.updatedAt, products.id, cursor));
      const rows = await app.db
        .select({ ...columns, cursorTime: cursorTime(products.updatedAt) })
        .from(products)
        .leftJoin(entries, eq(entries.id, products.entryId))
        .where(and(...conditions))
        .orderBy(asc(products.updatedAt), asc(products.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit);
      return { data: page.rows.map((row) => toV1Product(row, origin)), next: page.next };
    },
  );

  app.post(
    '/products',
    {
      onRequest: requireScope(app, 'products:write'),
      schema: {
        tags,
        operationId: 'createProduct',
        summary: 'Create a product with its GS1 entry (GTIN) and automatic links',
        description:
          'Scope `products:write`. The GTIN must be of one of the company’s prefixes and free (409 otherwise); the plan’s product limit applies (403). Send `Idempotency-Key` to retry safely.',
        security: keySecurity,
        body: v1ProductCreateSchema,
        response: { 201: v1ProductSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { service, ...input } = request.body;
      assertKeyProject(request, input.project_id);
      const { productId, entryPaths } = await createProduct(context(request), service, { fields: { product: JSON.stringify([input]) }, files: {} });
      invalidateResolver(reply, entryPaths);
      return sendProduct(reply, request, productId, 201);
    },
  );

  app.get(
    '/products/:productId',
    {
      onRequest: requireScope(app, 'products:read'),
      schema: {
        tags,
        operationId: 'getProduct',
        summary: 'One product, with its ETag',
        description: 'Scope `products:read`.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        response: { 200: v1ProductSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendProduct(reply, request, request.params.productId, 200),
  );

  app.put(
    '/products/:productId',
    {
      onRequest: requireScope(app, 'products:write'),
      schema: {
        tags,
        operationId: 'updateProduct',
        summary: 'Replace a product’s description (its GTIN and project stay; images are kept)',
        description:
          'Scope `products:write`. Fields left out take their defaults. With `If-Match: <ETag>` the update is refused with 412 when the product changed since.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1ProductUpdateSchema,
        response: { 200: v1ProductSchema, ...problems(400, 401, 403, 404, 412) },
      },
    },
    async (request, reply) => {
      const current = await keyProduct(app.db, request, request.params.productId);
      checkIfMatch(request, productEtag(current));
      const [stored] = await app.db.select({ images: products.images }).from(products).where(eq(products.id, current.id));
      const { service, ...input } = request.body;
      const product = { ...input, retainedImages: stored.images, retainCareInfoImage: true };
      // Checked again under the company's write lock, so two writers with the same ETag cannot both pass.
      const { entryPaths } = await updateProduct(
        context(request),
        current.id,
        service ?? current.service,
        { fields: { product: JSON.stringify([product]) }, files: {} },
        (now) => checkIfMatch(request, productEtag(now)),
      );
      invalidateResolver(reply, entryPaths);
      return sendProduct(reply, request, current.id, 200);
    },
  );

  app.delete(
    '/products/:productId',
    {
      onRequest: requireScope(app, 'products:write'),
      schema: {
        tags,
        operationId: 'deleteProduct',
        summary: 'Delete a product (its GTIN is free again; lists show it to `updatedSince` with `deletedAt`)',
        description: 'Scope `products:write`. With `If-Match`, 412 when the product changed since.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        response: { 204: z.null().describe('Deleted'), ...problems(400, 401, 403, 404, 412) },
      },
    },
    async (request, reply) => {
      const current = await keyProduct(app.db, request, request.params.productId);
      checkIfMatch(request, productEtag(current));
      const { entryPaths } = await deleteProducts(context(request), [current.id]);
      invalidateResolver(reply, entryPaths);
      return reply.code(204).send(null);
    },
  );
};
