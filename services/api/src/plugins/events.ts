import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { PLAN_USAGE_CHANGED_HEADER } from '@product-console/shared';
import { changesPlanVerdicts, createEventBus, type EventBus, type Publish } from '../events.js';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
  interface FastifyRequest {
    /** Publishes domain events of this request's committed writes (`src/events.ts`). */
    publish: Publish;
  }
}

/**
 * The domain-event bus, and per request a `publish` that remembers what was published: an answer
 * (2xx or 3xx) of a request that changed a company's plan usage carries `x-plan-usage-changed`,
 * so the gateway drops the company's cached plan verdicts without keeping a list of API routes
 * (as `x-resolver-invalidate` does for resolutions, decision 019).
 */
export default fp(
  async (app) => {
    const bus = createEventBus();
    app.decorate('events', bus);
    const changedPlanVerdicts = new WeakSet<FastifyRequest>();

    app.decorateRequest('publish', null as unknown as Publish);
    app.addHook('onRequest', async (request) => {
      request.publish = async (...events) => {
        if (events.some(changesPlanVerdicts)) changedPlanVerdicts.add(request);
        await bus.publish(events, request.log);
      };
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 && changedPlanVerdicts.has(request)) reply.header(PLAN_USAGE_CHANGED_HEADER, '1');
      return payload;
    });
  },
  { name: 'events' },
);
