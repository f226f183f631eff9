import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isLimitSchema, ROLE, type IsLimit } from '@product-console/shared';
import { GatewayError } from '../../errors.js';
import type { PlanVerdict } from '../../plugins/plan-cache.js';
import { actingCompanyKey, activePair, type SessionHandle } from '../../plugins/session.js';
import { callWithSession } from '../../plugins/token-refresher.js';

/** Thrown out of the cache's loader so that a dead session still answers 401. */
class SessionEnded {
  constructor(readonly error: GatewayError) {}
}

/**
 * One check at the API. Spec point 8: a failed limit check is treated as denied, so anything but
 * a well-formed answer is a failed check (null). Only a dead session answers 401.
 */
async function askUpstream(request: FastifyRequest, handle: SessionHandle, path: string): Promise<PlanVerdict> {
  try {
    const { response } = await callWithSession(request, handle, activePair(handle.data), (token) =>
      request.server.upstream.call('GET', path, { token, requestId: request.id }),
    );
    const parsed = isLimitSchema.safeParse(response.body);
    if (response.status === 200 && parsed.success) return { isLimit: parsed.data.isLimit };
    request.log.warn({ status: response.status, path }, 'plan check failed; treated as limit reached');
  } catch (err) {
    if (err instanceof GatewayError && err.statusCode === 401) throw new SessionEnded(err);
    request.log.warn({ err, path }, 'plan check failed; treated as limit reached');
  }
  return null;
}

/**
 * Plan-limit checks, cached per acting company for PLAN_CACHE_TTL_SECONDS (ADR 010). A session
 * without a company (an unswitched super-admin) asks the API every time.
 */
async function checkLimit(request: FastifyRequest, check: string, path: string): Promise<IsLimit> {
  const { sessions, planCache, metrics } = request.server;
  const handle = await sessions.require(request);
  const company = actingCompanyKey(handle.data);
  let sessionEnded: SessionEnded | undefined;
  const load = () =>
    askUpstream(request, handle, path).catch((err: unknown) => {
      if (err instanceof SessionEnded) sessionEnded = err;
      return null;
    });

  if (!company) {
    const verdict = await load();
    if (sessionEnded) throw sessionEnded.error;
    return { isLimit: verdict?.isLimit ?? true };
  }
  const lookup = await planCache.check(company, check, load);
  if (sessionEnded) throw sessionEnded.error;
  if (lookup.fromUpstream) metrics.planCacheMiss();
  else metrics.planCacheHit();
  return { isLimit: lookup.isLimit };
}

const planRoutes: FastifyPluginAsync = async (app) => {
  app.get('/check/product', (request) => checkLimit(request, 'product', '/api/service/plan/check/product'));

  app.get<{ Querystring: { productId?: string } }>('/check/link', async (request) => {
    const productId = request.query.productId ?? '';
    // Which products a sub-admin may see is the API's rule (its projects): a sub-admin's verdicts
    // are kept apart, so a product outside them is never answered from someone else's verdict.
    const handle = await request.server.sessions.require(request);
    const reader = handle.data.roleId === ROLE.SUB_ADMIN ? `:user:${handle.data.userId}` : '';
    return checkLimit(request, `link:${productId}${reader}`, `/api/service/plan/check/link?productId=${encodeURIComponent(productId)}`);
  });
};

export default planRoutes;
