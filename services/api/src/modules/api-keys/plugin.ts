import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { epcisErrors } from '../epcis/problem.js';
import { findApiClient, LAST_USED_RESOLUTION_MS, touchApiKey, type ApiClient } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of the machine clients' routes (`/epcis/*`): resolves `request.apiClient` from
     * `Authorization: Bearer <API key>`, or answers 401 `epcisException:SecurityException` (as
     * problem+json when the route uses the EPCIS protocol, see modules/epcis/plugin.ts).
     */
    authenticateApiKey: onRequestAsyncHookHandler;
    /**
     * The client of the request's `Authorization: Bearer <API key>` (its use recorded), or null for
     * no key or a key that is unknown, revoked, expired or of a company that may not use keys.
     * Surfaces with their own error words (`/api/v1`) call it and answer for themselves.
     */
    apiKeyClient(request: FastifyRequest): Promise<ApiClient | null>;
  }
  interface FastifyRequest {
    /** Set by `authenticateApiKey`; only read it on routes that use that hook. */
    apiClient: ApiClient;
  }
}

function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/** Keys whose use this process wrote down lately: apiKeyId -> when. Bounded: cleared when it grows past this. */
const TOUCHED_MAX = 10_000;

export default fp(
  async (app) => {
    const touched = new Map<string, number>();

    app.decorateRequest('apiClient', null as unknown as ApiClient);
    async function apiKeyClient(request: FastifyRequest): Promise<ApiClient | null> {
      const key = bearerKey(request);
      if (!key) return null;
      const client = await findApiClient(app.db, key);
      if (!client) return null;

      const now = Date.now();
      const lastUsed = Math.max(touched.get(client.apiKeyId) ?? 0, client.lastUsedAt?.getTime() ?? 0);
      if (now - lastUsed >= LAST_USED_RESOLUTION_MS) {
        if (touched.size >= TOUCHED_MAX) touched.clear();
        touched.set(client.apiKeyId, now);
        // Not awaited by the request: the answer does not wait for a bookkeeping write.
        touchApiKey(app.db, client.apiKeyId).catch((err: unknown) => request.log.warn({ err }, 'could not record the use of an API key'));
      }
      return { companyId: client.companyId, apiKeyId: client.apiKeyId, scopes: client.scopes, projectId: client.projectId, createdBy: client.createdBy };
    }
    app.decorate('apiKeyClient', apiKeyClient);

    app.decorate('authenticateApiKey', async (request: FastifyRequest) => {
      if (!bearerKey(request)) throw epcisErrors.security();
      const client = await apiKeyClient(request);
      if (!client) throw epcisErrors.security('The API key is unknown, revoked, expired, or its company may not use traceability');
      request.apiClient = client;
      // EPCIS: capturing needs `epcis:capture`, everything else there (queries, streams) `epcis:query`.
      const path = request.url.split('?', 1)[0];
      if (path === '/epcis' || path.startsWith('/epcis/')) {
        const scope = request.method === 'POST' && /^\/epcis\/(?:capture|events)\/?$/.test(path) ? 'epcis:capture' : 'epcis:query';
        if (!client.scopes.includes(scope)) throw epcisErrors.forbidden(`The API key lacks the scope ${scope}`);
      }
    });
  },
  { name: 'api-key-auth', dependencies: ['db'] },
);
