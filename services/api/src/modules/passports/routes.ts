import {
  accessLinkListResponseSchema,
  accessLinkQuerySchema,
  accessLinkResponseSchema,
  certInfoResponseSchema,
  certificatesResponseSchema,
  createAccessLinkBodySchema,
  createdAccessLinkResponseSchema,
  deleteAccessLinkQuerySchema,
  passportDocumentResponseSchema,
  passportResponseSchema,
  passportVersionQuerySchema,
  passportVersionResponseSchema,
  productIdQuerySchema,
  publicPassportQuerySchema,
  publicPassportResponseSchema,
  publishPassportBodySchema,
  putCertificatesBodySchema,
  putPassportBodySchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { requireService } from '../plans/require-service.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import {
  certInfo,
  createAccessLink,
  getPassport,
  getPassportVersion,
  listAccessLinks,
  publicPassport,
  publishPassport,
  replaceCertificates,
  revokeAccessLink,
  savePassportDraft,
  uploadPassportDocument,
  type PassportContext,
} from './service.js';

const tags = ['passports'];

/**
 * Digital product passports (issue 16, spec points 3, 6 and 7): the draft, its published versions,
 * documents, certificates and access links; every console call needs the DPP service in the plan
 * (403 E403004) and the product in the caller's company (404) with the sub-admin's product access (403).
 */
export const passportRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany, requireService('DPP')];
  const context = (request: { auth: PassportContext['auth'] }): PassportContext => ({
    db: app.db,
    storage: app.storage,
    auth: request.auth,
    companyId: companyIdOf(request.auth),
    jobs: app.jobs,
  });

  app.get(
    '/api/product/passport',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's passport: template, draft and published versions (newest first)",
        security: bearerAuth,
        querystring: productIdQuerySchema,
        response: { 200: passportResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await getPassport(context(request), request.query.productId) }),
  );

  app.put(
    '/api/product/passport',
    {
      onRequest,
      schema: {
        tags,
        summary: "Save the passport's draft and template",
        description: 'Access overrides may only tighten a field\'s default level. Any field error answers 400 and changes nothing; 409 for a product not on the DPP service.',
        security: bearerAuth,
        body: putPassportBodySchema,
        response: { 200: passportResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ result: await savePassportDraft(context(request), request.body) }),
  );

  app.post(
    '/api/product/passport/publish',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Publish the draft as a new immutable version (n+1)',
        description: 'Answers `x-resolver-invalidate` with the product\'s entry path. 400 with field errors when the draft lacks what a passport needs (identifier, granularity, manufacturer; battery category and chemistry).',
        security: bearerAuth,
        body: publishPassportBodySchema,
        response: { 200: passportVersionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { version, entryPaths } = await publishPassport(context(request), request.body.productId);
      invalidateResolver(reply, entryPaths);
      return { result: version };
    },
  );

  app.get(
    '/api/product/passport/version',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One published version with all its fields',
        security: bearerAuth,
        querystring: passportVersionQuerySchema,
        response: { 200: passportVersionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await getPassportVersion(context(request), request.query.productId, request.query.version) }),
  );

  app.post(
    '/api/product/passport/document',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Upload a compliance document or certificate file (PDF, JPEG or PNG, checked by content)',
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        querystring: productIdQuerySchema,
        response: { 200: passportDocumentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await uploadPassportDocument(context(request), request, request.query.productId, config.UPLOAD_MAX_BYTES) }),
  );

  app.post(
    '/api/product/passport/access-links',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create an access link showing the passport at a restricted level; the token is in this answer only',
        security: bearerAuth,
        body: createAccessLinkBodySchema,
        response: { 200: createdAccessLinkResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await createAccessLink(context(request), request.body) }),
  );

  app.get(
    '/api/product/passport/access-links',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's access links (never their tokens)",
        security: bearerAuth,
        querystring: accessLinkQuerySchema,
        response: { 200: accessLinkListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await listAccessLinks(context(request), request.query.productId) }),
  );

  app.delete(
    '/api/product/passport/access-links',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Revoke an access link',
        security: bearerAuth,
        querystring: deleteAccessLinkQuerySchema,
        response: { 200: accessLinkResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await revokeAccessLink(context(request), request.query.productId, request.query.accessLinkId) }),
  );

  app.get(
    '/api/product/cert-info',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['products'],
        summary: 'The certifications of a product, and its certificates with validity',
        description: '`result`: the catalogue entries the product carries (as before); `certificates`: its certificates (number, issuer, validity, document) with `valid` as of today. No DPP service needed.',
        security: bearerAuth,
        querystring: productIdQuerySchema,
        response: { 200: certInfoResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => certInfo(context(request), request.query.productId),
  );

  app.put(
    '/api/product/cert-info',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replace a product's certificates (catalogue certification, number, issuer, validity, document)",
        security: bearerAuth,
        body: putCertificatesBodySchema,
        response: { 200: certificatesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { certificates, entryPaths } = await replaceCertificates(context(request), request.body);
      invalidateResolver(reply, entryPaths);
      return { result: certificates };
    },
  );

  app.get(
    '/api/product/landing-page/passport',
    {
      schema: {
        tags: ['landing'],
        summary: "Public: a live product's published passport (the latest without `version`)",
        description:
          'Public fields only; with `access`, a live access link\'s token, the fields of its level (an expired or revoked token shows the public fields). Valid certificates only. 404 when nothing is published.',
        querystring: publicPassportQuerySchema,
        response: { 200: publicPassportResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { result: await publicPassport(app.db, request.query) };
    },
  );
};
