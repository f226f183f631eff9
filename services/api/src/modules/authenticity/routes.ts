import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  REPORT_HONEYPOT_FIELD,
  REPORTS_PER_ADDRESS_PER_DAY,
  REPORT_PHOTO_MAX_BYTES,
  VISITOR_ADDRESS_HEADER,
  counterfeitReportFormSchema,
  counterfeitReportReceivedSchema,
  deskDismissBodySchema,
  deskIdQuerySchema,
  flaggedExportQuerySchema,
  flaggedPageSchema,
  flaggedQuerySchema,
  flaggedSerialSchema,
  reportAnswerSchema,
  reportDecisionSchema,
  reportResponseSchema,
  reportsExportQuerySchema,
  reportsPageSchema,
  reportsQuerySchema,
  resultTrueSchema,
  serialStoryQuerySchema,
  serialStoryResponseSchema,
  toFieldErrors,
} from '@product-console/shared';
import { AppError, malformedMultipart, notFound, validationFailed } from '../../errors.js';
import { bearerAuth, errorResponses, internalHeaders, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { loadGeo, placeOf } from '../analytics/facts.js';
import { invalidateResolver } from '../resolver/invalidate.js';
import { dismissFlag, exportFlagged, exportReports, getReport, listFlagged, listReports, serialStory } from './desk.js';
import { answerReport, decideReport, fileReport, reportPhoto, type ReportingVisitor } from './reports.js';

const tags = ['authenticity'];

/** The form fields a report reads; anything else in the form is ignored. */
const REPORT_FIELDS = new Set(['serviceName', 'productId', 'serial', 'purchasePlace', 'purchaseDate', 'seller', 'email', 'emailConsent', 'language', REPORT_HONEYPOT_FIELD]);

/** A report's form: multipart fields and the `photo` file, or a JSON object of the same fields (no photo). */
async function readReportForm(request: FastifyRequest) {
  const fields: Record<string, unknown> = {};
  let photo: Buffer | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'photo' && data.length > 0) photo = data;
        } else if (REPORT_FIELDS.has(part.fieldname) && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw validationFailed([{ path: 'photo', message: `The photo is larger than ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB` }]);
      }
      throw malformedMultipart();
    }
  } else if (request.body && typeof request.body === 'object') {
    Object.assign(fields, request.body);
  }
  // The landing's page posts the shopper's form as it came; the product is the one its address names.
  const query = request.query as Record<string, unknown>;
  for (const name of ['serviceName', 'productId'] as const) if (typeof query[name] === 'string') fields[name] = query[name];
  const parsed = counterfeitReportFormSchema.safeParse(fields);
  if (!parsed.success) throw validationFailed(toFieldErrors(parsed.error));
  return { form: parsed.data, photo };
}

/**
 * Shoppers' reports (public, through the gateway) and the brand's Authenticity desk (decision 071).
 */
