import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CAPTURE_FILE_SIZE_LIMIT_BYTES,
  CAPTURE_JOBS_WAITING_MAX,
  CAPTURE_LIMIT_HEADERS,
  CAPTURE_QUEUE,
  createCaptureJob,
  findCaptureJob,
  listCaptureJobs,
  readCaptureDocument,
  captureJobView,
  waitingCaptures,
  type CapturePageKey,
} from './capture.js';
import { bearerAuth, type Routes } from '../../http.js';
import { useEpcisProtocol } from './plugin.js';
import { EPCIS_DISCOVERY_HEADERS, epcisErrors, summariseProblems } from './problem.js';
import { storeEvents } from './store.js';
import { captureBodyFromXml, isXmlMediaType, XmlInputError, type XmlCaptureBody } from './xml-read.js';
import type { CaptureErrorBehaviour } from './tables.js';

const tags = ['epcis'];
/** The API key travels as a bearer token. */
const apiKeyAuth = bearerAuth;

const CAPTURE_MEDIA_TYPES = new Set(['application/json', 'application/ld+json', 'application/xml', 'text/xml']);
const MEDIA_TYPES_TEXT = 'application/json, application/ld+json or application/xml (EPCIS 2.0 or 1.2 XML)';
export const CAPTURE_JOBS_PER_PAGE_DEFAULT = 30;
export const CAPTURE_JOBS_PER_PAGE_MAX = 500;

/** The `GS1-Capture-Error-Behaviour` of a request: rollback unless it says proceed; anything else is a 400. */
function errorBehaviourOf(request: FastifyRequest): CaptureErrorBehaviour {
  const raw = request.headers['gs1-capture-error-behaviour'];
  if (raw === undefined) return 'rollback';
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim().toLowerCase();
  if (value === 'rollback' || value === 'proceed') return value;
  throw epcisErrors.validation(`GS1-Capture-Error-Behaviour must be rollback or proceed, not "${Array.isArray(raw) ? raw.join(',') : raw}"`);
}

/** 415 before a body of another kind is read. */
async function requireCaptureBody(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase();
  if (!CAPTURE_MEDIA_TYPES.has(type)) {
    throw epcisErrors.unsupportedMediaType(`Content-Type ${type || '(none)'} is not supported; send ${MEDIA_TYPES_TEXT}`);
  }
}

/**
 * A client that asks for another EPCIS major version than 2 (`GS1-EPCIS-Version: 1.2`) is told so;
 * an EPCIS 1.2 XML document may say it is one (it is read into its 2.0 form).
 */
async function requireEpcis2(request: FastifyRequest) {
  const asked = request.headers['gs1-epcis-version'];
  if (typeof asked !== 'string' || asked.trim() === '' || /^2(\.|$)/.test(asked.trim())) return;
  if (request.method === 'POST' && /^1\.2(\.|$)/.test(asked.trim()) && isXmlMediaType(request.headers['content-type'])) return;
  throw epcisErrors.notAcceptable(`This repository speaks EPCIS 2.0.0, not ${asked}`);
}

/** An XML capture body, as the XML content type parser reads it (xml-read.ts). */
class XmlBody {
  constructor(readonly body: XmlCaptureBody) {}
}

function readXmlBody(text: string): XmlBody {
  try {
    return new XmlBody(captureBodyFromXml(text));
  } catch (error) {
    if (error instanceof XmlInputError) throw epcisErrors.validation(error.message);
    throw error;
  }
}

/** The JSON document of a capture body: an XML one read into its JSON form; a lone XML event is not a document. */
function xmlDocumentOf(body: unknown): unknown {
  if (!(body instanceof XmlBody)) return body;
  if (body.body.kind === 'event') throw epcisErrors.validation('The XML body is one event; send it to POST /epcis/events, or wrap it in an EPCISDocument');
  return body.body.document;
}

/** The one event of a `POST /epcis/events` body: an XML event element, or the only event of an XML document. */
function xmlEventOf(body: unknown): unknown {
  if (!(body instanceof XmlBody)) return body;
  if (body.body.kind === 'event') return { '@context': body.body.context, ...body.body.event };
  const document = body.body.document;
  const events = ((document.epcisBody as { eventList?: unknown[] } | undefined)?.eventList ?? []) as Record<string, unknown>[];
  if (events.length !== 1) throw epcisErrors.validation(`POST /epcis/events takes one event; the XML document holds ${events.length}. Send documents to /epcis/capture`);
  return { '@context': document['@context'], ...events[0] };
}

