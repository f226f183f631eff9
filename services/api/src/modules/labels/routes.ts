import { eq } from 'drizzle-orm';
import { productLabelBodySchema, productLabelResponseSchema, type ProductLabel, type ProductLabelBody } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { validationFailed } from '../../errors.js';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { invalidateResolver } from '../resolver/invalidate.js';

/*
 * The labels a brand is obliged to show (issue 29, decision 084): a smart-label product's food,
 * wine or textile template, validated field by field by the shared schema. The landing's smartLabel
 * and dpp views show it; a wine e-label's code is resolved without a scan record.
 */

/** Category values whose products carry a smart label (spec point 9). */
export const LABEL_CATEGORIES = [2, 3];

/** `PUT /api/product/label`: stores (or with null removes) the label of a category 2 or 3 product. */
export async function setProductLabel(
  db: Db,
  auth: AuthContext,
  companyId: number,
  body: ProductLabelBody,
): Promise<{ label: ProductLabel | null; entryPath: string | null }> {
  const product = await authorizeProduct(db, auth, companyId, body.productId, 'write');
  if (body.label !== null && !LABEL_CATEGORIES.includes(product.categoryId)) {
    throw validationFailed([{ path: 'label', message: 'Only a smart-label product (category 2 or 3) carries a food, wine or textile label' }]);
  }
  return db.transaction(async (tx) => {
    await tx.update(products).set({ label: body.label, updatedAt: new Date() }).where(eq(products.id, product.id));
    const [entry] = product.entryId ? await tx.select({ entryPath: entries.entryPath }).from(entries).where(eq(entries.id, product.entryId)) : [];
    return { label: body.label, entryPath: entry?.entryPath ?? null };
  });
}

export const labelRoutes: Routes = async (app) => {
  app.put(
    '/api/product/label',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['products'],
        summary: "Set a smart-label product's food, wine or textile label",
        description:
          'The label template (`kind`: food per Regulation 1169/2011, wine e-label per 2021/2117, textile per 1007/2011) with its fields; each field is checked ' +
          '(ingredients in descending order, nutrients that add up, fibre percentages that sum to 100) and a failure is a 400 naming the field. ' +
          '`label: null` removes it. Only category 2 and 3 products take one. `GET /api/product/` answers it as `label`. ' +
          "A wine e-label's code is resolved without recording the scan. Answers `x-resolver-invalidate` with the entry path.",
        security: bearerAuth,
        body: productLabelBodySchema,
        response: { 200: productLabelResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { label, entryPath } = await setProductLabel(app.db, request.auth, companyIdOf(request.auth), request.body);
      if (entryPath) invalidateResolver(reply, [entryPath]);
      return { result: { productId: request.body.productId, label } };
    },
  );
};
