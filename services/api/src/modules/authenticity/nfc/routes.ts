import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { onSendHookHandler } from 'fastify';
import { z } from 'zod';
import {
  NFC_SDM_EXPORT_MAX_SIZE,
  ROLE,
  SERIAL_IMPORT_MAX_PROBLEMS,
  SERIAL_IMPORT_MAX_ROWS,
  errorBodySchema,
  nfcMasterKeyListResponseSchema,
  nfcNewMasterKeyResponseSchema,
  nfcProductQuerySchema,
  nfcSdmExportQuerySchema,
  nfcSdmQuerySchema,
  nfcSdmResponseSchema,
  nfcTagImportResultSchema,
  nfcTagListQuerySchema,
  nfcTagPageResponseSchema,
  serialImportFailureSchema,
  type NfcSdmForm,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../../http.js';
import { companyIdOf, requireCompany, requireRole } from '../../../plugins/auth.js';
import { neutraliseCsvCell } from '../../data/spreadsheet.js';
import { generateMasterKey, listMasterKeys } from './keys.js';
import { importTags, listTags, sdmFormsForExport, serialSdmForm, TagImportRejected, type NfcContext } from './service.js';

const tags = ['nfc'];
const productAccess = 'Another company’s product answers 404; a sub-admin needs product read (reads) or write (writes) access on the product’s project.';

/** Every failed import answers `result: false` beside `{code, message, details}`, like the serial import. */
const resultFalseOnFailure: onSendHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    return JSON.stringify({ result: false, ...JSON.parse(payload) });
  } catch {
    return payload;
  }
};

const CSV_COLUMNS = ['serial', 'uri', 'piccDataOffset', 'sdmMacOffset', 'sdmMacInputOffset', 'ndefHex'] as const;

/** The encoding CSV for the tag supplier: one row per serial, formula-like cells neutralised. */
function writeSdmCsv(batches: AsyncIterable<NfcSdmForm[]>, onError: (error: unknown) => void): Readable {
  const output = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('nfc');
    sheet.columns = CSV_COLUMNS.map((key) => ({ header: key, key }));
    for await (const batch of batches) {
      sheet.addRows(batch.map((form) => ({ ...form, serial: neutraliseCsvCell(form.serial), uri: neutraliseCsvCell(form.uri) })));
    }
    output.end(Buffer.from(await workbook.csv.writeBuffer()));
  };
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

/**
 * Cryptographic NFC tags (issue 25 part 2, decision 069): the company's NFC master key (managers),
 * the tags bound to a product's serials, and the SDM form of its NFC record for the tag supplier.
 */
