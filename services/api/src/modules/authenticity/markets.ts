import { eq } from 'drizzle-orm';
import { intendedMarketsBodySchema, intendedMarketsResponseSchema, type IntendedMarketsBody } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { productWebhookData, recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import { invalidateResolver } from '../resolver/invalidate.js';

/*
 * A product's intended markets (decision 070): the countries it is sold in, ISO 3166-1 alpha-2,
 * empty for anywhere. A scan elsewhere raises a diversion signal (`diversion.ts`) and the
 * verification view warns (landing service).
 */

/** `PUT /api/product/markets`: replaces the list (sorted); the product detail reads it back. */
export async function setIntendedMarkets(db: Db, jobs: WebhookSender, auth: AuthContext, companyId: number, body: IntendedMarketsBody): Promise<{ intendedMarkets: string[]; entryPath: string | null }> {
  const product = await authorizeProduct(db, auth, companyId, body.productId, 'write');
  const intendedMarkets = [...body.intendedMarkets].sort();
  return db.transaction(async (tx) => {
    await tx.update(products).set({ intendedMarkets, updatedAt: new Date() }).where(eq(products.id, product.id));
    await recordWebhookEvents(tx, jobs, companyId, [
      { type: 'product.updated', productId: product.id, data: { ...productWebhookData(product), intendedMarkets } },
    ]);
    const [entry] = product.entryId ? await tx.select({ entryPath: entries.entryPath }).from(entries).where(eq(entries.id, product.entryId)) : [];
    return { intendedMarkets, entryPath: entry?.entryPath ?? null };
  });
}

export const marketRoutes: Routes = async (app) => {
  app.put(
    '/api/product/markets',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['products'],
        summary: "Set a product's intended markets (the countries it is sold in)",
        description:
          'ISO 3166-1 alpha-2 codes (upper case, known countries, each once); an empty list means sold anywhere. Scans from elsewhere raise diversion signals and the verification view warns. Stored sorted; `GET /api/product/` answers them as `intendedMarkets`. Another company’s product answers 404; a sub-admin needs product write access. Answers `x-resolver-invalidate` with the entry path.',
        security: bearerAuth,
        body: intendedMarketsBodySchema,
        response: { 200: intendedMarketsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { intendedMarkets, entryPath } = await setIntendedMarkets(app.db, app.jobs, request.auth, companyIdOf(request.auth), request.body);
      if (entryPath) invalidateResolver(reply, [entryPath]);
      return { result: { productId: request.body.productId, intendedMarkets } };
    },
  );
};