const encodePageToken = (key: CapturePageKey) => Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url');

const pageKeySchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/), z.string().uuid()]);

function decodePageToken(token: string | undefined): CapturePageKey | null {
  if (token === undefined) return null;
  try {
    const [createdAt, id] = pageKeySchema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    return { createdAt, id };
  } catch {
    throw epcisErrors.queryParameter('nextPageToken is not one this repository gave');
  }
}

const captureListQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(CAPTURE_JOBS_PER_PAGE_MAX).default(CAPTURE_JOBS_PER_PAGE_DEFAULT),
  nextPageToken: z.string().max(500).optional(),
});

const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  eventIndex: z.number().optional(),
  pointer: z.string().optional(),
});
/** An answer without a body (its Location header says where). */
const noBody = z.undefined();
const problemJson = problemSchema.describe('application/problem+json');
const captureJobSchema = z
  .object({
    captureID: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().optional(),
    running: z.boolean(),
    success: z.boolean(),
    captureErrorBehaviour: z.enum(['rollback', 'proceed']),
    errors: z.array(problemSchema),
    eventCount: z.number(),
    storedCount: z.number(),
  })
  .describe('CaptureJob of the EPCIS 2.0 OpenAPI');

/**
 * EPCIS 2.0 capture for machine clients (issue 17): `/epcis/capture` (asynchronous, a job per
 * document) and `POST /epcis/events` (one event, synchronous), authenticated by API key.
 */
