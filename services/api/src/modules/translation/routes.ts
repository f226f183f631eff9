import { translationStatusResponseSchema } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';

export const translationRoutes: Routes = async (app) => {
  app.get(
    '/api/service/translation',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['translation'],
        summary: 'Whether automatic translation can be switched on, and through which provider',
        security: bearerAuth,
        response: { 200: translationStatusResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ result: app.translator.status() }),
  );
};
