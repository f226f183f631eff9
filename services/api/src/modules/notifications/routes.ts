import {
  idParamSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  resultTrueSchema,
  unreadCountResponseSchema,
  planRequestBodySchema,
} from '@product-console/shared';
import { z } from 'zod';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import { requestPlan } from './plan-request.js';
import { countUnread, listNotifications, markAllRead, markRead } from './service.js';

const tags = ['notifications'];

export const notificationRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate];

  app.post(
    '/api/service/plan/request',
    {
      onRequest: [app.authenticate, requireCompany, requireAdmin],
      schema: {
        tags: ['plan'],
        summary: 'Ask the operators for another plan (the pricing page)',
        description:
          'Super-admins get a notification naming the company and the plan; the same request again within a day tells them nothing new (`requested: false`). 400 on `planId` for the current plan, 404 for an unknown one.',
        security: bearerAuth,
        body: planRequestBodySchema,
        response: { 200: z.object({ result: z.object({ requested: z.boolean() }) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await requestPlan(app.db, companyIdOf(request.auth), request.body.planId) }),
  );

  app.get(
    '/api/service/notifications/unread',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Number of unread notifications',
        security: bearerAuth,
        response: { 200: unreadCountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ result: { count: await countUnread(app.db, request.auth) } }),
  );

  app.get(
    '/api/service/notifications',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of notifications, newest first',
        security: bearerAuth,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listNotifications(app.db, request.auth, request.query),
  );

  // Registered before /:id/read so that the static path wins unambiguously.
  app.patch(
    '/api/service/notifications/read-all',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark every notification read',
        security: bearerAuth,
        response: { 200: resultTrueSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await markAllRead(app.db, request.auth);
      return { result: true as const };
    },
  );

  app.patch(
    '/api/service/notifications/:id/read',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark one notification read',
        security: bearerAuth,
        params: idParamSchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await markRead(app.db, request.auth, request.params.id);
      return { result: true as const };
    },
  );
};
