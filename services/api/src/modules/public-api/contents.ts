import type { FastifyRequest } from 'fastify';
import { v1ContentSchema, v1ContentWriteSchema, v1DesignSchema, v1ProductIdParamSchema } from '@product-console/shared';
import type { Routes } from '../../http.js';
import { getContents, getDesign, replaceContents, saveDesign, type ContentContext } from '../contents/service.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { keyProduct } from './products.js';

const tags = ['content'];

/** A product's page: its content blocks and its design, through the contents service (sanitised HTML, languages). */
export const v1ContentRoutes: Routes = async (app) => {
  const context = (request: FastifyRequest): ContentContext => ({ db: app.db, storage: app.storage, jobs: app.jobs, auth: request.auth, companyId: request.apiClient.companyId });

  app.get(
    '/products/:productId/content',
    {
      onRequest: requireScope(app, 'content:read'),
      schema: {
        tags,
        operationId: 'getContent',
        summary: 'A product’s content blocks in display order',
        description: 'Scope `content:read`.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        response: { 200: v1ContentSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      return { data: await getContents(context(request), product.id) };
    },
  );

  app.put(
    '/products/:productId/content',
    {
      onRequest: requireScope(app, 'content:write'),
      schema: {
        tags,
        operationId: 'replaceContent',
        summary: 'Replace a product’s content blocks (one transaction)',
        description:
          'Scope `content:write`. Text, title, HTML and footer blocks carry one input per language of the product (missing ones are filled from DEFAULT); link, video and image blocks one DEFAULT input. HTML is sanitised; one footer at most, always last.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1ContentWriteSchema,
        response: { 200: v1ContentSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const { contents, entryPaths } = await replaceContents(context(request), { productId: product.id, contents: request.body.contents });
      invalidateResolver(reply, entryPaths);
      return { data: contents };
    },
  );

  app.get(
    '/products/:productId/design',
    {
      onRequest: requireScope(app, 'content:read'),
      schema: {
        tags,
        operationId: 'getDesign',
        summary: 'A product’s design theme (the default one until saved)',
        description: 'Scope `content:read`.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        response: { 200: v1DesignSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      return getDesign(context(request), product.id);
    },
  );

  app.put(
    '/products/:productId/design',
    {
      onRequest: requireScope(app, 'content:write'),
      schema: {
        tags,
        operationId: 'saveDesign',
        summary: 'Save a product’s design theme',
        description: 'Scope `content:write`. `logo.logoImage`: null or an image already stored for this product.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1DesignSchema,
        response: { 200: v1DesignSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const { entryPaths } = await saveDesign(context(request), product.id, request.body);
      invalidateResolver(reply, entryPaths);
      return getDesign(context(request), product.id);
    },
  );
};
