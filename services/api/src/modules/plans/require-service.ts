import type { onRequestAsyncHookHandler } from 'fastify';
import type { ServiceCode } from '@product-console/shared';
import { serviceNotInPlan } from '../../errors.js';
import { companyIdOf } from '../../plugins/auth.js';
import { currentSubscription } from './limits.js';

/**
 * onRequest hook (after `authenticate` and `requireCompany`): the company's current plan must
 * include the service, e.g. `requireService('DPP')` on traceability and passport routes;
 * otherwise 403 E403004. A company without a plan has no service.
 */
export function requireService(service: ServiceCode): onRequestAsyncHookHandler {
  return async function requireServiceHook(request) {
    const current = await currentSubscription(this.db, companyIdOf(request.auth));
    if (!current?.plan.services.includes(service)) throw serviceNotInPlan();
  };
}
