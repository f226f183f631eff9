import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES,
  readLocationMasterData,
  validateEpcisDocument,
  validateEpcisQueryDocument,
  type EpcisProblem,
  type LocationElement,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { epcisErrors, epcisProblems, summariseProblems, type ProblemDetails } from './problem.js';
import { upsertLocationMasterData } from '../places/master-data.js';
import { storeEvents } from './store.js';
import { epcisCaptures, type CaptureErrorBehaviour } from './tables.js';

/*
 * Capture jobs (`POST /epcis/capture`): the document is checked while the client waits (a document
 * the standard's schema refuses is a 400 and nothing is kept), kept with its job and queued on the
 * job queue in one transaction, then stored in the background by whichever API replica takes the
 * job, one transaction per capture, and reported by `GET /epcis/capture/{captureID}`. A replica that
 * stops mid-job leaves nothing half-stored: the job is retried, by another replica if need be.
 */

/** Events one capture may hold (`GS1-EPCIS-Capture-Limit`). */
export const CAPTURE_LIMIT_EVENTS = 10_000;
/** Bytes one capture body may have (`GS1-EPCIS-Capture-File-Size-Limit`): also the routes' body limit. */
export const CAPTURE_FILE_SIZE_LIMIT_BYTES = EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES;
/** Capture jobs one replica stores at once; more wait their turn (the database pool serves requests too). */
export const CAPTURE_JOBS_AT_ONCE = 4;
/** Accepted captures waiting for their turn in the deployment, at most: beyond, a capture is answered 503 (each may hold 16 MiB). */
export const CAPTURE_JOBS_WAITING_MAX = 256;
export const CAPTURE_QUEUE = {
  name: 'epcis-capture',
  retryLimit: 4,
  retryDelaySeconds: 5,
  // A capture of 10 000 events stores in well under a minute; an active job older than this lost its replica.
  expireInSeconds: 300,
};

export const CAPTURE_LIMIT_HEADERS: Readonly<Record<string, string>> = {
  'GS1-EPCIS-Capture-Limit': String(CAPTURE_LIMIT_EVENTS),
  'GS1-EPCIS-Capture-File-Size-Limit': String(CAPTURE_FILE_SIZE_LIMIT_BYTES),
};

