import { z } from 'zod';
import { idTextSchema } from '@product-console/shared';
import { notFound } from '../../errors.js';
import { bearerAuth, errorResponses, internalHeaders, type Routes } from '../../http.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import { didDocument } from './did.js';
import { createKeySealer, ensureIssuerKey, listIssuerKeys, rotateIssuerKey, type PublicIssuerKey } from './keys.js';
import { issuePassportCredential, VC_JWT_MEDIA_TYPE, type PublishedPassportReader } from './service.js';

const issuerKeySchema = z.object({
  keyId: z.string().describe('JWK thumbprint; the DID verification method is `{did}#{keyId}`'),
  publicJwk: z.record(z.string(), z.unknown()).describe('Ed25519 public key (OKP JWK)'),
  status: z.enum(['active', 'retired']),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
});
const issuerKeyView = (key: PublicIssuerKey) => ({
  keyId: key.keyId,
  publicJwk: key.publicJwk as Record<string, unknown>,
  status: key.status,
  createdAt: key.createdAt.toISOString(),
  retiredAt: key.retiredAt?.toISOString() ?? null,
});

export const credentialQuerySchema = z.object({
  productId: idTextSchema,
  version: z.coerce.number().int().min(1).max(1_000_000).optional().describe('published version; default the latest'),
  lot: z.string().max(20).optional().describe("the scanned lot (AI 10): a batch passport's subject is that batch's Digital Link"),
  serial: z.string().max(20).optional().describe("the scanned serial (AI 21): an item passport's subject is that item's Digital Link"),
});
export const didQuerySchema = z.object({
  serviceName: z.string().min(1).max(100).optional().describe('the company document on the shared domain (/{serviceName}/did.json)'),
  host: z.string().min(1).max(300).optional().describe('host of /.well-known/did.json (a company custom domain, else the shared domain)'),
});

/** The unsigned credential for a client that asks for JSON-LD; the signed one (VC-JOSE) otherwise. */
const JSON_LD_ACCEPT = /application\/(vc\+)?ld\+json/i;

export interface CredentialRoutesOptions {
  readPassport: PublishedPassportReader;
}

/** Passport issuer keys, the DID documents and the signed passport credential (issue 16, decision 046). */
export const credentialRoutes: Routes<CredentialRoutesOptions> = async (app, { config, ...options }) => {
  const sealer = createKeySealer(config.CREDENTIAL_KEY_SECRET);
  const deps = {
    db: app.db,
    sealer,
    readPassport: options.readPassport,
    templateOrigin: config.DIGITAL_LINK_DOMAIN,
    filesOrigin: new URL(config.PUBLIC_URL).origin,
  };

  app.get(
    '/api/service/issuer-keys',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['passports'],
        summary: "The company's passport issuer keys (public parts), newest first",
        description: 'The active key signs new credentials; retired keys stay in the DID document so that what they signed still verifies.',
        security: bearerAuth,
        response: { 200: z.object({ result: z.array(issuerKeySchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request.auth);
      await ensureIssuerKey(app.db, sealer, companyId);
      return { result: (await listIssuerKeys(app.db, companyId)).map(issuerKeyView) };
    },
  );

  app.post(
    '/api/service/issuer-keys/rotate',
    {
      onRequest: [app.authenticate, requireCompany, requireAdmin],
      schema: {
        tags: ['passports'],
        summary: 'Managers: retire the active issuer key and make a new one',
        description: 'New credentials name the new key; the retired key stays listed in the DID document.',
        security: bearerAuth,
        response: { 200: z.object({ result: issuerKeySchema }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: issuerKeyView(await rotateIssuerKey(app.db, sealer, companyIdOf(request.auth))) }),
  );

  app.get(
    '/api/internal/did',
    {
      onRequest: app.requireGateway,
      schema: {
        tags: ['internal'],
        summary: 'Internal: the DID document the gateway serves at /.well-known/did.json or /{serviceName}/did.json',
        headers: internalHeaders,
        querystring: didQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const document = await didDocument(app.db, config.DIGITAL_LINK_DOMAIN, request.query);
      if (!document) throw notFound();
      return document as unknown as Record<string, unknown>;
    },
  );

  app.get(
    '/api/product/passport/credential',
    {
      schema: {
        tags: ['passports'],
        summary: 'Public: a published passport version as a UNTP Digital Product Passport (W3C VC 2.0)',
        description:
          'The latest published version, or `version`. Answers the compact JWS (VC-JOSE, `application/vc+jwt`, EdDSA, `kid` = `{issuer DID}#{keyId}`); ' +
          'with `Accept: application/ld+json` or `application/vc+ld+json` the unsigned credential. Only public passport fields. 404 when there is no such published version. ' +
          "The subject (`credentialSubject.product.id`) is the product's Digital Link; for a passport of granularity `batch` with the `lot` of one of the product's batches, that batch's (`/10/{lot}`); for `item` with a registered `serial`, that item's (`[/10/{lot}]/21/{serial}`).",
        querystring: credentialQuerySchema,
        response: { 200: z.string().describe('the compact JWS (application/vc+jwt) or the credential (application/ld+json)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const issued = await issuePassportCredential(deps, request.query);
      if (!issued) throw notFound();
      reply.header('vary', 'Accept').header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
      const accept = request.headers.accept ?? '';
      if (JSON_LD_ACCEPT.test(accept) && !accept.includes(VC_JWT_MEDIA_TYPE)) {
        return reply.type('application/ld+json; charset=utf-8').send(JSON.stringify(issued.credential));
      }
      return reply.type(VC_JWT_MEDIA_TYPE).send(issued.jws);
    },
  );
};
