import { z } from 'zod';
import { errorBodySchema, INTERNAL_TOKEN_HEADER } from '@product-console/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from './config.js';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (E400001), with field errors in details',
  401: 'Not signed in (E401005), token expired (E401002) or company not approved (E401004)',
  403: 'Not allowed for this role or company (E403001)',
  404: 'Not found, or not of the caller company (E404001)',
  409: 'Conflicts with the current state (E409001)',
  503: 'The database does not respond (E503001)',
};

/** Documents error answers of a route in OpenAPI: `response: { 200: ok, ...errorResponses(400, 401) }`. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema.describe(ERROR_DESCRIPTIONS[status] ?? 'Error')]));
}

/** OpenAPI security requirement of the routes that need a bearer token. */
export const bearerAuth = [{ bearerAuth: [] }];

/** OpenAPI header of the calls only the gateway makes (behind `app.requireGateway`). */
export const internalHeaders = z.object({ [INTERNAL_TOKEN_HEADER]: z.string().optional().describe('INTERNAL_TOKEN, shared with the gateway') });

/** What every route plugin is registered with, the one way `app.ts` registers routes. */
export interface RouteOptions {
  config: Config;
}

/** A module's routes: `await app.register(someRoutes, { config })`. */
export type Routes<Extra extends object = object> = FastifyPluginAsyncZod<RouteOptions & Extra>;
