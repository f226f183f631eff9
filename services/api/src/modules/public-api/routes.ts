import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Routes } from '../../http.js';
import { referencePage } from './docs.js';
import { useProblems } from './problem.js';
import { v1PassportRoutes } from './passports.js';
import { v1ProductRoutes } from './products.js';
import { v1ProjectRoutes } from './projects.js';
import { v1SerialRoutes } from './serials.js';
import { v1BatchRoutes } from './batches.js';
import { v1LinkRoutes } from './links.js';
import { v1RecallRoutes } from './recalls.js';
import { v1PlaceRoutes } from './places.js';
import { v1ContentRoutes } from './contents.js';
import { v1WebhookRoutes } from './webhooks.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI 3.1 document of `/api/v1`, built from the routes' zod schemas. */
    publicApiDocument(): ReturnType<FastifyInstance['swagger']>;
  }
}

export const PUBLIC_API_VERSION = '1.0.0';

/**
 * The public REST API (issue 30 §1, decision 085), registered with the prefix `/api/v1`: machine
 * clients with scoped API keys, problem+json errors, cursor paging, ETags, and one OpenAPI 3.1
 * document generated from the same zod schemas that validate the requests (`/api/v1/openapi.json`,
 * read at `/api/v1/docs`). The gateway passes `/api/v1/*` here without a session or CSRF.
 */
export const publicApiRoutes: Routes = async (app, { config }) => {
  useProblems(app);
  // A document of its own: only the routes registered in this context, under its own decorator.
  await app.register(swagger, {
    decorator: 'publicApiDocument',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Product console public API',
        version: PUBLIC_API_VERSION,
        description:
          'Projects, products with their GS1 identity, serials, batches, links, recalls, places, content and design, and digital product passports for machine clients (PIM, ERP). ' +
          'Authenticate with an API key a manager made in the console: `Authorization: Bearer pck_…`; each call needs the scope it names. ' +
          'Lists page with an opaque `cursor` (`next` of the previous page) and `limit`; `updatedSince` returns what changed since then. ' +
          'Writes accept `Idempotency-Key`; updates accept `If-Match` with the resource’s `ETag` (412 when it changed). ' +
          'Errors are RFC 9457 problem details (`application/problem+json`). Each key has a rate limit, told in the `RateLimit` and `RateLimit-Policy` headers.',
      },
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'API key (pck_…)' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.publicApiDocument();
  });
  let page: string | undefined;
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => {
    page ??= referencePage(app.publicApiDocument());
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });

  await app.register(v1ProjectRoutes, { config });
  await app.register(v1ProductRoutes, { config });
  await app.register(v1SerialRoutes, { config });
  await app.register(v1PassportRoutes, { config });
  await app.register(v1BatchRoutes, { config });
  await app.register(v1LinkRoutes, { config });
  await app.register(v1RecallRoutes, { config });
  await app.register(v1PlaceRoutes, { config });
  await app.register(v1ContentRoutes, { config });
  await app.register(v1WebhookRoutes, { config });
};
