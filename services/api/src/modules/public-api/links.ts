import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { v1LinkCreateSchema, v1LinkListQuerySchema, v1LinkSchema, v1ProductIdParamSchema } from '@product-console/shared';
import { z } from 'zod';
import type { Routes } from '../../http.js';
import { entries } from '../entries/tables.js';
import { createLink, listLinks, toLink } from '../links/service.js';
import { products } from '../products/tables.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { v1Errors } from './problem.js';
import { keyProduct } from './products.js';

const tags = ['links'];

/** The most links a product's set holds under any plan: one page answers them all. */
const LINK_SET_MAX = 1000;

/** A product's GS1 Digital Link links (or a serial's): the links service's rules (plan limits, one default per type and language). */
export const v1LinkRoutes: Routes = async (app) => {
  async function productEntry(request: FastifyRequest, productId: number) {
    const product = await keyProduct(app.db, request, productId);
    const [row] = await app.db
      .select({ entryId: entries.id, entryPath: entries.entryPath })
      .from(products)
      .innerJoin(entries, and(eq(entries.id, products.entryId), eq(entries.isDeleted, false)))
      .where(eq(products.id, product.id));
    if (!row) throw v1Errors.notFound();
    return { productId: product.id, ...row };
  }

  app.get(
    '/products/:productId/links',
    {
      onRequest: requireScope(app, 'links:read'),
      schema: {
        tags,
        operationId: 'listLinks',
        summary: 'The displayed links of a product (or of one of its serials), in their order',
        description: 'Scope `links:read`. A link set is bounded by the plan, so one answer holds it whole.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        querystring: v1LinkListQuerySchema,
        response: { 200: z.object({ data: z.array(v1LinkSchema) }), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const entry = await productEntry(request, request.params.productId);
      const page = await listLinks(app.db, request.auth, request.apiClient.companyId, {
        page: 1,
        size: LINK_SET_MAX,
        entryId: entry.entryId,
        qualifierId: request.query.qualifierId,
      });
      return { data: page.result };
    },
  );

  app.post(
    '/products/:productId/links',
    {
      onRequest: requireScope(app, 'links:write'),
      schema: {
        tags,
        operationId: 'createLink',
        summary: 'Add a link to a product (or to one of its serials with `qualifierId`)',
        description: 'Scope `links:write`. The plan’s link limit applies (403); a second default of a type and language is 409. Send `Idempotency-Key` to retry safely.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1LinkCreateSchema,
        response: { 201: v1LinkSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const entry = await productEntry(request, request.params.productId);
      const { link, entryPath } = await createLink(
        app.db,
        request.auth,
        request.apiClient.companyId,
        { ...request.body, productId: entry.productId, entryId: entry.entryId, entryPath: entry.entryPath },
        request.publish,
      );
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send(toLink(link));
    },
  );
};
