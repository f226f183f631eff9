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
    app.decorate('authenticateApiKey', async (request: FastifyRequest) => {
      const key = bearerKey(request);
      if (!key) throw epcisErrors.security();
      const client = await findApiClient(app.db, key);
      if (!client) throw epcisErrors.security('The API key is unknown, revoked, or its company may not use traceability');
      request.apiClient = { companyId: client.companyId, apiKeyId: client.apiKeyId };

      const now = Date.now();
      const lastUsed = Math.max(touched.get(client.apiKeyId) ?? 0, client.lastUsedAt?.getTime() ?? 0);
      if (now - lastUsed < LAST_USED_RESOLUTION_MS) return;
      if (touched.size >= TOUCHED_MAX) touched.clear();
      touched.set(client.apiKeyId, now);
      // Not awaited by the request: the answer does not wait for a bookkeeping write.
      touchApiKey(app.db, client.apiKeyId).catch((err: unknown) => request.log.warn({ err }, 'could not record the use of an API key'));
    });
  },
  { name: 'api-key-auth', dependencies: ['db'] },
);
