import {
  activeLinksResponseSchema,
  createLinkBodySchema,
  deleteLinkQuerySchema,
  linkListQuerySchema,
  linkListResponseSchema,
  linkProductQuerySchema,
  linkResponseSchema,
  resultTrueSchema,
  updateLinkBodySchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { landingRoutes } from './landing-routes.js';
import { activeLinks, createLink, deleteLink, listLinks, updateLink, toLink } from './service.js';

const tags = ['links'];
const invalidates = 'Answers `x-resolver-invalidate` with the entry path.';

export const linkRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/entry/links/all',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of the shown links of an entry (qualifierId absent) or of one of its serials, in their order',
        security: bearerAuth,
        querystring: linkListQuerySchema,
        response: { 200: linkListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listLinks(app.db, request.auth, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.get(
    '/api/entry/links/active',
    {
      onRequest,
      schema: {
        tags,
        summary: "The product's shown entry-level links, in their order",
        security: bearerAuth,
        querystring: linkProductQuerySchema,
        response: { 200: activeLinksResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await activeLinks(app.db, request.auth, companyIdOf(request.auth), request.query.productId) }),
  );

  app.post(
    '/api/entry/links/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a link type (a hidden link of the same type and language is shown again with the new fields)',
        description: `409 when a link of that type and language is already shown; 403 E403003 when the plan's link limit is reached. ${invalidates}`,
        security: bearerAuth,
        body: createLinkBodySchema,
        response: { 201: linkResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { link, entryPath } = await createLink(app.db, request.auth, companyIdOf(request.auth), request.body, request.publish);
      invalidateResolver(reply, [entryPath]);
      return reply.code(201).send({ result: toLink(link) });
    },
  );

  app.put(
    '/api/entry/links/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change a shown link; `order` moves it within its set (the set is renumbered from 1)',
        description: `409 when the new type and language clash with another shown link. ${invalidates}`,
        security: bearerAuth,
        body: updateLinkBodySchema,
        response: { 200: linkResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { link, entryPath } = await updateLink(app.db, request.auth, companyIdOf(request.auth), request.body.updatedLink);
      invalidateResolver(reply, [entryPath]);
      return { result: toLink(link) };
    },
  );

  app.delete(
    '/api/entry/links/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete (hide) a link; the rest of its set is renumbered',
        description: invalidates,
        security: bearerAuth,
        querystring: deleteLinkQuerySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const entryPath = await deleteLink(app.db, request.auth, companyIdOf(request.auth), request.query, request.publish);
      invalidateResolver(reply, [entryPath]);
      return { result: true as const };
    },
  );

  await app.register(landingRoutes, { config });
};