export const authenticityRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany];

  app.post(
    '/api/authenticity/reports',
    {
      onRequest: [app.requireGateway],
      schema: {
        tags,
        summary: "Public (through the gateway): a shopper's report of a suspected fake",
        description:
          'multipart/form-data with the fields of the schema and an optional image file `photo` (JPEG, PNG or WebP, at most 5 MB; re-encoded without metadata, readable by the brand only); ' +
          'JSON without a photo is taken too. The product is named as the landing names it (404 when the landing would not show it). ' +
          `At most ${REPORTS_PER_ADDRESS_PER_DAY} reports a day per address the gateway names in \`${VISITOR_ADDRESS_HEADER}\` (429 beyond). ` +
          `A filled \`${REPORT_HONEYPOT_FIELD}\` is answered 201 and nothing is kept. Without \`emailConsent\` the e-mail is not kept.`,
        headers: internalHeaders.extend({ [VISITOR_ADDRESS_HEADER]: z.string().max(64).optional() }),
        response: { 201: counterfeitReportReceivedSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { form, photo } = await readReportForm(request);
      const address = request.headers[VISITOR_ADDRESS_HEADER];
      const visitorOf = async (companyId: number): Promise<ReportingVisitor | null> => {
        if (typeof address !== 'string' || address === '') return null;
        const { country } = placeOf(await loadGeo(), address);
        return { key: await app.scanIngest.salts.addressKeyNow(app.db, address, companyId), country };
      };
      await fileReport({ db: app.db, storage: app.storage, publish: request.publish, jobs: app.jobs }, form, photo, visitorOf);
      return reply.code(201).send({ result: { received: true as const } });
    },
  );

  app.get(
    '/api/authenticity/flagged',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The Authenticity desk: flagged (suspicious) serials, newest first',
        description: 'Sub-admins read the products of their projects only.',
        security: bearerAuth,
        querystring: flaggedQuerySchema,
        response: { 200: flaggedPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listFlagged(app.db, request.auth, companyIdOf(request.auth), request.query),
  );

  app.put(
    '/api/authenticity/flagged/dismiss',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Dismiss a flagged serial (the verification view stops warning of it), or undo that with `dismissed: false`',
        security: bearerAuth,
        querystring: deskIdQuerySchema,
        body: deskDismissBodySchema,
        response: { 200: z.object({ result: flaggedSerialSchema }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await dismissFlag(app.db, request.auth, companyIdOf(request.auth), request.query.id, request.body.dismissed) }),
  );

  app.get(
    '/api/authenticity/flagged/export',
    {
      onRequest,
      schema: { tags, summary: 'The flagged serials of the filters as CSV (at most 10,000 rows)', security: bearerAuth, querystring: flaggedExportQuerySchema },
    },
    async (request, reply) => {
      const csv = await exportFlagged(app.db, request.auth, companyIdOf(request.auth), request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="flagged-serials.csv"').send(csv);
    },
  );

  app.get(
    '/api/authenticity/reports',
    {
      onRequest,
      schema: {
        tags,
        summary: "The Authenticity desk: shoppers' reports, newest first",
        description: 'Sub-admins read the products of their projects only. The shopper\'s e-mail is never shown (`canAnswer` says whether an answer can be mailed).',
        security: bearerAuth,
        querystring: reportsQuerySchema,
        response: { 200: reportsPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listReports(app.db, request.auth, companyIdOf(request.auth), request.query),
  );

  app.get(
    '/api/authenticity/reports/export',
    {
      onRequest,
      schema: { tags, summary: 'The reports of the filters as CSV (at most 10,000 rows)', security: bearerAuth, querystring: reportsExportQuerySchema },
    },
    async (request, reply) => {
      const csv = await exportReports(app.db, request.auth, companyIdOf(request.auth), request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="reports.csv"').send(csv);
    },
  );

  app.get(
    '/api/authenticity/reports/one',
    {
      onRequest,
      schema: { tags, summary: 'One report', security: bearerAuth, querystring: deskIdQuerySchema, response: { 200: reportResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ result: await getReport(app.db, request.auth, companyIdOf(request.auth), request.query.id) }),
  );

  app.get(
    '/api/authenticity/reports/photo',
    {
      onRequest,
      schema: { tags, summary: "A report's photo (JPEG, metadata stripped), for the brand only", security: bearerAuth, querystring: deskIdQuerySchema },
    },
    async (request, reply) => {
      const file = await reportPhoto(app.db, app.storage, request.auth, companyIdOf(request.auth), request.query.id);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'")
        .send(file.stream);
    },
  );

  app.put(
    '/api/authenticity/reports/decide',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Confirm a report (optionally blacklisting its serial in the same transaction) or dismiss it, with a note',
        description: 'Blacklisting needs a registered serial (409) and answers `x-resolver-invalidate` with the entry path.',
        security: bearerAuth,
        querystring: deskIdQuerySchema,
        body: reportDecisionSchema,
        response: { 200: reportResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const companyId = companyIdOf(request.auth);
      const { entryPath } = await decideReport(app.db, app.jobs, request.auth, companyId, request.query.id, request.body);
      if (entryPath) invalidateResolver(reply, [entryPath]);
      return { result: await getReport(app.db, request.auth, companyId, request.query.id) };
    },
  );

  app.post(
    '/api/authenticity/reports/answer',
    {
      onRequest,
      schema: {
        tags,
        summary: "Mail an answer to the shopper, in the shopper's language (only when the shopper left an e-mail with consent, else 409)",
        security: bearerAuth,
        querystring: deskIdQuerySchema,
        body: reportAnswerSchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await answerReport({ db: app.db, mailer: app.mailer }, request.auth, companyIdOf(request.auth), request.query.id, request.body);
      return { result: true as const };
    },
  );

  app.get(
    '/api/authenticity/serial-story',
    {
      onRequest,
      schema: {
        tags,
        summary: "A serial's story: status and its changes, scans, checks, NFC taps, reports and flags (the latest 100 of each, newest first)",
        security: bearerAuth,
        querystring: serialStoryQuerySchema,
        response: { 200: serialStoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await serialStory(app.db, request.auth, companyIdOf(request.auth), request.query.productId, request.query.serial) }),
  );
};