export interface CaptureDocument {
  events: Record<string, unknown>[];
  /** The document's `@context`, kept with the events that need its prefixes. */
  context: unknown;
  /** True when the whole document passed validation: the job does not validate again. */
  validated: boolean;
  /** The ReadPoint and BusinessLocation master data of `epcisHeader` (decision 081): upserted as the company's places. */
  locations?: LocationElement[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The events of an EPCISDocument, or of an EPCISQueryDocument (the OpenAPI asks capture to take both). */
function eventListOf(document: Record<string, unknown>): unknown {
  if (!isObject(document.epcisBody)) return undefined;
  if (document.type !== 'EPCISQueryDocument') return document.epcisBody.eventList;
  const results = isObject(document.epcisBody.queryResults) ? document.epcisBody.queryResults : {};
  return isObject(results.resultsBody) ? results.resultsBody.eventList : undefined;
}

const toProblem = (problem: EpcisProblem): ProblemDetails => ({ ...problem });

/**
 * Reads a capture body while the client waits: 413 past the event limit; 400 when the document
 * itself is malformed, or (under rollback) when any event is; under proceed a document whose only
 * problems are in some events goes on, and the job refuses those events.
 */
export function readCaptureDocument(body: unknown, errorBehaviour: CaptureErrorBehaviour): CaptureDocument {
  if (!isObject(body)) throw epcisErrors.validation('The body must be an EPCISDocument (a JSON object)');
  const document = body;
  const eventList = eventListOf(document);
  if (Array.isArray(eventList) && eventList.length > CAPTURE_LIMIT_EVENTS) {
    throw epcisErrors.captureLimitExceeded(
      `The document holds ${eventList.length} events; GS1-EPCIS-Capture-Limit is ${CAPTURE_LIMIT_EVENTS}`,
      CAPTURE_LIMIT_HEADERS,
    );
  }
  const result = document.type === 'EPCISQueryDocument' ? validateEpcisQueryDocument(document) : validateEpcisDocument(document);
  const masterData = readLocationMasterData(document.epcisHeader);
  const locations = masterData.elements.length > 0 ? { locations: masterData.elements } : {};
  if (result.ok && masterData.problems.length === 0) return { events: eventList as Record<string, unknown>[], context: document['@context'], validated: true, ...locations };

  const problems = [...(result.ok ? [] : result.problems), ...masterData.problems].map(toProblem);
  const ofDocument = problems.filter((problem) => problem.eventIndex === undefined);
  const eventsReadable = Array.isArray(eventList) && eventList.every(isObject);
  if (ofDocument.length > 0 || errorBehaviour === 'rollback' || !eventsReadable) {
    throw epcisErrors.validation(summariseProblems(problems), problems);
  }
  return { events: eventList as Record<string, unknown>[], context: document['@context'], validated: false, ...locations };
}

/** The capture job as the OpenAPI's `CaptureJob` shows it. */
export interface CaptureJobView {
  captureID: string;
  createdAt: string;
  finishedAt?: string;
  running: boolean;
  success: boolean;
  captureErrorBehaviour: CaptureErrorBehaviour;
  errors: ProblemDetails[];
  /** Events in the document and events stored (our extension members). */
  eventCount: number;
  storedCount: number;
}

type CaptureRow = typeof epcisCaptures.$inferSelect;

export function captureJobView(row: CaptureRow): CaptureJobView {
  const errors = row.errors as unknown as ProblemDetails[];
  return {
    captureID: row.id,
    createdAt: row.createdAt.toISOString(),
    ...(row.finishedAt ? { finishedAt: row.finishedAt.toISOString() } : {}),
    running: row.status === 'running',
    success: row.status !== 'failed' && errors.length === 0,
    captureErrorBehaviour: row.errorBehaviour,
    errors,
    eventCount: row.eventCount,
    storedCount: row.storedCount,
  };
}

/** Keeps a checked capture document with a new job, in the caller's transaction (which also queues it). */
export async function createCaptureJob(
  db: Db,
  job: { companyId: number; apiKeyId: string | null; errorBehaviour: CaptureErrorBehaviour; document: CaptureDocument },
): Promise<CaptureRow> {
  const { document, ...rest } = job;
  const [row] = await db
    .insert(epcisCaptures)
    .values({ ...rest, eventCount: document.events.length, document: document as unknown as Record<string, unknown> })
    .returning();
  return row;
}

/** Captures accepted and not yet stored, in the whole deployment. */
export async function waitingCaptures(db: Db): Promise<number> {
  const [row] = await db.select({ waiting: count() }).from(epcisCaptures).where(eq(epcisCaptures.status, 'running'));
  return row?.waiting ?? 0;
}

export async function findCaptureJob(db: Db, companyId: number, captureId: string): Promise<CaptureRow | undefined> {
  const [row] = await db
    .select()
    .from(epcisCaptures)
    .where(and(eq(epcisCaptures.id, captureId), eq(epcisCaptures.companyId, companyId)));
  return row;
}

/** Where a page of capture jobs continues: the last job's creation time (as PostgreSQL writes it, to the microsecond) and id. */
export interface CapturePageKey {
  createdAt: string;
  id: string;
}

/** The company's capture jobs, newest first, `perPage` at a time; `next` is set when more follow. */
export async function listCaptureJobs(
  db: Db,
  companyId: number,
  perPage: number,
  after: CapturePageKey | null,
): Promise<{ jobs: CaptureJobView[]; next: CapturePageKey | null }> {
  const rows = await db
    .select({ row: epcisCaptures, createdAtText: sql<string>`${epcisCaptures.createdAt}::text` })
    .from(epcisCaptures)
    .where(
      and(
        eq(epcisCaptures.companyId, companyId),
        after ? sql`(${epcisCaptures.createdAt}, ${epcisCaptures.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(epcisCaptures.createdAt), desc(epcisCaptures.id))
    .limit(perPage + 1);
  const page = rows.slice(0, perPage);
  const last = page.at(-1);
  return {
    jobs: page.map(({ row }) => captureJobView(row)),
    next: rows.length > perPage && last ? { createdAt: last.createdAtText, id: last.row.id } : null,
  };
}

/**
 * Stores one capture's events and closes its job in the same transaction: a job reads `success`
 * exactly when its events are there. The job's row is locked first, so a retry of the same job
 * (its first replica thought lost) waits, then finds it done. Answers the company and how many
 * events were stored, or null when the job was already closed.
 */
export async function runCapture(db: Db, captureId: string): Promise<{ companyId: number; stored: number } | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(epcisCaptures).where(eq(epcisCaptures.id, captureId)).for('update');
    if (!job || job.status !== 'running' || !job.document) return null;
    const document = job.document as unknown as CaptureDocument;
    const result = await storeEvents(tx, job.companyId, document.events, {
      origin: 'capture',
      captureId,
      errorBehaviour: job.errorBehaviour,
      context: document.context,
      validated: document.validated,
    });
    // Master data goes with the events: a capture rolled back keeps neither.
    if (result.problems.length === 0 || job.errorBehaviour === 'proceed') await upsertLocationMasterData(tx, job.companyId, document.locations ?? []);
    await tx
      .update(epcisCaptures)
      .set({
        status: result.problems.length === 0 ? 'success' : 'failed',
        storedCount: result.stored.length,
        errors: result.problems as unknown as Record<string, unknown>[],
        finishedAt: new Date(),
        document: null,
      })
      .where(eq(epcisCaptures.id, captureId));
    return { companyId: job.companyId, stored: result.stored.length };
  });
}

/** Closes a job whose every attempt failed (a fault of ours): nothing of it was stored. */
export async function failCaptureJob(db: Db, captureId: string, detail: string): Promise<void> {
  await db
    .update(epcisCaptures)
    .set({ status: 'failed', storedCount: 0, errors: [epcisProblems.implementation(detail)] as unknown as Record<string, unknown>[], finishedAt: new Date(), document: null })
    .where(and(eq(epcisCaptures.id, captureId), eq(epcisCaptures.status, 'running')));
}
