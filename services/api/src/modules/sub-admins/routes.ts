import {
  acceptInvitationBodySchema,
  idTextSchema,
  invitationQuerySchema,
  invitationResponseSchema,
  pageQuerySchema,
  resultTrueSchema,
  subAdminAccessBodySchema,
  subAdminAccessQuerySchema,
  subAdminAccessResponseSchema,
  subAdminCreatedResponseSchema,
  subAdminIdBodySchema,
  subAdminIdQuerySchema,
  subAdminListResponseSchema,
  subAdminNewUserSchema,
  isAdminRole,
} from '@product-console/shared';
import { z } from 'zod';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { forbidden } from '../../errors.js';
import { readAccountForm } from '../../multipart-form.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import {
  acceptInvitation,
  createSubAdmin,
  deleteSubAdmin,
  getInvitation,
  getSubAdminAccess,
  inviteSubAdmin,
  listSubAdmins,
  setSubAdminAccess,
} from './management.js';

const tags = ['sub-admins'];

/** User roles (spec point 7, Sub-admin): managers and switched super-admins manage their company's sub-admins. */
export const subAdminRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany, requireAdmin];

  app.get(
    '/api/auth/sub-admin',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of the company's sub-admins, and whether the plan allows another",
        security: bearerAuth,
        querystring: pageQuerySchema,
        response: { 200: subAdminListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSubAdmins(app.db, companyIdOf(request.auth), request.query),
  );

  app.post(
    '/api/auth/sub-admin/up',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a sub-admin: multipart `newUser` JSON; without a password the member joins by invitation. 403 E403003 at the plan limit',
        security: bearerAuth,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: subAdminCreatedResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const form = await readAccountForm(request, { jsonField: 'newUser', fileFields: [], schema: subAdminNewUserSchema });
      return reply.code(201).send({ result: await createSubAdmin(app.db, companyIdOf(request.auth), form.value, request.publish, request.auth.userId) });
    },
  );

  app.post(
    '/api/auth/sub-admin/invitation',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mail a (new) invitation link to a sub-admin who has not joined yet',
        security: bearerAuth,
        body: subAdminIdBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await inviteSubAdmin({ db: app.db, mailer: app.mailer, log: request.log, config }, companyIdOf(request.auth), request.body.subAdminId);
      return { result: true as const };
    },
  );

  app.post(
    '/api/auth/sub-admin/access',
    {
      onRequest,
      schema: {
        tags,
        summary: "Set a sub-admin's read/write flags on projects; all flags off removes the access",
        security: bearerAuth,
        body: subAdminAccessBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setSubAdminAccess(app.db, companyIdOf(request.auth), request.body);
      return { result: true as const };
    },
  );

  app.get(
    '/api/auth/sub-admin/access',
    {
      // A sub-admin may read its own flags (the console checks them before showing a write screen).
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags,
        summary: "A sub-admin's flags on one project (every resource listed)",
        security: bearerAuth,
        querystring: subAdminAccessQuerySchema,
        response: { 200: subAdminAccessResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!isAdminRole(request.auth.roleId) && request.query.subAdminId !== request.auth.userId) throw forbidden();
      return {
        accessInfo: await getSubAdminAccess(app.db, companyIdOf(request.auth), request.query.subAdminId, request.query.projectId),
      };
    },
  );

  app.put(
    '/api/auth/sub-admin/del',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a sub-admin',
        security: bearerAuth,
        querystring: subAdminIdQuerySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteSubAdmin(app.db, companyIdOf(request.auth), request.query.subAdminId, request.publish);
      return { result: true as const };
    },
  );

  // The invited member, not signed in: /new-member/{userId}?token=...
  app.get(
    '/api/auth/invitation/:userId',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for (400 E400002 when invalid, spent or expired)',
        params: z.object({ userId: idTextSchema }),
        querystring: invitationQuerySchema,
        response: { 200: invitationResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ result: await getInvitation(app.db, request.params.userId, request.query.token) }),
  );

  app.post(
    '/api/auth/invitation/accept',
    {
      schema: {
        tags,
        summary: "Set the invited member's password (single use); the managers are notified",
        body: acceptInvitationBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await acceptInvitation(app.db, request.body, request.publish);
      return { result: true as const };
    },
  );
};
