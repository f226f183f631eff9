import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';

export function qualifierRoutes(_config: Config): FastifyPluginAsyncZod {
  return async () => {};
}
