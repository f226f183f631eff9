import {
  epcisQueryBuilderSchema,
  epcisQueryListQuerySchema,
  epcisQueryListResponseSchema,
  epcisQueryNameParamSchema,
  epcisSubscriptionCreateSchema,
  epcisSubscriptionIdParamSchema,
  epcisSubscriptionListQuerySchema,
  epcisSubscriptionListResponseSchema,
  epcisSubscriptionPatchSchema,
  epcisSubscriptionResponseSchema,
  epcisQueryItemSchema,
  resultTrueSchema,
  ROLE,
} from '@product-console/shared';
import { z } from 'zod';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany, requireRole } from '../../plugins/auth.js';
import { requireService } from '../plans/require-service.js';
import {
  createConsoleQuery,
  createConsoleSubscription,
  deleteConsoleQuery,
  deleteConsoleSubscription,
  listConsoleQueries,
  listConsoleSubscriptions,
  requestSubscriptionTest,
  setSubscriptionPaused,
  SUBSCRIPTION_TEST_QUEUE,
} from './console-subscriptions.js';
import { requestDeliveryPass } from './subscriptions-worker.js';

const tags = ['trace'];

/**
 * Named queries and webhook subscriptions in the console (decision 082): who manages the
 * company's API keys manages them (managers, a switched super-admin; the plan's DPP service, which
 * traceability and the API keys belong to).
 */
export const epcisConsoleRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireRole(ROLE.SUPER_ADMIN, ROLE.MANAGER), requireCompany, requireService('DPP')];

  app.get(
    '/api/trace/epcis-queries',
    {
      onRequest,
      schema: { tags, summary: "The company's named EPCIS queries, by name, with their number of subscriptions", security: bearerAuth, querystring: epcisQueryListQuerySchema, response: { 200: epcisQueryListResponseSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { page, size } = request.query;
      const { items, total } = await listConsoleQueries(app.db, companyIdOf(request.auth), page, size);
      return { result: { items, page: { total, page, size } } };
    },
  );

  app.post(
    '/api/trace/epcis-queries',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Save a named EPCIS query made with the query builder (event type, bizStep, disposition, place, EPC)',
        security: bearerAuth,
        body: epcisQueryBuilderSchema,
        response: { 201: z.object({ result: epcisQueryItemSchema }), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send({ result: await createConsoleQuery(app.db, companyIdOf(request.auth), request.body) }),
  );

  app.delete(
    '/api/trace/epcis-queries/:name',
    {
      onRequest,
      schema: { tags, summary: 'Delete a named query, its subscriptions and open streams', security: bearerAuth, params: epcisQueryNameParamSchema, response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      await deleteConsoleQuery(app.db, companyIdOf(request.auth), request.params.name);
      return { result: true as const };
    },
  );

  app.get(
    '/api/trace/epcis-subscriptions',
    {
      onRequest,
      schema: {
        tags,
        summary: "The company's webhook subscriptions, newest first, with their last delivery, failures, next attempt and last test",
        security: bearerAuth,
        querystring: epcisSubscriptionListQuerySchema,
        response: { 200: epcisSubscriptionListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { items, total } = await listConsoleSubscriptions(app.db, companyIdOf(request.auth), page, size);
      return { result: { items, page: { total, page, size } } };
    },
  );

  app.post(
    '/api/trace/epcis-subscriptions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Subscribe a webhook to a named query: streaming (each new event) or on a schedule (UTC)',
        security: bearerAuth,
        body: epcisSubscriptionCreateSchema,
        response: { 201: epcisSubscriptionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await createConsoleSubscription(app.db, companyIdOf(request.auth), request.body, config.EPCIS_WEBHOOK_ALLOW_PRIVATE);
      await requestDeliveryPass(app.jobs);
      return reply.code(201).send({ result: created });
    },
  );

  app.patch(
    '/api/trace/epcis-subscriptions/:subscriptionId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Pause or resume a subscription; a resumed one delivers what was captured meanwhile',
        security: bearerAuth,
        params: epcisSubscriptionIdParamSchema,
        body: epcisSubscriptionPatchSchema,
        response: { 200: epcisSubscriptionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await setSubscriptionPaused(app.db, companyIdOf(request.auth), request.params.subscriptionId, request.body.paused);
      if (!request.body.paused) await requestDeliveryPass(app.jobs);
      return { result };
    },
  );

  app.delete(
    '/api/trace/epcis-subscriptions/:subscriptionId',
    {
      onRequest,
      schema: { tags, summary: 'Delete a subscription', security: bearerAuth, params: epcisSubscriptionIdParamSchema, response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      await deleteConsoleSubscription(app.db, companyIdOf(request.auth), request.params.subscriptionId);
      return { result: true as const };
    },
  );

  app.post(
    '/api/trace/epcis-subscriptions/:subscriptionId/test',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a test event to the destination through the job queue; the subscription shows the outcome (test.status)',
        security: bearerAuth,
        params: epcisSubscriptionIdParamSchema,
        response: { 202: epcisSubscriptionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const result = await requestSubscriptionTest(app.db, app.jobs, companyIdOf(request.auth), request.params.subscriptionId);
      app.jobs.wake(SUBSCRIPTION_TEST_QUEUE.name);
      return reply.code(202).send({ result });
    },
  );
};
