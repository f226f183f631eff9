import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { runAsAuditActor, type AuditActorSetting } from '../db/audit-actor.js';

export interface WriteRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` on a route whose writes touch no audited table (a hot path): they run without an audit actor. */
    audit?: boolean;
  }
  interface FastifyInstance {
    /** Every route that may change data (POST, PUT, PATCH, DELETE): the audit test walks them. */
    writeRoutes: WriteRoute[];
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who a request's writes are made for: its signed-in user, its API key, else the public. */
function actorOf(request: FastifyRequest): AuditActorSetting {
  // `auth` and `apiClient` are set by the authentication hooks, after this plugin's hook ran.
  const { auth, apiClient } = request as Partial<Pick<FastifyRequest, 'auth' | 'apiClient'>>;
  // A key's call (EPCIS, /api/v1) is the key's, though /api/v1 also lets its maker's context act for it.
  if (apiClient) return { t: 'api-key', k: apiClient.apiKeyId, c: apiClient.companyId };
  if (auth) return { t: 'user', u: auth.userId, c: auth.companyId };
  return { t: 'public', n: `${request.method} ${request.routeOptions.url ?? ''}`.slice(0, 200) };
}

/**
 * Every request runs in an audit context (decision 088): the database writes it makes, and the
 * work it starts (domain event subscribers), carry its actor to the audit triggers. Registered
 * before the routes, so that it also lists them.
 */
export default fp(
  async (app) => {
    const writeRoutes: WriteRoute[] = [];
    app.decorate('writeRoutes', writeRoutes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (WRITE_METHODS.has(method)) writeRoutes.push({ method, url: route.url });
    });
    // A callback hook: the rest of the request's hooks and its handler run inside `done`'s context.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config.audit === false) return done();
      runAsAuditActor({ actor: () => actorOf(request) }, done);
    });
  },
  { name: 'audit' },
);
