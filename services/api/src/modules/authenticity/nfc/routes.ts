import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config.js';

export function nfcRoutes(_config: Config): FastifyPluginAsyncZod {
  return async () => {};
}
