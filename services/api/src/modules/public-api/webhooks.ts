import type { FastifyRequest } from 'fastify';
import { v1Page, webhookCreateSchema, webhookDeliverySchema, webhookIdParamSchema, webhookSchema, webhookUpdateSchema, webhookWithSecretSchema } from '@product-console/shared';
import { z } from 'zod';
import type { Routes } from '../../http.js';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, rotateWebhookSecret, sendTestEvent, updateWebhook } from '../webhooks/service.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { v1Errors } from './problem.js';

const tags = ['webhooks'];

/**
 * Product-data webhooks for machine clients (decision 086): the console's rules through the same
 * service. A webhook carries events of every product of the company, so a key limited to one
 * project is refused (403), as a sub-admin is in the console. A secret is in the answer of its
 * creation or rotation only, and never kept for an idempotent replay.
 */
export const v1WebhookRoutes: Routes = async (app, { config }) => {
  const settings = { allowPrivate: config.EPCIS_WEBHOOK_ALLOW_PRIVATE };
  const companyWide = async (request: FastifyRequest) => {
    if (request.apiClient.projectId !== null) throw v1Errors.companyWideOnly();
  };
  const read = [requireScope(app, 'webhooks:read'), companyWide];
  const write = [requireScope(app, 'webhooks:write'), companyWide];

  app.get(
    '/webhooks',
    {
      onRequest: read,
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'The company’s webhooks, newest first, without their secrets',
        description: `Scope \`webhooks:read\`, a key for the whole company. A company holds at most 20 webhooks: one page, \`next\` is null.`,
        security: keySecurity,
        response: { 200: v1Page(webhookSchema), ...problems(401, 403) },
      },
    },
    async (request) => ({ data: await listWebhooks(app.db, request.apiClient.companyId), next: null }),
  );

  app.post(
    '/webhooks',
    {
      onRequest: write,
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Subscribe a destination to product-data events; the secret is in this answer only',
        description:
          'Scope `webhooks:write`, a key for the whole company. The destination must be http(s) on a public address. Deliveries carry `webhook-id`, `webhook-timestamp` and `webhook-signature` (Standard Webhooks).',
        security: keySecurity,
        body: webhookCreateSchema,
        response: { 201: webhookWithSecretSchema, ...problems(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(app.db, request.apiClient.companyId, request.auth.userId, request.body, settings);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/webhooks/:webhookId',
    {
      onRequest: read,
      schema: { tags, operationId: 'getWebhook', summary: 'One webhook', description: 'Scope `webhooks:read`.', security: keySecurity, params: webhookIdParamSchema, response: { 200: webhookSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => getWebhook(app.db, request.apiClient.companyId, request.params.webhookId),
  );

  app.patch(
    '/webhooks/:webhookId',
    {
      onRequest: write,
      schema: {
        tags,
        operationId: 'updateWebhook',
        summary: 'Change a webhook’s destination, description, events or enabled flag',
        description: 'Scope `webhooks:write`.',
        security: keySecurity,
        params: webhookIdParamSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => updateWebhook(app.db, request.apiClient.companyId, request.params.webhookId, request.body, settings),
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      onRequest: write,
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook and its delivery log',
        description: 'Scope `webhooks:write`.',
        security: keySecurity,
        params: webhookIdParamSchema,
        response: { 204: z.null().describe('Deleted'), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteWebhook(app.db, request.apiClient.companyId, request.params.webhookId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:webhookId/secret',
    {
      onRequest: write,
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate a webhook’s secret; the new one is in this answer only',
        description: 'Scope `webhooks:write`. Deliveries are signed with the new secret from now on.',
        security: keySecurity,
        params: webhookIdParamSchema,
        response: { 200: webhookWithSecretSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await rotateWebhookSecret(app.db, request.apiClient.companyId, request.params.webhookId)),
  );

  app.post(
    '/webhooks/:webhookId/test',
    {
      onRequest: write,
      schema: {
        tags,
        operationId: 'sendWebhookTestEvent',
        summary: 'Queue a `webhook.test` delivery to the destination',
        description: 'Scope `webhooks:write`. Answers the queued delivery; its outcome is in the console’s delivery log.',
        security: keySecurity,
        params: webhookIdParamSchema,
        response: { 202: webhookDeliverySchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(202).send(await sendTestEvent(app.db, app.jobs, request.apiClient.companyId, request.params.webhookId)),
  );
};
