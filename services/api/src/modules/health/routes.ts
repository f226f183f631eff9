import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { errorResponses } from '../../http.js';

const healthSchema = z.object({ status: z.literal('ok') });

/**
 * Health of the process and its database, for the container health check (`/api/healthz`)
 * and the gateway's upstream probe (`/healthz`).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ['/healthz', '/api/healthz']) {
    app.get(
      url,
      {
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'Answers ok while the API and its database respond',
          response: { 200: healthSchema, 503: errorResponses(503)[503] },
        },
      },
      async (request, reply) => {
        try {
          await app.db.execute(sql`select 1`);
          return { status: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'database health check failed');
          return reply.code(503).send({ code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: MESSAGES.unableToConnect });
        }
      },
    );
  }
};
