import {
  companyRulesQuerySchema,
  productRulesQuerySchema,
  putCompanyRulesBodySchema,
  putProductRulesBodySchema,
  redirectRuleListResponseSchema,
  REDIRECT_RULES_MAX,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import { liveEntryPaths } from '../companies/service.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { listCompanyRules, listProductRules, putCompanyRules, putProductRules } from './service.js';

const tags = ['redirect rules'];
const ruleFields = `Each rule: \`{name?, targetUrl, countries?, languages?, devices?, startsAt?, endsAt?, batch?, serial?}\`; at most ${REDIRECT_RULES_MAX} rules, stored in the order given.`;

/** Redirect rules of a product's link types and the company's defaults (decision 077). */
export const redirectRuleRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.get(
    '/api/entry/links/rules',
    {
      onRequest,
      schema: {
        tags,
        summary: "The product's redirect rules (of one link type), by link type and order",
        description: 'Another company’s product answers 404; a sub-admin needs product read access on its project.',
        security: bearerAuth,
        querystring: productRulesQuerySchema,
        response: { 200: redirectRuleListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await listProductRules(app.db, request.auth, companyIdOf(request.auth), request.query.productId, request.query.linkType),
    }),
  );

  app.put(
    '/api/entry/links/rules',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replace the product's redirect rules of one link type",
        description: `${ruleFields} Another company’s product answers 404; a sub-admin needs product write access. Answers \`x-resolver-invalidate\` with the entry path.`,
        security: bearerAuth,
        body: putProductRulesBodySchema,
        response: { 200: redirectRuleListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { rules, entryPath } = await putProductRules(app.db, request.auth, companyIdOf(request.auth), request.body);
      if (entryPath) invalidateResolver(reply, [entryPath]);
      return { result: rules };
    },
  );

  app.get(
    '/api/service/redirect-rules',
    {
      onRequest,
      schema: {
        tags,
        summary: "The company's default redirect rules (of one link type), by link type and order",
        security: bearerAuth,
        querystring: companyRulesQuerySchema,
        response: { 200: redirectRuleListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ result: await listCompanyRules(app.db, companyIdOf(request.auth), request.query.linkType) }),
  );

  app.put(
    '/api/service/redirect-rules',
    {
      onRequest: [...onRequest, requireAdmin],
      schema: {
        tags,
        summary: "Replace the company's default redirect rules of one link type (managers)",
        description: `${ruleFields} Sub-admins 403. Answers \`x-resolver-invalidate\` with the company's entry paths (\`*\` above 50).`,
        security: bearerAuth,
        body: putCompanyRulesBodySchema,
        response: { 200: redirectRuleListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const companyId = companyIdOf(request.auth);
      const rules = await putCompanyRules(app.db, companyId, request.body);
      invalidateResolver(reply, await liveEntryPaths(app.db, companyId));
      return { result: rules };
    },
  );
};
