import type { onSendHookHandler } from 'fastify';
import { z } from 'zod';
import {
  SERIAL_IMPORT_MAX_PROBLEMS,
  SERIAL_IMPORT_MAX_ROWS,
  dataExportParamsSchema,
  dataExportQuerySchema,
  dataImportQuerySchema,
  errorBodySchema,
  serialImportFailureSchema,
  serialImportResultSchema,
  batchImportResultSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { importBatches } from './batches.js';
import { SerialImportRejected, importSerials, serialsForExport } from './serials.js';
import { SHEET_CONTENT_TYPES, writeSerialSheet } from './spreadsheet.js';

const tags = ['data'];

/** Every failed import answers `result: false` beside `{code, message, details}`, like product creation. */
const resultFalseOnFailure: onSendHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    return JSON.stringify({ result: false, ...JSON.parse(payload) });
  } catch {
    return payload;
  }
};

/** Characters a file name in Content-Disposition may keep. */
const safeName = (text: string) => text.replace(/[^\w.-]+/g, '_');

export const dataRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.post(
    '/api/service/data/import',
    {
      onRequest,
      onSend: resultFalseOnFailure,
      schema: {
        tags,
        summary: 'Import the serials (type=serial_material) or the batches with their serials (type=batch_material) of an entry from an .xlsx or .csv file, all or none',
        description: [
          'multipart/form-data: `entryPath`, `entryId`, `gcp` (those of the entry) and `file`.',
          'The file is recognised by its content (an xlsx workbook or CSV text, never by its name); anything else answers 400.',
          'The first row is a header; the serial column is headed `serial` (or `serial number`, `serialNumber`, `qualifier`), else the first column is used; blank rows are skipped and values trimmed.',
          `At most ${SERIAL_IMPORT_MAX_ROWS} rows. If any row is empty, too long, has characters outside GS1 CSET 82, repeats a row above it or an already registered serial, nothing is imported and 400 lists the rows (row numbers as the sheet shows them, at most ${SERIAL_IMPORT_MAX_PROBLEMS}; \`more\` counts the rest).`,
          '`type=batch_material` reads the columns `lot` (required), `productionDate`, `expiryDate`, `bestBeforeDate` (YYYY-MM-DD or the GS1 YYMMDD), `quantity`, `site` and `serial` (one row per serial, or per batch without serials): new lots are created, the fields given change existing ones, serials are registered into their batch (a registered one outside any batch is put into it; one in another batch is refused), and the answer counts `batches` created, `updated` and `serials`.',
          'A sub-admin needs product write access. Success answers `x-resolver-invalidate` with the entry path.',
        ].join(' '),
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        querystring: dataImportQuerySchema,
        response: {
          200: z.union([serialImportResultSchema, batchImportResultSchema]),
          400: z.union([serialImportFailureSchema, errorBodySchema]).describe('Rows refused (details: row, value, message) or invalid input (details: path, message)'),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      try {
        if (request.query.type === 'batch_material') {
          const { entryPath, ...counts } = await importBatches(app.db, request.auth, companyIdOf(request.auth), request);
          invalidateResolver(reply, [entryPath]);
          return counts;
        }
        const { imported, entryPath } = await importSerials(app.db, request.auth, companyIdOf(request.auth), request);
        invalidateResolver(reply, [entryPath]);
        return { result: true as const, imported };
      } catch (error) {
        if (error instanceof SerialImportRejected) return reply.code(400).send(error.failure);
        throw error;
      }
    },
  );

  app.get(
    '/api/service/data/export/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Download an entry's live serials as .xlsx (default) or .csv",
        description:
          'Columns `serial`, `qualifierPath` and `status` (active, deactivated, blacklisted), oldest first; `Content-Disposition: attachment; filename="serials-{key}.{ext}"`. Another company’s entry answers 404; a sub-admin needs product read access.',
        security: bearerAuth,
        params: dataExportParamsSchema,
        querystring: dataExportQuerySchema,
        response: { 200: z.unknown().describe('The spreadsheet file'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { ext } = request.query;
      const { entry, batches } = await serialsForExport(app.db, request.auth, companyIdOf(request.auth), request.params.id);
      const file = writeSerialSheet(ext, batches, (error) => request.log.error({ err: error, reqId: request.id }, 'serial export failed'));
      return reply
        .header('content-type', SHEET_CONTENT_TYPES[ext])
        .header('content-disposition', `attachment; filename="serials-${safeName(entry.aiValue)}.${ext}"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
