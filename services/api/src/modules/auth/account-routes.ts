import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  linkValidityResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  resetLinkParamsSchema,
  resetLinkResponseSchema,
  resetPasswordBodySchema,
  resultTrueSchema,
  serviceNameCheckQuerySchema,
  serviceNameCheckResponseSchema,
  signUpNewUserSchema,
  signUpResponseSchema,
  verifyCodeBodySchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { imageExtension, readAccountForm } from '../../multipart-form.js';
import { setPrimaryLogo } from '../companies/service.js';
import {
  checkServiceName,
  exchangeResetCode,
  isResetLinkValid,
  requestPasswordReset,
  resetPassword,
  signUp,
  type MailContext,
} from './accounts.js';
import { changePassword, getProfile, updateProfile } from './profile.js';

const tags = ['accounts'];

/** Sign-up, password reset by e-mail, own profile and password (spec points 2, 3 and 7). */
export const accountRoutes: Routes = async (app, { config }) => {
  const mailContext = (log: MailContext['log']): MailContext => ({ db: app.db, mailer: app.mailer, log, config });

  app.post(
    '/api/auth/sign/up',
    {
      schema: {
        tags,
        summary:
          'Register a company and its manager: multipart `newUser` JSON and optional `primaryLogo` image. The company waits for approval. An address that has an account gets the same answer and its owner is told by mail.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: signUpResponseSchema, ...errorResponses(400, 409, 413) },
      },
    },
    async (request, reply) => {
      const form = await readAccountForm(request, { jsonField: 'newUser', fileFields: ['primaryLogo'], schema: signUpNewUserSchema });
      const logo = form.files.get('primaryLogo');
      // Checked before anything is created, so that a bad file leaves no half-registered company.
      if (logo) await imageExtension(logo);
      const { created, serviceName, email } = await signUp({ db: app.db, publish: request.publish, mailer: app.mailer, config }, form.value);
      if (created) {
        if (logo) await setPrimaryLogo(app.db, app.storage, created.companyId, logo);
        request.log.info({ companyId: created.companyId }, 'company registered, waiting for approval');
      } else {
        request.log.info('sign-up with an address that has an account: nothing created, its owner is told by mail');
      }
      // The same answer either way: it names no company, so it cannot tell whether one was created.
      return reply.code(201).send({ result: { serviceName, email, permission: false } });
    },
  );

  app.get(
    '/api/auth/service-name/check',
    {
      schema: {
        tags,
        summary: 'Whether a service name is free for a new company (invalid, reserved or taken otherwise)',
        querystring: serviceNameCheckQuerySchema,
        response: { 200: serviceNameCheckResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => checkServiceName(app.db, request.query.serviceName),
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a password-reset link and code; the answer is the same whether or not the address exists',
        body: forgotPasswordBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await requestPasswordReset(mailContext(request.log), request.body.email);
      return { result: true as const };
    },
  );

  app.get(
    '/api/auth/password/reset/:userId/:token',
    {
      schema: {
        tags,
        summary: 'Whether a reset link can still be used (it is not spent by this call)',
        params: resetLinkParamsSchema,
        response: { 200: linkValidityResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ result: { valid: await isResetLinkValid(app.db, request.params.userId, request.params.token) } }),
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link (single use); signs out every session of the user',
        body: resetPasswordBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body);
      return { result: true as const };
    },
  );

  app.post(
    '/api/auth/password/verify-code',
    {
      schema: {
        tags,
        summary: 'Exchange the mailed 6-digit code for a reset link (/code-verification)',
        body: verifyCodeBodySchema,
        response: { 200: resetLinkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ result: await exchangeResetCode(app.db, config, request.body.email, request.body.code) }),
  );

  app.get(
    '/api/auth/me/profile',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Own profile', security: bearerAuth, response: { 200: profileResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({ result: await getProfile(app.db, request.auth.userId) }),
  );

  app.put(
    '/api/auth/me/profile',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Update own profile: multipart `updateInfo` JSON and optional `profileImage` image',
        security: bearerAuth,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: profileResponseSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => {
      const form = await readAccountForm(request, { jsonField: 'updateInfo', fileFields: ['profileImage'], schema: profileUpdateSchema });
      return { result: await updateProfile(app.db, app.storage, request.auth.userId, form.value, form.files.get('profileImage')) };
    },
  );

  app.put(
    '/api/auth/me/password',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change own password (checks the old one, E400003); signs out every other session',
        security: bearerAuth,
        body: changePasswordBodySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await changePassword(app.db, request.auth, request.body);
      return { result: true as const };
    },
  );
};
