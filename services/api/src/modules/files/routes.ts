import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import { isValidStorageKey } from '../../plugins/storage.js';

/**
 * `GET /api/files/*`: public read of stored files (images, logos). Keys are random or
 * content-addressed and never rewritten, so answers are cached for a year.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (public, immutable)',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidStorageKey(key)) throw notFound();
      const file = await app.storage.get(key);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(file.stream);
    },
  );
};
