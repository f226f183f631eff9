import { z } from 'zod';
import {
  pageQuerySchema,
  ROLE,
  webhookCreateSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageResponseSchema,
  webhookDeliveryParamSchema,
  webhookDeliveryResponseSchema,
  webhookIdParamSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookUpdateSchema,
  webhookWithSecretResponseSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany, requireRole } from '../../plugins/auth.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeadDeliveries,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './service.js';

const tags = ['webhooks'];

/**
 * The console's product-data webhooks (decision 086): managers (and a switched super-admin) of a
 * company. Sub-admins are refused: a webhook carries events of every product of the company, past
 * the projects a sub-admin may see.
 */
export const webhookRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireRole(ROLE.SUPER_ADMIN, ROLE.MANAGER), requireCompany];
  const settings = { allowPrivate: config.EPCIS_WEBHOOK_ALLOW_PRIVATE };

  app.get(
    '/api/webhooks',
    {
      onRequest,
      schema: { tags, summary: "The company's webhooks, newest first, without their secrets", security: bearerAuth, response: { 200: webhookListResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({ result: await listWebhooks(app.db, companyIdOf(request.auth)) }),
  );

  app.post(
    '/api/webhooks',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Subscribe a destination to product-data events; the secret is in this answer only',
        description: 'The destination must be http(s) on a public address. A company holds at most 20 webhooks (409 beyond).',
        security: bearerAuth,
        body: webhookCreateSchema,
        response: { 201: webhookWithSecretResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(app.db, companyIdOf(request.auth), request.auth.userId, request.body, settings);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ result: created });
    },
  );

  app.get(
    '/api/webhooks/:webhookId',
    {
      onRequest,
      schema: { tags, summary: 'One webhook', security: bearerAuth, params: webhookIdParamSchema, response: { 200: webhookResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ result: await getWebhook(app.db, companyIdOf(request.auth), request.params.webhookId) }),
  );

  app.patch(
    '/api/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a webhook's destination, description, events or enabled flag",
        security: bearerAuth,
        params: webhookIdParamSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await updateWebhook(app.db, companyIdOf(request.auth), request.params.webhookId, request.body, settings) }),
  );

  app.delete(
    '/api/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log',
        security: bearerAuth,
        params: webhookIdParamSchema,
        response: { 200: z.object({ result: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteWebhook(app.db, companyIdOf(request.auth), request.params.webhookId);
      return { result: true as const };
    },
  );

  app.post(
    '/api/webhooks/:webhookId/secret',
    {
      onRequest,
      schema: {
        tags,
        summary: "Rotate a webhook's secret; the new one is in this answer only",
        security: bearerAuth,
        params: webhookIdParamSchema,
        response: { 200: webhookWithSecretResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { result: await rotateWebhookSecret(app.db, companyIdOf(request.auth), request.params.webhookId) };
    },
  );

  app.post(
    '/api/webhooks/:webhookId/test',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Queue a signed `webhook.test` event to the webhook; it appears in the delivery log',
        security: bearerAuth,
        params: webhookIdParamSchema,
        response: { 202: webhookDeliveryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestEvent(app.db, app.jobs, companyIdOf(request.auth), request.params.webhookId);
      return reply.code(202).send({ result: delivery });
    },
  );

  app.get(
    '/api/webhooks/:webhookId/deliveries',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of a webhook's deliveries, newest first",
        security: bearerAuth,
        params: webhookIdParamSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryPageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await listDeliveries(app.db, companyIdOf(request.auth), request.params.webhookId, request.query) }),
  );

  app.get(
    '/api/webhook-deliveries/dead',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of the company's dead deliveries (retries spent), newest first",
        security: bearerAuth,
        querystring: pageQuerySchema,
        response: { 200: webhookDeliveryPageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ result: await listDeadDeliveries(app.db, companyIdOf(request.auth), request.query) }),
  );

  app.post(
    '/api/webhook-deliveries/:deliveryId/resend',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a dead delivery again (same id and body), after the pending ones of its product',
        security: bearerAuth,
        params: webhookDeliveryParamSchema,
        response: { 202: webhookDeliveryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const delivery = await resendDelivery(app.db, app.jobs, companyIdOf(request.auth), request.params.deliveryId);
      return reply.code(202).send({ result: delivery });
    },
  );
};
