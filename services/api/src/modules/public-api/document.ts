import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadConfig } from '../../config.js';
import { validatorCompiler } from '../../plugins/errors.js';
import { publicApiRoutes } from './routes.js';

/**
 * The OpenAPI document of `/api/v1` without a database or any other service: the routes are only
 * registered, never called. The typed client (packages/client) is generated from it.
 */
export async function buildPublicApiDocument(): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(publicApiRoutes, { config: loadConfig({ NODE_ENV: 'test' }), prefix: '/api/v1' });
  try {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    if (answer.statusCode !== 200) throw new Error(`the OpenAPI document could not be built: ${answer.body}`);
    return answer.json();
  } finally {
    await app.close();
  }
}