export const epcisCaptureRoutes: Routes = async (app) => {
  useEpcisProtocol(app);
  // JSON-LD is read as plain JSON: a remote @context is never fetched.
  app.addContentTypeParser('application/ld+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  // The XML binding (EPCIS 2.0 and 1.2): no DTD, no entities, read into the JSON form (decision 080).
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, readXmlBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 413) reply.headers(CAPTURE_LIMIT_HEADERS);
    return payload;
  });

  const discovery = (allow: string, limits: boolean) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(204)
      .headers({ ...EPCIS_DISCOVERY_HEADERS, Allow: allow, ...(limits ? { ...CAPTURE_LIMIT_HEADERS, 'GS1-Capture-Error-Behaviour': 'all' } : {}) })
      .send();

  app.options('/epcis/capture', { schema: { tags, summary: 'Capture settings: limits and error behaviours' } }, discovery('OPTIONS, POST, GET', true));
  app.options('/epcis/capture/:captureID', { schema: { tags, summary: 'Capture job endpoint settings' } }, discovery('OPTIONS, GET', false));
  app.options('/epcis/events', { schema: { tags, summary: 'Events endpoint settings' } }, discovery('OPTIONS, GET, POST', true));

  app.post(
    '/epcis/capture',
    {
      onRequest: [requireEpcis2, app.authenticateApiKey, requireCaptureBody],
      bodyLimit: CAPTURE_FILE_SIZE_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Capture an EPCISDocument (asynchronous): 202 with the job in Location',
        description:
          'Body: an EPCISDocument (or EPCISQueryDocument) as application/json or application/ld+json, or as EPCIS 2.0 or 1.2 XML ' +
          '(application/xml, text/xml; no DTD). A document the EPCIS 2.0 schema ' +
          'or the CBV refuses answers 400 and nothing is stored (under `GS1-Capture-Error-Behaviour: proceed`, events with problems are ' +
          'refused by the job and the others stored). 413 past GS1-EPCIS-Capture-Limit events or GS1-EPCIS-Capture-File-Size-Limit bytes.',
        security: apiKeyAuth,
        headers: z.object({ 'gs1-capture-error-behaviour': z.string().optional().describe('rollback (default) or proceed') }),
        response: { 202: noBody.describe('Accepted; Location: /epcis/capture/{captureID}'), 400: problemJson, 401: problemJson, 413: problemJson, 415: problemJson },
      },
    },
    async (request, reply) => {
      const errorBehaviour = errorBehaviourOf(request);
      if ((await waitingCaptures(app.db)) >= CAPTURE_JOBS_WAITING_MAX) throw epcisErrors.busy(5);
      const document = readCaptureDocument(xmlDocumentOf(request.body), errorBehaviour);
      const { companyId, apiKeyId } = request.apiClient;
      // The document and its job are kept together: a 202 is a promise to report an outcome, whatever becomes of this replica.
      const job = await app.db.transaction(async (tx) => {
        const created = await createCaptureJob(tx, { companyId, apiKeyId, errorBehaviour, document });
        await app.jobs.send(CAPTURE_QUEUE.name, { captureId: created.id }, { tx });
        return created;
      });
      app.jobs.wake(CAPTURE_QUEUE.name);
      return reply.code(202).header('location', `/epcis/capture/${job.id}`).send(undefined);
    },
  );

  app.get(
    '/epcis/capture',
    {
      onRequest: [requireEpcis2, app.authenticateApiKey],
      schema: {
        tags,
        summary: "The client's company's capture jobs, newest first",
        description: 'Paged with `perPage` and `nextPageToken`; a `Link: <…>; rel="next"` header names the next page.',
        security: apiKeyAuth,
        querystring: captureListQuerySchema,
        response: { 200: z.array(captureJobSchema), 400: problemJson, 401: problemJson },
      },
    },
    async (request, reply) => {
      const { perPage, nextPageToken } = request.query;
      const { jobs, next } = await listCaptureJobs(app.db, request.apiClient.companyId, perPage, decodePageToken(nextPageToken));
      if (next) reply.header('link', `</epcis/capture?perPage=${perPage}&nextPageToken=${encodePageToken(next)}>; rel="next"`);
      return jobs;
    },
  );

  app.get(
    '/epcis/capture/:captureID',
    {
      onRequest: [requireEpcis2, app.authenticateApiKey],
      schema: {
        tags,
        summary: 'One capture job: running, success and the problems of refused events',
        security: apiKeyAuth,
        params: z.object({ captureID: z.string() }),
        response: { 200: captureJobSchema, 401: problemJson, 404: problemJson },
      },
    },
    async (request) => {
      const { captureID } = request.params;
      const known = z.string().uuid().safeParse(captureID).success;
      const job = known ? await findCaptureJob(app.db, request.apiClient.companyId, captureID) : undefined;
      if (!job) throw epcisErrors.noSuchResource(`There is no capture job ${captureID}`);
      return captureJobView(job);
    },
  );

  app.post(
    '/epcis/events',
    {
      onRequest: [requireEpcis2, app.authenticateApiKey, requireCaptureBody],
      bodyLimit: CAPTURE_FILE_SIZE_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Capture one event (synchronous): 201 with the event in Location',
        description:
          'Body: one event as JSON, or as EPCIS 2.0 XML (an event element, or an EPCISDocument holding one event; EPCIS 1.2 too). ' +
          '400 when the EPCIS 2.0 schema or the CBV refuses it, 409 when its eventID is stored already (an error declaration ' +
          'restating a stored event excepted). Without an eventID the EPCIS 2.0 event hash is given; the same event sent again is not stored twice.',
        security: apiKeyAuth,
        response: { 201: noBody.describe('Created; Location: /epcis/events/{eventID}'), 400: problemJson, 401: problemJson, 409: problemJson, 413: problemJson, 415: problemJson },
      },
    },
    async (request, reply) => {
      const event = xmlEventOf(request.body);
      if (typeof event !== 'object' || event === null || Array.isArray(event)) throw epcisErrors.validation('The body must be one EPCIS event (a JSON object)');
      const received = event as Record<string, unknown>;
      if (received.type === 'EPCISDocument' || received.type === 'EPCISQueryDocument') {
        throw epcisErrors.validation('POST /epcis/events takes one event; send documents to /epcis/capture');
      }
      const { companyId } = request.apiClient;
      const result = await storeEvents(app.db, companyId, [received], { origin: 'capture', errorBehaviour: 'rollback' });
      const conflict = result.problems.find((problem) => problem.status === 409);
      if (conflict) throw epcisErrors.alreadyExists(conflict.detail ?? 'The eventID is stored already');
      if (result.problems.length > 0) throw epcisErrors.validation(summariseProblems(result.problems), result.problems);
      const stored = result.stored[0];
      if (stored) await request.publish({ type: 'epcis.captured', companyId });
      // The same event without an eventID sent again is there already, under the same address.
      const eventId = stored?.eventId ?? result.skipped[0];
      return reply.code(201).header('location', `/epcis/events/${encodeURIComponent(eventId)}`).send(undefined);
    },
  );
};
