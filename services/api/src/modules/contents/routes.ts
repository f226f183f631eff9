import etag from '@fastify/etag';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addLanguageBodySchema,
  contentListResponseSchema,
  contentMediaResponseSchema,
  contentUpdateBodySchema,
  contentUpdateResponseSchema,
  deleteLanguageQuerySchema,
  designResponseSchema,
  designUpdateBodySchema,
  landingContentResponseSchema,
  landingPageQuerySchema,
  languageListResponseSchema,
  productDetailsUpdateBodySchema,
  productIdQuerySchema,
  updateResultSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { failureFlag } from '../products/routes.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import {
  changeLanguage,
  getContents,
  getDesign,
  getLanguages,
  landingContents,
  landingDesign,
  replaceContents,
  saveDesign,
  updateProductDetails,
  uploadContentMedia,
  type ContentContext,
} from './service.js';

const tags = ['contents'];
const failsWith = 'Failures answer `result: "fail"` beside the error.';

/**
 * A product's page (issue 14, spec points 3, 4 and 7): content blocks, languages, texts per
 * language, design and the files of its blocks; and the public reads of the consumer page.
 */
export const contentRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany];
  const context = (request: { auth: ContentContext['auth'] }): ContentContext => ({
    db: app.db,
    storage: app.storage,
    auth: request.auth,
    companyId: companyIdOf(request.auth),
    jobs: app.jobs,
  });

  app.get(
    '/api/product/content',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's content blocks in display order",
        security: bearerAuth,
        querystring: productIdQuerySchema,
        response: { 200: contentListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await getContents(context(request), request.query.productId) }),
  );

  app.put(
    '/api/product/content',
    {
      onRequest,
      onSend: failureFlag('fail'),
      schema: {
        tags,
        summary: "Replace a product's content blocks (one transaction)",
        description: `Text, title, HTML and footer blocks carry one input per language of the product (missing ones are filled from DEFAULT, a footer's empty); link, video and image blocks exactly one DEFAULT input. HTML is sanitised; one footer at most, always last. ${failsWith}`,
        security: bearerAuth,
        body: contentUpdateBodySchema,
        response: { 200: contentUpdateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { contents, entryPaths } = await replaceContents(context(request), request.body);
      invalidateResolver(reply, entryPaths);
      return { result: 'success' as const, contents };
    },
  );

  app.post(
    '/api/product/content/media',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Upload an image or an MP4 for a content block or the logo',
        description: `multipart/form-data, one file in \`file\`: a JPEG, PNG, WebP or GIF image (at most UPLOAD_MAX_BYTES) or an MP4 video (at most 50 MiB), checked by content.`,
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        querystring: productIdQuerySchema,
        response: { 200: contentMediaResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await uploadContentMedia(context(request), request, request.query.productId, config.UPLOAD_MAX_BYTES) }),
  );

  app.get(
    '/api/product/languages',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's registered languages and its texts per language",
        security: bearerAuth,
        querystring: productIdQuerySchema,
        response: { 200: languageListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getLanguages(context(request), request.query.productId),
  );

  app.post(
    '/api/product/languages',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Register a language: every text block, link title and the product texts gain it, copied from the first language',
        description: '409 when the language is already registered. Answers `x-resolver-invalidate` with the product entry path.',
        security: bearerAuth,
        body: addLanguageBodySchema,
        response: { 200: languageListResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { entryPaths, ...list } = await changeLanguage(context(request), request.body.productId, request.body.languageCode, 'add');
      invalidateResolver(reply, entryPaths);
      return list;
    },
  );

  app.delete(
    '/api/product/languages',
    {
      onRequest,
      schema: {
        tags,
        summary: "Delete a language: its inputs, link titles and texts go everywhere",
        security: bearerAuth,
        querystring: deleteLanguageQuerySchema,
        response: { 200: languageListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { entryPaths, ...list } = await changeLanguage(context(request), request.query.productId, request.query.languageCode, 'delete');
      invalidateResolver(reply, entryPaths);
      return list;
    },
  );

  app.put(
    '/api/product/details',
    {
      onRequest,
      onSend: failureFlag('fail'),
      schema: {
        tags,
        summary: "Update a product's details, dynamic info, smart-label setting and texts per language",
        description: `\`productDetails\`: DEFAULT's texts are the product's own name, description, features and details; other languages must be registered. smartLabelSetting 1 on a category 2 product hides its smart-label links. Answers \`x-resolver-invalidate\`. ${failsWith}`,
        security: bearerAuth,
        body: productDetailsUpdateBodySchema,
        response: { 200: updateResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { entryPaths } = await updateProductDetails(context(request), request.body, config.DIGITAL_LINK_DOMAIN);
      invalidateResolver(reply, entryPaths);
      return { result: 'success' as const };
    },
  );

  app.get(
    '/api/product/design',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's design theme (the default one until saved)",
        security: bearerAuth,
        querystring: productIdQuerySchema,
        response: { 200: designResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await getDesign(context(request), request.query.productId) }),
  );

  app.put(
    '/api/product/design',
    {
      onRequest,
      onSend: failureFlag('fail'),
      schema: {
        tags,
        summary: "Save a product's design theme",
        description: `\`logo.logoImage\`: null or an image uploaded for this product. ${failsWith}`,
        security: bearerAuth,
        body: designUpdateBodySchema,
        response: { 200: updateResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { entryPaths } = await saveDesign(context(request), request.body.productId, request.body.design);
      invalidateResolver(reply, entryPaths);
      return { result: 'success' as const };
    },
  );

  // The consumer page reads them on every visit: never stale after a save, cheap to revalidate (ETag, 304).
  await app.register(async (scope) => {
    await scope.register(etag);
    const publicApp = scope.withTypeProvider<ZodTypeProvider>();

    publicApp.get(
      '/api/product/landing-page/preview-contents',
      {
        schema: {
          tags: ['landing'],
          summary: "Public: a live product's published blocks, languages and texts",
          description:
            'With `lang` and the design\'s automatic translation on, the texts come back translated into `lang` (`translatedTo`), or as written when no provider is set or it fails.',
          querystring: landingPageQuerySchema,
          response: { 200: landingContentResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const result = await landingContents(app.db, app.translator, request.query.productId, request.query.lang);
        reply.header('cache-control', 'no-cache');
        return { result };
      },
    );

    publicApp.get(
      '/api/product/landing-page/design',
      {
        schema: {
          tags: ['landing'],
          summary: "Public: a live product's design theme",
          querystring: productIdQuerySchema,
          response: { 200: designResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const result = await landingDesign(app.db, request.query.productId);
        reply.header('cache-control', 'no-cache');
        return { result };
      },
    );
  });
};
