import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { errorResponses, type Routes } from '../../http.js';

const healthSchema = z.object({ status: z.literal('ok') });

const jobsSchema = z.object({
  queues: z.array(z.object({ name: z.string(), queued: z.number(), active: z.number(), failed: z.number(), completed: z.number() })),
  deadLetters: z.array(z.object({ id: z.string(), queue: z.string(), createdOn: z.string(), error: z.string().nullable(), data: z.unknown() })),
});
const DEAD_LETTERS_SHOWN = 50;

/**
 * Health of the process and its database, for the container health check (`/api/healthz`)
 * and the gateway's upstream probe (`/healthz`).
 */
export const healthRoutes: Routes = async (app) => {
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

  app.get(
    '/api/internal/jobs',
    {
      onRequest: [app.requireGateway],
      schema: {
        tags: ['health'],
        summary: "Operators (internal token): the job queue's jobs per queue and state, and the latest dead letters",
        description: `Jobs whose every attempt failed are kept as dead letters, the newest ${DEAD_LETTERS_SHOWN} here with their queue and last error. Not reachable through the gateway.`,
        response: { 200: jobsSchema, ...errorResponses(401) },
      },
    },
    async () => ({ queues: await app.jobs.counts(), deadLetters: await app.jobs.deadLetters(DEAD_LETTERS_SHOWN) }),
  );
};
