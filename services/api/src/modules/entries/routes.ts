import { entryCreateBodySchema, entryListResponseSchema, entryResponseSchema, entryUpdateBodySchema } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import type { AuthContext } from '../access/auth-context.js';
import { digitalLinkOriginFor } from '../links/digital-link.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { createEntries, updateEntry } from './service.js';

const tags = ['entries'];

export const entryRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany];
  // The acting company's origin: a switched super-admin sees the customer's Digital Link URIs.
  const domainOf = (auth: AuthContext) =>
    digitalLinkOriginFor(app.db, config.DIGITAL_LINK_DOMAIN, { companyId: companyIdOf(auth), userId: auth.userId });

  app.post(
    '/api/entry/entries/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Register GS1 keys (GTIN or GLN) for the company, all or none',
        description:
          'AI 01 values are GTIN-8/12/13/14 padded to 14 digits; AI 414 values are the company prefix plus the value. Each key must start with `gcp`, one of the company prefixes, and carry a valid check digit (400). A key registered among live entries answers 409 E409002. A sub-admin needs product write access on at least one project.',
        security: bearerAuth,
        body: entryCreateBodySchema,
        response: { 201: entryListResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const result = await createEntries(app.db, request.auth, companyIdOf(request.auth), request.body, await domainOf(request.auth));
      invalidateResolver(reply, result.map((entry) => entry.entryPath));
      return reply.code(201).send({ result });
    },
  );

  app.put(
    '/api/entry/entries/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Activate or deactivate an entry, or mark it deleted',
        description:
          'Only live entries of the company are found (404 otherwise). Deleting frees the key; an entry that identifies a live product cannot be deleted on its own (409). Answers `x-resolver-invalidate` with the entry path.',
        security: bearerAuth,
        body: entryUpdateBodySchema,
        response: { 200: entryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await updateEntry(app.db, request.auth, companyIdOf(request.auth), request.body, await domainOf(request.auth));
      invalidateResolver(reply, [result.entryPath]);
      return { result };
    },
  );
};
