import {
  idParamSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  resultTrueSchema,
  unreadCountResponseSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { countUnread, listNotifications, markAllRead, markRead } from './service.js';

const tags = ['notifications'];

export const notificationRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate];

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