export const nfcRoutes: Routes = async (app, { config }) => {
  const onRequest = [app.authenticate, requireCompany];
  const managers = [app.authenticate, requireCompany, requireRole(ROLE.SUPER_ADMIN, ROLE.MANAGER)];
  const context = (request: { auth: NfcContext['auth'] }): NfcContext => ({ db: app.db, auth: request.auth, companyId: companyIdOf(request.auth) });

  app.get(
    '/api/service/nfc/master-keys',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: "Managers: the company's NFC master keys (never their values), newest first",
        description: 'The active key keys new tags; retired keys still verify the tags diversified from them.',
        security: bearerAuth,
        response: { 200: nfcMasterKeyListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      result: (await listMasterKeys(app.db, companyIdOf(request.auth))).map((key) => ({
        ...key,
        createdAt: key.createdAt.toISOString(),
        retiredAt: key.retiredAt?.toISOString() ?? null,
      })),
    }),
  );

  app.post(
    '/api/service/nfc/master-keys',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Managers: generate a new NFC master key (the first, or a rotation); its value is in this answer only',
        description:
          'The new key (16 random bytes, 32 hex) becomes active and the previous one is retired; tags already keyed from the retired key keep verifying. ' +
          'The value is sealed at rest and never answered or logged again: give it to the tag encoder now. `Cache-Control: no-store`.',
        security: bearerAuth,
        response: { 200: nfcNewMasterKeyResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const created = await generateMasterKey(app.db, app.nfcKeySealer, companyIdOf(request.auth));
      reply.header('cache-control', 'no-store');
      return { result: { id: created.id, key: created.key, createdAt: created.createdAt.toISOString(), retiredKeyId: created.retired } };
    },
  );

  app.get(
    '/api/product/nfc/tags',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of the product's NFC tags, newest first: UID, serial, key source, last counter and tap (never a key)",
        description: productAccess,
        security: bearerAuth,
        querystring: nfcTagListQuerySchema,
        response: { 200: nfcTagPageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listTags(context(request), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.post(
    '/api/product/nfc/tags/import',
    {
      onRequest,
      onSend: resultFalseOnFailure,
      schema: {
        tags,
        summary: "Bind NFC tags to the product's serials from the supplier's file (.csv or .xlsx), all or none",
        description: [
          'multipart/form-data with one `file` part, recognised by its content. Header row with the columns `uid` (14 hex), `serial` (a live serial of the product) and optionally `sdmMetaReadKey` and `sdmFileReadKey` (32 hex each, both or neither).',
          'Rows with keys bind the tag with those keys (sealed); rows without use the company’s active master key.',
          `At most ${SERIAL_IMPORT_MAX_ROWS} rows. If any row has a bad UID or key, an unknown serial, a UID or serial repeated in the file or already bound, nothing is bound and 400 lists the rows (at most ${SERIAL_IMPORT_MAX_PROBLEMS}; \`more\` counts the rest); each message starts with its column.`,
          `409 for a product without a GS1 entry. ${productAccess}`,
        ].join(' '),
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        querystring: nfcProductQuerySchema,
        response: {
          200: nfcTagImportResultSchema,
          400: z.union([serialImportFailureSchema, errorBodySchema]).describe('Rows refused (details: row, value, message) or invalid input (details: path, message)'),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      try {
        return { result: true as const, imported: await importTags(context(request), app.nfcKeySealer, request.query.productId, request) };
      } catch (error) {
        if (error instanceof TagImportRejected) return reply.code(400).send(error.failure);
        throw error;
      }
    },
  );

  app.get(
    '/api/product/nfc/sdm',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The SDM form of one serial’s NFC record: the URI with the `picc_data` and `cmac` placeholders, the NDEF file and the offsets',
        description: `Offsets count bytes from the first byte of the NDEF file (its 2-byte NLEN). 404 for a value that is no live serial of the product; 409 when the product’s NFC is off. ${productAccess}`,
        security: bearerAuth,
        querystring: nfcSdmQuerySchema,
        response: { 200: nfcSdmResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ result: await serialSdmForm(context(request), config.DIGITAL_LINK_DOMAIN, request.query.productId, request.query.serial) }),
  );

  app.get(
    '/api/product/nfc/sdm/export',
    {
      onRequest,
      schema: {
        tags,
        summary: "Download the SDM forms of the product's serials as CSV for the tag supplier",
        description:
          `Columns \`serial, uri, piccDataOffset, sdmMacOffset, sdmMacInputOffset, ndefHex\`, oldest serial first; all live serials, or with \`page\` one page of \`size\` serials (at most and by default ${NFC_SDM_EXPORT_MAX_SIZE}). ` +
          `\`Content-Disposition: attachment; filename="nfc-sdm-{productId}.csv"\`. 409 when the product’s NFC is off. ${productAccess}`,
        security: bearerAuth,
        querystring: nfcSdmExportQuerySchema,
        response: { 200: z.unknown().describe('The CSV file'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { product, batches } = await sdmFormsForExport(context(request), config.DIGITAL_LINK_DOMAIN, request.query);
      const suffix = request.query.page !== undefined ? `-page-${request.query.page}` : '';
      const file = writeSdmCsv(batches, (error) => request.log.error({ err: error, reqId: request.id }, 'NFC SDM export failed'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="nfc-sdm-${product.id}${suffix}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
