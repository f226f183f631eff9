import {
  companyInfoResponseSchema,
  companyInfoUpdateResponseSchema,
  companyInfoUpdateSchema,
  customerListResponseSchema,
  customerPermissionBodySchema,
  primaryLogoResponseSchema,
  resultTrueSchema,
  ROLE,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { readAccountForm } from '../../multipart-form.js';
import { companyIdOf, requireAdmin, requireCompany, requireRole } from '../../plugins/auth.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { requestAnalyticsRebuild } from './analytics-rebuild.js';
import { getCompanyInfo, listCustomers, liveEntryPaths, setCustomerPermission, updateCompanyInfo } from './service.js';

export const companyRoutes: Routes = async (app, { config }) => {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  app.get(
    '/api/auth/me/company-info',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['companies'],
        summary: 'The company the caller acts for',
        security: bearerAuth,
        response: { 200: companyInfoResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: { ...(await getCompanyInfo(app.db, companyIdOf(request.auth))), publicOrigin } }),
  );

  app.get(
    '/api/service/super/customer/list',
    {
      onRequest: [app.authenticate, requireRole(ROLE.SUPER_ADMIN)],
      schema: {
        tags: ['super-admin'],
        summary: 'Every customer company with its approval state and plan',
        security: bearerAuth,
        response: { 200: customerListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ result: await listCustomers(app.db) }),
  );

  app.put(
    '/api/service/super/customer/permission',
    {
      onRequest: [app.authenticate, requireRole(ROLE.SUPER_ADMIN)],
      schema: {
        tags: ['super-admin'],
        summary:
          "Grant (true) or revoke (false) a company's approval; granting notifies the company, and is refused (409 E409006) while one of its prefixes overlaps an approved company's",
        security: bearerAuth,
        body: customerPermissionBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await setCustomerPermission(app.db, request.body.customerId, request.body.permission, request.publish);
      invalidateResolver(reply, await liveEntryPaths(app.db, request.body.customerId));
      return { result: true as const };
    },
  );

  app.put(
    '/api/auth/me/company-info',
    {
      onRequest: [app.authenticate, requireCompany, requireAdmin],
      schema: {
        tags: ['companies'],
        summary:
          'Update the company profile (admins): multipart `updateInfo` JSON and optional `primaryLogo` image; answers `x-resolver-invalidate` with the entry paths of the company, as consumer pages show the profile. New prefixes must not overlap an approved company\'s (E400005); prefixes that live products use cannot be removed (E400006)',
        security: bearerAuth,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: companyInfoUpdateResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const form = await readAccountForm(request, { jsonField: 'updateInfo', fileFields: ['primaryLogo'], schema: companyInfoUpdateSchema });
      const companyId = companyIdOf(request.auth);
      const result = await updateCompanyInfo(app.db, app.storage, companyId, form.value, form.files.get('primaryLogo'), (tx, id) =>
        requestAnalyticsRebuild(app.jobs, tx, id),
      );
      invalidateResolver(reply, await liveEntryPaths(app.db, companyId));
      return { result };
    },
  );

  app.get(
    '/api/auth/me/primary-logo',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['companies'],
        summary: "Path of the company's primary logo (`/files/...`, served at `/api/files/...`), or null",
        security: bearerAuth,
        response: { 200: primaryLogoResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: { primaryLogo: (await getCompanyInfo(app.db, companyIdOf(request.auth))).primaryLogo } }),
  );
};
