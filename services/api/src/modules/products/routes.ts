import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, onSendHookHandler } from 'fastify';
import {
  availableGcpsResponseSchema,
  bulkResultSchema,
  certificationListResponseSchema,
  createProductResponseSchema,
  idParamSchema,
  moveBodySchema,
  moveBulkBodySchema,
  nfcBodySchema,
  productIdQuerySchema,
  productIdsBodySchema,
  productListQuerySchema,
  productListResponseSchema,
  productListSearchQuerySchema,
  productResponseSchema,
  productServiceResponseSchema,
  productUpdateQuerySchema,
  resultTrueSchema,
  serviceQuerySchema,
  updateResultSchema,
} from '@product-console/shared';
import { notFound } from '../../errors.js';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { companies } from '../companies/tables.js';
import { currentSubscription } from '../plans/limits.js';
import { projects } from '../projects/tables.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { accessibleProjectIds } from '../access/policies.js';
import { authorizeProduct, authorizeProductProject } from '../access/policies.js';
import { getProductWithEntry, listCertifications, listProducts } from './service.js';
import { readImageMultipart } from './uploads.js';
import { PRODUCT_FILE_LIMITS, createProduct, deleteProducts, moveProducts, setNfc, updateProduct } from './write.js';

const tags = ['products'];

/** Failed answers of a route carry `result: <flag>` beside `{code, message, details?}` (spec point 5). */
export function failureFlag(flag: false | 'fail'): onSendHookHandler {
  return async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      return JSON.stringify({ result: flag, ...JSON.parse(payload) });
    } catch {
      return payload;
    }
  };
}

const multipartDescription =
  'multipart/form-data: `product` (JSON array with one product), `qrContent` (JSON), files `productImg` (many), `careInfoImg`, `logoImg`, `designImg` (many). Images are checked by content (JPEG, PNG, WebP, GIF).';

export const productRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany];
  const context = (request: FastifyRequest) => ({
    db: app.db,
    storage: app.storage,
    auth: request.auth,
    companyId: companyIdOf(request.auth),
    templateOrigin: config.DIGITAL_LINK_DOMAIN,
    publish: request.publish,
    jobs: app.jobs,
  });

  app.get(
    '/api/product/all',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of products (all the caller can see, or one project), with search and sort',
        security: bearerAuth,
        querystring: productListQuerySchema.extend(productListSearchQuerySchema.shape),
        response: { 200: productListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request.auth);
      const { projectId } = request.query;
      if (projectId !== undefined) {
        const [project] = await app.db
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
        if (!project) throw notFound();
        await authorizeProductProject(app.db, request.auth, projectId, 'read');
      }
      const projectIds = await accessibleProjectIds(app.db, request.auth, companyId);
      const page = await listProducts(app.db, { companyId, projectIds }, request.query);
      return { result: page.result, pageInfo: { total: page.total, page: request.query.page, size: request.query.size } };
    },
  );

  app.get(
    '/api/product/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A product and its GS1 entry',
        security: bearerAuth,
        querystring: productIdQuerySchema,
        response: { 200: productResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getProductWithEntry(app.db, request.auth, companyIdOf(request.auth), request.query.productId, config.DIGITAL_LINK_DOMAIN),
  );

  app.post(
    '/api/product/',
    {
      onRequest,
      onSend: failureFlag(false),
      schema: {
        tags,
        summary: 'Create a product with its entry and images',
        description: `${multipartDescription} Failures answer \`result: false\` with the error; 403 E403003 when the plan limit is reached; 409 E409002 for a GTIN already registered.`,
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        querystring: serviceQuerySchema,
        response: {
          201: createProductResponseSchema,
          // The error body is serialised first; `failureFlag` then adds `result: false` (createProductFailureSchema).
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const body = await readImageMultipart(request, PRODUCT_FILE_LIMITS);
      const { entryPaths, ...created } = await createProduct(context(request), request.query.service, body);
      invalidateResolver(reply, entryPaths);
      return reply.code(201).send({ result: true as const, ...created });
    },
  );

  app.put(
    '/api/product/',
    {
      onRequest,
      onSend: failureFlag('fail'),
      schema: {
        tags,
        summary: 'Update a product; only new images are uploaded, kept ones are listed in retainedImages',
        description: `${multipartDescription} Failures answer \`result: "fail"\` with the error.`,
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        querystring: productUpdateQuerySchema,
        response: { 200: updateResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = await readImageMultipart(request, PRODUCT_FILE_LIMITS);
      const { entryPaths } = await updateProduct(context(request), request.query.productId, request.query.service, body);
      invalidateResolver(reply, entryPaths);
      return { result: 'success' as const };
    },
  );

  app.put(
    '/api/product/nfc',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Turn the NFC flag on or off',
        security: bearerAuth,
        body: nfcBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setNfc(context(request), request.body.productId, request.body.isNFC);
      return { result: true as const };
    },
  );

  app.delete(
    '/api/product/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a product (its entry is freed, its files removed)',
        security: bearerAuth,
        params: idParamSchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { entryPaths } = await deleteProducts(context(request), [request.params.id]);
      invalidateResolver(reply, entryPaths);
      return { result: true as const };
    },
  );

  app.put(
    '/api/product/bulk',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete several products (all or nothing)',
        security: bearerAuth,
        body: productIdsBodySchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { count, entryPaths } = await deleteProducts(context(request), request.body.productIds);
      invalidateResolver(reply, entryPaths);
      return { result: true as const, count };
    },
  );

  app.patch(
    '/api/product/move/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Move a product to another project',
        security: bearerAuth,
        params: idParamSchema,
        body: moveBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { entryPaths } = await moveProducts(context(request), [request.params.id], request.body.targetProjectId);
      invalidateResolver(reply, entryPaths);
      return { result: true as const };
    },
  );

  app.put(
    '/api/product/move/bulk',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Move several products to another project (all or nothing)',
        security: bearerAuth,
        body: moveBulkBodySchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { count, entryPaths } = await moveProducts(context(request), request.body.productIds, request.body.targetProjectId);
      invalidateResolver(reply, entryPaths);
      return { result: true as const, count };
    },
  );

  app.get(
    '/api/product/certifications',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Certifications a product can carry',
        security: bearerAuth,
        response: { 200: certificationListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ result: await listCertifications(app.db) }),
  );

  app.get(
    '/api/product/service',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's service and the services the plan offers",
        security: bearerAuth,
        querystring: productIdQuerySchema,
        response: { 200: productServiceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request.auth);
      const product = await authorizeProduct(app.db, request.auth, companyId, request.query.productId, 'read');
      const current = await currentSubscription(app.db, companyId);
      return { result: { productId: product.id, service: product.service, services: current?.plan.services ?? [] } };
    },
  );

  app.get(
    '/api/product/available-gcps',
    {
      onRequest,
      schema: {
        tags,
        summary: "The company's GS1 company prefixes a GTIN may start with",
        security: bearerAuth,
        response: { 200: availableGcpsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const [company] = await app.db.select({ gcps: companies.gcps }).from(companies).where(eq(companies.id, companyIdOf(request.auth)));
      return { result: company?.gcps ?? [] };
    },
  );
};
