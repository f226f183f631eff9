import { z } from 'zod';
import {
  v1CredentialQuerySchema,
  v1PassportDraftSchema,
  v1PassportSchema,
  v1PassportVersionSchema,
  v1ProductIdParamSchema,
} from '@product-console/shared';
import type { FastifyRequest } from 'fastify';
import type { Routes } from '../../http.js';
import { createKeySealer } from '../credentials/keys.js';
import { issuePassportCredential, VC_JWT_MEDIA_TYPE } from '../credentials/service.js';
import { getPublishedPassport } from '../passports/queries.js';
import { getPassport, publishPassport, savePassportDraft, type PassportContext } from '../passports/service.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { v1Errors } from './problem.js';
import { keyProduct } from './products.js';

const tags = ['passports'];

/** Digital product passports of DPP products: the passports service's draft and publication. */
export const v1PassportRoutes: Routes = async (app, { config }) => {
  const credentialDeps = {
    db: app.db,
    sealer: createKeySealer(config.CREDENTIAL_KEY_SECRET),
    readPassport: getPublishedPassport,
    templateOrigin: config.DIGITAL_LINK_DOMAIN,
    filesOrigin: new URL(config.PUBLIC_URL).origin,
  };
  const context = (request: FastifyRequest): PassportContext => ({
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    auth: request.auth,
    companyId: request.apiClient.companyId,
  });

  app.get(
    '/products/:productId/passport',
    {
      onRequest: requireScope(app, 'passports:read'),
      schema: {
        tags,
        operationId: 'getPassport',
        summary: 'A product’s passport: template, draft and published versions',
        description: 'Scope `passports:read`.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        response: { 200: v1PassportSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      return getPassport(context(request), product.id);
    },
  );

  app.put(
    '/products/:productId/passport/draft',
    {
      onRequest: requireScope(app, 'passports:publish'),
      schema: {
        tags,
        operationId: 'savePassportDraft',
        summary: 'Save the passport’s draft and template',
        description: 'Scope `passports:publish`. The product must be on the DPP service (409). Any field error is a 400 and changes nothing.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        body: v1PassportDraftSchema,
        response: { 200: v1PassportSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      return savePassportDraft(context(request), { ...request.body, productId: product.id });
    },
  );

  app.post(
    '/products/:productId/passport/publish',
    {
      onRequest: requireScope(app, 'passports:publish'),
      schema: {
        tags,
        operationId: 'publishPassport',
        summary: 'Publish the draft as a new immutable version',
        description:
          'Scope `passports:publish`. 400 with field errors when the draft lacks what a passport needs. Send `Idempotency-Key` to retry without publishing twice.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        response: { 201: v1PassportVersionSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const { version, entryPaths } = await publishPassport(context(request), product.id);
      invalidateResolver(reply, entryPaths);
      return reply.code(201).send(version);
    },
  );

  app.get(
    '/products/:productId/passport/credential',
    {
      onRequest: requireScope(app, 'passports:read'),
      schema: {
        tags,
        operationId: 'getPassportCredential',
        summary: 'A published passport version as a signed UNTP Digital Product Passport (W3C VC 2.0, VC-JOSE)',
        description:
          'Scope `passports:read`. The compact JWS (`application/vc+jwt`) of the latest published version, or `version`; the same credential the public credential address answers, with its public fields. 404 without a published version.',
        security: keySecurity,
        params: v1ProductIdParamSchema,
        querystring: v1CredentialQuerySchema,
        response: { 200: z.string().describe('The compact JWS (application/vc+jwt)'), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const product = await keyProduct(app.db, request, request.params.productId);
      const issued = await issuePassportCredential(credentialDeps, { ...request.query, productId: product.id });
      if (!issued) throw v1Errors.notFound();
      return reply.type(VC_JWT_MEDIA_TYPE).header('cache-control', 'no-cache').send(issued.jws);
    },
  );
};
