import { z } from 'zod';
import { auditFilterSchema, auditListQuerySchema, auditPageResponseSchema, auditPeopleResponseSchema, idTextSchema } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { csvOf } from '../data/spreadsheet.js';
import { AUDIT_CSV_COLUMNS, auditFilterChoices, auditScopeOf, exportAudit, listAudit } from './service.js';

const tags = ['audit'];
const access =
  'Managers read their company’s log, sub-admins their own actions, the super-admin any company’s (`companyId`, else the switched company, else all). Another company’s log answers 403, and a sub-admin asking for someone else’s actions too.';

/** The audit log (decision 088): who changed what, when, through the console, the API or a job. */
export const auditRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate];

  app.get(
    '/api/audit',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of the audit log, newest first, filtered by person, resource, action and time',
        description: access,
        security: bearerAuth,
        querystring: auditListQuerySchema,
        response: { 200: auditPageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      const { result, total } = await listAudit(app.db, auditScopeOf(request.auth, filter), filter, page, size);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.get(
    '/api/audit/choices',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The people and resources that appear in the log the caller may read, for its filters',
        description: access,
        security: bearerAuth,
        querystring: z.object({ companyId: idTextSchema.optional() }),
        response: { 200: auditPeopleResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => auditFilterChoices(app.db, auditScopeOf(request.auth, request.query)),
  );

  app.get(
    '/api/audit/export',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The filtered audit log as CSV, newest first (at most 50,000 rows)',
        description: `Columns ${AUDIT_CSV_COLUMNS.join(', ')}; changes as JSON. ${access}`,
        security: bearerAuth,
        querystring: auditFilterSchema,
        response: { 200: z.unknown().describe('CSV'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await exportAudit(app.db, auditScopeOf(request.auth, request.query), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'private, no-store')
        .send(await csvOf(AUDIT_CSV_COLUMNS, rows));
    },
  );
};
