import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { v1LinkCreateSchema, v1LinkIdParamSchema, v1LinkListQuerySchema, v1LinkSchema, v1LinkUpdateSchema, v1ProductIdParamSchema } from '@product-console/shared';
import { z } from 'zod';
import type { Routes } from '../../http.js';
import { entries } from '../entries/tables.js';
import { createLink, deleteLink, listLinks, toLink, updateLink } from '../links/service.js';
import { links } from '../links/tables.js';
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

  app.patch(
    '/products/:productId/links/:linkId',
    {
      onRequest: requireScope(app, 'links:write'),
      schema: {
        tags,
        operationId: 'updateLink',
        summary: 'Change a link of the product (or of one of its serials)',
        description: 'Scope `links:write`. Fields left out keep their values; `order` moves the link within its set; a second link of a type and language is 409.',
        security: keySecurity,
        params: v1LinkIdParamSchema,
        body: v1LinkUpdateSchema,
        response: { 200: v1LinkSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await productEntry(request, request.params.productId);
      // A link of another product is, on this product's path, not there.
      const [own] = await app.db
        .select({ id: links.id })
        .from(links)
        .where(and(eq(links.id, request.params.linkId), eq(links.productId, entry.productId)));
      if (!own) throw v1Errors.notFound();
      const { link, entryPath } = await updateLink(app.db, request.auth, request.apiClient.companyId, { ...request.body, linkId: own.id });
      invalidateResolver(reply, [entryPath]);
      return toLink(link);
    },
  );

  app.delete(
    '/products/:productId/links/:linkId',
    {
      onRequest: requireScope(app, 'links:write'),
      schema: {
        tags,
        operationId: 'deleteLink',
        summary: 'Remove a link from the product’s set (the others are renumbered)',
        description: 'Scope `links:write`.',
        security: keySecurity,
        params: v1LinkIdParamSchema,
        response: { 204: z.null().describe('Removed'), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const entry = await productEntry(request, request.params.productId);
      const entryPath = await deleteLink(
        app.db,
        request.auth,
        request.apiClient.companyId,
        { linkId: request.params.linkId, entryId: entry.entryId, entryPath: entry.entryPath },
        request.publish,
      );
      invalidateResolver(reply, [entryPath]);
      return reply.code(204).send(null);
    },
  );
};
