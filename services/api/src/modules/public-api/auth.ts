import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ROLE, type ApiScope } from '@product-console/shared';
import type { AuthContext } from '../access/auth-context.js';
import { v1Errors } from './problem.js';

/*
 * Who a key acts as (decision 085). The existing services take an AuthContext; a key stands for a
 * manager of its company, the person who made it, so that the services' rules (tenancy, plan
 * limits, GTIN ownership, who created a row) apply unchanged. The scopes narrow what the manager
 * could do; the project restriction is checked here, before a service is called, because a
 * manager's context would allow every project.
 */

/** The AuthContext of a key's calls: its maker acting as a manager of the key's company. */
export function keyAuthContext(companyId: number, userId: number): AuthContext {
  return { userId, roleId: ROLE.MANAGER, companyId, ownCompanyId: companyId, isSwitched: false, familyId: null };
}

/**
 * onRequest hook of every `/api/v1` route but the document and its page: a live key (401 problem
 * otherwise, with `WWW-Authenticate: Bearer`) that has the route's scope (403 problem). A key
 * whose maker's account is gone acts for nobody: 401 (make a new key).
 */
export function requireScope(app: FastifyInstance, scope: ApiScope): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const client = await app.apiKeyClient(request);
    if (!client) throw v1Errors.unauthorized();
    if (client.createdBy === null) throw v1Errors.unauthorized('The person who made this API key is no longer a user; make a new key');
    request.apiClient = client;
    request.auth = keyAuthContext(client.companyId, client.createdBy);
    if (!client.scopes.includes(scope)) throw v1Errors.missingScope(scope);
  };
}

/** The projects a key may reach: null for the whole company, else its one project. */
export const keyProjectIds = (request: FastifyRequest): number[] | null =>
  request.apiClient.projectId === null ? null : [request.apiClient.projectId];

/** A resource of another project than the key's is, for the key, not there (404, as another company's). */
export function assertKeyProject(request: FastifyRequest, projectId: number): void {
  const allowed = keyProjectIds(request);
  if (allowed !== null && !allowed.includes(projectId)) throw v1Errors.notFound();
}
