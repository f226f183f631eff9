import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { v1Page, v1PageQuerySchema, v1ProjectIdParamSchema, v1ProjectSchema, type V1Project } from '@product-console/shared';
import type { Routes } from '../../http.js';
import { projects } from '../projects/tables.js';
import { assertKeyProject, keyProjectIds, requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { afterCursor, cursorTime, decodeCursor, pageOf } from './paging.js';
import { v1Errors } from './problem.js';

const tags = ['projects'];

const toV1Project = (row: typeof projects.$inferSelect): V1Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The company's projects (a key restricted to one project sees that one). */
export const v1ProjectRoutes: Routes = async (app) => {
  app.get(
    '/projects',
    {
      onRequest: requireScope(app, 'projects:read'),
      schema: {
        tags,
        operationId: 'listProjects',
        summary: 'List projects, in the order of their last change',
        description: 'Scope `projects:read`. Cursor paging (`limit`, `cursor`) and `updatedSince`.',
        security: keySecurity,
        querystring: v1PageQuerySchema,
        response: { 200: v1Page(v1ProjectSchema), ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, cursor: cursorText, updatedSince } = request.query;
      const cursor = decodeCursor(cursorText);
      const conditions: (SQL | undefined)[] = [eq(projects.companyId, request.apiClient.companyId)];
      const allowed = keyProjectIds(request);
      if (allowed !== null) conditions.push(inArray(projects.id, allowed));
      if (updatedSince !== undefined) conditions.push(gte(projects.updatedAt, new Date(updatedSince)));
      if (cursor) conditions.push(afterCursor(projects.updatedAt, projects.id, cursor));
      const rows = await app.db
        .select({ project: projects, cursorTime: cursorTime(projects.updatedAt), id: projects.id })
        .from(projects)
        .where(and(...conditions))
        .orderBy(asc(projects.updatedAt), asc(projects.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit);
      return { data: page.rows.map((row) => toV1Project(row.project)), next: page.next };
    },
  );

  app.get(
    '/projects/:projectId',
    {
      onRequest: requireScope(app, 'projects:read'),
      schema: {
        tags,
        operationId: 'getProject',
        summary: 'One project',
        description: 'Scope `projects:read`.',
        security: keySecurity,
        params: v1ProjectIdParamSchema,
        response: { 200: v1ProjectSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      assertKeyProject(request, request.params.projectId);
      const [row] = await app.db
        .select()
        .from(projects)
        .where(and(eq(projects.id, request.params.projectId), eq(projects.companyId, request.apiClient.companyId)));
      if (!row) throw v1Errors.notFound();
      return toV1Project(row);
    },
  );
};
