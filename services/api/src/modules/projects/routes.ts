import {
  createProjectBodySchema,
  idParamSchema,
  projectListResponseSchema,
  projectResponseSchema,
  resultTrueSchema,
  updateProjectBodySchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './service.js';

const tags = ['projects'];

export const projectRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.post(
    '/api/project',
    {
      onRequest: [...onRequest, requireAdmin],
      schema: {
        tags,
        summary: 'Create a project (admins)',
        security: bearerAuth,
        body: createProjectBodySchema,
        response: { 201: projectResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const project = await createProject(app.db, companyIdOf(request.auth), request.body);
      return reply.code(201).send({ result: project });
    },
  );

  app.get(
    '/api/project/all',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Projects the caller can see',
        security: bearerAuth,
        response: { 200: projectListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: await listProjects(app.db, request.auth, companyIdOf(request.auth)) }),
  );

  app.get(
    '/api/project/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One project',
        security: bearerAuth,
        params: idParamSchema,
        response: { 200: projectResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await getProject(app.db, request.auth, companyIdOf(request.auth), request.params.id),
    }),
  );

  app.patch(
    '/api/project/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Rename or describe a project',
        security: bearerAuth,
        params: idParamSchema,
        body: updateProjectBodySchema,
        response: { 200: projectResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await updateProject(app.db, request.auth, companyIdOf(request.auth), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/project/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete an empty project (admins)',
        security: bearerAuth,
        params: idParamSchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteProject(app.db, request.auth, companyIdOf(request.auth), request.params.id);
      return { result: true as const };
    },
  );
};
