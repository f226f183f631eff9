import { translateTextsBodySchema, translateTextsResponseSchema, translationStatusResponseSchema } from '@product-console/shared';
import { translationFailed, translationNotSetUp } from '../../errors.js';
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

  app.post(
    '/api/service/translation',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['translation'],
        summary: "Machine-translates copies of the page's default language for the editor, which fills a language not written yet",
        security: bearerAuth,
        body: translateTextsBodySchema,
        response: { 200: translateTextsResponseSchema, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request) => {
      if (!app.translator.status().available) throw translationNotSetUp();
      const { source, target, format, texts } = request.body;
      const translated = await app.translator.translate({ source, target, format, texts });
      if (!translated) throw translationFailed();
      return { result: { texts: translated } };
    },
  );
};
