import { z } from 'zod';
import {
  BULK_CODES_MAX,
  CODE_FILE_KEEP_DAYS,
  RANDOM_SERIAL_MIN_BITS,
  codeExportBodySchema,
  codeJobListQuerySchema,
  codeJobPageResponseSchema,
  codeJobParamsSchema,
  codeJobResponseSchema,
  serialGenerationBodySchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { changedEntryPath, codeJobFile, codeJobFor, listCodeJobs, requestCodeExport, requestSerialGeneration, toCodeJob } from './service.js';

const tags = ['codes'];
const access = 'Another company’s product or job answers 404; a sub-admin needs product access on the project of the product (write to generate, read to export and download).';

/** A generation finished this recently still tells the gateway on a read that the entry resolves differently. */
const INVALIDATE_WITHIN_MS = 10 * 60_000;

export const codeRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.post(
    '/api/product/codes/serials',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Generate serials of a product in bulk (a background job)',
        description: [
          `Sequential (\`prefix\`, \`start\`, \`padding\`) or random (\`prefix\`, \`alphabet\`, \`length\`), 1 to ${BULK_CODES_MAX} serials, each at most 20 characters of GS1 CSET 82 (AI 21).`,
          `Random serials come from the system's cryptographic source and carry at least ${RANDOM_SERIAL_MIN_BITS} bits; serials already registered are drawn again, so all are unique in the product.`,
          'With `batchId` (a batch of the product) the serials belong to that batch.',
          'A sequential run of which any number is registered already fails as a whole (the job says which). Answers 202 with the job; follow it with `GET /api/product/codes/jobs/{jobId}`.',
          access,
        ].join(' '),
        security: bearerAuth,
        body: serialGenerationBodySchema,
        response: { 202: codeJobResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const job = await requestSerialGeneration(app.db, app.jobs, request.auth, companyIdOf(request.auth), request.body);
      return reply.code(202).send({ result: job });
    },
  );

  app.post(
    '/api/product/codes/exports',
    {
      onRequest,
      schema: {
        tags,
        summary: "Export a product's codes for print (a background job)",
        description: [
          '`pdf`: label sheets (paper, label size, rows and columns, margins and gaps in mm), each label the QR code with (01) GTIN, (10) lot and (17) expiry when given, and (21) serial; a serial of a batch prints its batch\'s lot and dates;',
          '`svg-zip` / `png-zip`: one file per serial, named by the serial; `csv`: `serial,digitalLink,lot,expiry`.',
          'The selection is every live serial (`all`), some by id (`serials`, at most 1 000), those a finished generation made (`generation`) or a batch\'s (`batch`); a serial of a batch is coded as `/10/{lot}/21/{serial}`. Codes carry the product design (colours, logo, quiet zone, frame).',
          `Answers 202 with the job; its file is downloadable at \`GET /api/product/codes/jobs/{jobId}/file\` for ${CODE_FILE_KEEP_DAYS} days.`,
          access,
        ].join(' '),
        security: bearerAuth,
        body: codeExportBodySchema,
        response: { 202: codeJobResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const job = await requestCodeExport(app.db, app.jobs, request.auth, companyIdOf(request.auth), request.body);
      return reply.code(202).send({ result: job });
    },
  );

  app.get(
    '/api/product/codes/jobs',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of a product's code jobs, newest first",
        description: access,
        security: bearerAuth,
        querystring: codeJobListQuerySchema,
        response: { 200: codeJobPageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listCodeJobs(app.db, request.auth, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.get(
    '/api/product/codes/jobs/:jobId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One code job: its status, progress (`done` of `total`) and result',
        description: `A generation that finished in the last ten minutes answers \`x-resolver-invalidate\` with the product's entry path. ${access}`,
        security: bearerAuth,
        params: codeJobParamsSchema,
        response: { 200: codeJobResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await codeJobFor(app.db, request.auth, companyIdOf(request.auth), request.params.jobId);
      if (row.finishedAt && Date.now() - row.finishedAt.getTime() < INVALIDATE_WITHIN_MS) {
        const entryPath = await changedEntryPath(app.db, row);
        if (entryPath) invalidateResolver(reply, [entryPath]);
      }
      reply.header('cache-control', 'private, no-store');
      return { result: toCodeJob(row) };
    },
  );

  app.get(
    '/api/product/codes/jobs/:jobId/file',
    {
      onRequest,
      schema: {
        tags,
        summary: "Download a finished export's file",
        description: `404 while the job is not done, for a generation, and once the file is past its ${CODE_FILE_KEEP_DAYS} days. ${access}`,
        security: bearerAuth,
        params: codeJobParamsSchema,
        response: { 200: z.unknown().describe('The PDF, ZIP or CSV file'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { file, name } = await codeJobFile(app.db, app.storage, request.auth, companyIdOf(request.auth), request.params.jobId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};
