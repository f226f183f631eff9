import {
  QUALIFIERS_OF_PRODUCT_MAX,
  qualifierCreateBodySchema,
  qualifierDeleteQuerySchema,
  qualifierListQuerySchema,
  qualifierPageResponseSchema,
  qualifierPathQuerySchema,
  qualifierResponseSchema,
  qualifiersOfProductQuerySchema,
  qualifiersOfProductResponseSchema,
  resultTrueSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { createQualifier, deleteQualifier, listQualifiers, qualifierByPath, qualifiersOfProduct } from './service.js';

const tags = ['qualifiers'];
const access =
  'Another company’s entry or qualifier answers 404; a sub-admin needs product read (reads) or write (writes) access on the project of the entry’s product.';

export const qualifierRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/entry/qualifiers/all/product',
    {
      onRequest,
      schema: {
        tags,
        summary: "The live serials of a product's entry (for the new-link screen)",
        description: `At most ${QUALIFIERS_OF_PRODUCT_MAX}, oldest first; page through \`/api/entry/qualifiers/all\` for more. ${access}`,
        security: bearerAuth,
        querystring: qualifiersOfProductQuerySchema,
        response: { 200: qualifiersOfProductResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await qualifiersOfProduct(app.db, request.auth, companyIdOf(request.auth), request.query.productId) }),
  );

  app.get(
    '/api/entry/qualifiers/path',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One live serial of an entry by its path (/21/{serial})',
        description: `404 when the entry has no such live serial. ${access}`,
        security: bearerAuth,
        querystring: qualifierPathQuerySchema,
        response: { 200: qualifierResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await qualifierByPath(app.db, request.auth, companyIdOf(request.auth), request.query.entryId, request.query.path),
    }),
  );

  app.get(
    '/api/entry/qualifiers/all',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of an entry's live serials, newest first, optionally of one AI (root) or matching a search",
        description: access,
        security: bearerAuth,
        querystring: qualifierListQuerySchema,
        response: { 200: qualifierPageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listQualifiers(app.db, request.auth, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.post(
    '/api/entry/qualifiers/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Register a serial of an entry',
        description: `The serial is checked by the GS1 rules of AI 21 (1 to 20 characters of CSET 82) on the whole Digital Link URI; \`entryPath\` and \`gcp\` must be those of the entry (400). A live duplicate answers 409. Answers \`x-resolver-invalidate\` with the entry path. ${access}`,
        security: bearerAuth,
        body: qualifierCreateBodySchema,
        response: { 201: qualifierResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { qualifier, entryPath } = await createQualifier(app.db, request.auth, companyIdOf(request.auth), request.body);
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send({ result: qualifier });
    },
  );

  app.put(
    '/api/entry/qualifiers/delete',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a serial of an entry (it stops resolving; its path may be registered again)',
        description: `Answers \`x-resolver-invalidate\` with the entry path. ${access}`,
        security: bearerAuth,
        querystring: qualifierDeleteQuerySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const entryPath = await deleteQualifier(app.db, request.auth, companyIdOf(request.auth), request.query);
      invalidateResolver(reply, [entryPath]);
      return { result: true as const };
    },
  );
};
