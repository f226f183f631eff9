import { z } from 'zod';
import {
  SERIAL_IMPORT_MAX_PROBLEMS,
  SERIAL_IMPORT_MAX_ROWS,
  SERIAL_STATUS_REASON_MAX,
  SERIAL_STATUS_SELECTION_MAX,
  errorBodySchema,
  serialImportFailureSchema,
  serialStatusBodySchema,
  serialStatusBulkBodySchema,
  serialStatusHistoryQuerySchema,
  serialStatusHistoryResponseSchema,
  serialStatusResultSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { SerialStatusListRejected, changeListedStatus, changeSelectionStatus, changeSerialStatus, serialStatusHistory } from './lifecycle.js';

const tags = ['qualifiers'];
const access =
  'Another company’s entry or serial answers 404; a sub-admin needs product write access on the project of the entry’s product (read access for the history).';
const rules = `\`status\` is \`active\`, \`deactivated\` (destroyed, returned…) or \`blacklisted\` (a confirmed copy); \`reason\` (at most ${SERIAL_STATUS_REASON_MAX} characters) is required for the last two. Serials already in that status are counted in \`unchanged\`. One transaction; each change is kept in the serial's history with who made it. Answers \`x-resolver-invalidate\` with the entry path. ${access}`;

/** The serial lifecycle routes (decision 070), beside the entry's other qualifier routes. */
export const lifecycleRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.put(
    '/api/entry/qualifiers/status',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the lifecycle status of one serial',
        description: `404 when \`qualifierId\` is not a live serial of the entry. ${rules}`,
        security: bearerAuth,
        body: serialStatusBodySchema,
        response: { 200: serialStatusResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { outcome, entryPath } = await changeSerialStatus(app.db, app.jobs, request.auth, companyIdOf(request.auth), request.body);
      invalidateResolver(reply, [entryPath]);
      return outcome;
    },
  );

  app.put(
    '/api/entry/qualifiers/status/bulk',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the lifecycle status of a selection of serials, all or none',
        description: `1 to ${SERIAL_STATUS_SELECTION_MAX} \`qualifierIds\`; one that is not a live serial of the entry answers 400 (\`details\` path \`qualifierIds.{index}\`) and nothing changes. ${rules}`,
        security: bearerAuth,
        body: serialStatusBulkBodySchema,
        response: { 200: serialStatusResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { outcome, entryPath } = await changeSelectionStatus(app.db, app.jobs, request.auth, companyIdOf(request.auth), request.body);
      invalidateResolver(reply, [entryPath]);
      return outcome;
    },
  );

  app.post(
    '/api/entry/qualifiers/status/upload',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the lifecycle status of the serials of an uploaded list, all or none',
        description: [
          'multipart/form-data: `entryId`, `entryPath`, `status`, `reason` and `file`: an .xlsx workbook, a .csv file or plain text with one serial a line (recognised by its content).',
          'The serial column is the one headed `serial` (or `serial number`, `serialNumber`, `qualifier`); without such a heading a text file is read line by line, each line whole (a serial may hold `,` or `;`), and a workbook by its first column from the first row.',
          `At most ${SERIAL_IMPORT_MAX_ROWS} lines. A line that is not a registered serial of the entry answers 400 with the lines (row, value, message; at most ${SERIAL_IMPORT_MAX_PROBLEMS}, \`more\` counts the rest) and nothing changes; a serial listed twice changes once.`,
          rules,
        ].join(' '),
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        response: {
          200: serialStatusResultSchema,
          400: z.union([serialImportFailureSchema, errorBodySchema]).describe('Lines refused (details: row, value, message) or invalid input (details: path, message)'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      try {
        const { outcome, entryPath } = await changeListedStatus(app.db, app.jobs, request.auth, companyIdOf(request.auth), request);
        invalidateResolver(reply, [entryPath]);
        return outcome;
      } catch (error) {
        if (error instanceof SerialStatusListRejected) return reply.code(400).send(error.failure);
        throw error;
      }
    },
  );

  app.get(
    '/api/entry/qualifiers/status/history',
    {
      onRequest,
      schema: {
        tags,
        summary: "A serial's lifecycle history, newest first",
        description: `Each change: from and to status, reason, who (the name at the time) and when; at most 500. ${access}`,
        security: bearerAuth,
        querystring: serialStatusHistoryQuerySchema,
        response: { 200: serialStatusHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await serialStatusHistory(app.db, request.auth, companyIdOf(request.auth), request.query.entryId, request.query.qualifierId),
    }),
  );
};
