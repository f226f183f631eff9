import { and, desc, eq, sql } from 'drizzle-orm';
import { EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES, validateEpcisDocument, validateEpcisQueryDocument, type EpcisProblem } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { epcisErrors, epcisProblems, summariseProblems, type ProblemDetails } from './problem.js';
import { storeEvents } from './store.js';
import { epcisCaptures, type CaptureErrorBehaviour } from './tables.js';

/*
 * Capture jobs (`POST /epcis/capture`): the document is checked while the client waits (a document
 * the standard's schema refuses is a 400 and nothing is kept), then stored in the background by
 * this process, one transaction per capture, and reported by `GET /epcis/capture/{captureID}`.
 */

/** Events one capture may hold (`GS1-EPCIS-Capture-Limit`). */
export const CAPTURE_LIMIT_EVENTS = 10_000;
/** Bytes one capture body may have (`GS1-EPCIS-Capture-File-Size-Limit`): also the routes' body limit. */
export const CAPTURE_FILE_SIZE_LIMIT_BYTES = EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES;
/** Capture jobs this process stores at once; more wait their turn (the database pool serves requests too). */
export const CAPTURE_JOBS_AT_ONCE = 4;
/** Accepted captures waiting for their turn, at most: beyond, a capture is answered 503 (each may hold 16 MiB). */
export const CAPTURE_JOBS_WAITING_MAX = 64;

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
  if (result.ok) return { events: eventList as Record<string, unknown>[], context: document['@context'], validated: true };

  const problems = result.problems.map(toProblem);
  const ofDocument = problems.filter((problem) => problem.eventIndex === undefined);
  const eventsReadable = Array.isArray(eventList) && eventList.every(isObject);
  if (ofDocument.length > 0 || errorBehaviour === 'rollback' || !eventsReadable) {
    throw epcisErrors.validation(summariseProblems(problems), problems);
  }
  return { events: eventList as Record<string, unknown>[], context: document['@context'], validated: false };
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

export async function createCaptureJob(
  db: Db,
  job: { companyId: number; apiKeyId: string | null; errorBehaviour: CaptureErrorBehaviour; eventCount: number },
): Promise<CaptureRow> {
  const [row] = await db.insert(epcisCaptures).values(job).returning();
  return row;
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

export interface CaptureWork {
  captureId: string;
  companyId: number;
  errorBehaviour: CaptureErrorBehaviour;
  document: CaptureDocument;
}

/**
 * Stores one capture's events and closes its job in the same transaction: a job reads `success`
 * exactly when its events are there. Answers how many events were stored.
 */
export async function runCapture(db: Db, work: CaptureWork): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await storeEvents(tx, work.companyId, work.document.events, {
      origin: 'capture',
      captureId: work.captureId,
      errorBehaviour: work.errorBehaviour,
      context: work.document.context,
      validated: work.document.validated,
    });
    await tx
      .update(epcisCaptures)
      .set({
        status: result.problems.length === 0 ? 'success' : 'failed',
        storedCount: result.stored.length,
        errors: result.problems as unknown as Record<string, unknown>[],
        finishedAt: new Date(),
      })
      .where(eq(epcisCaptures.id, work.captureId));
    return result.stored.length;
  });
}

/** Closes a job that could not run to its end (a fault of ours): nothing of it was stored. */
export async function failCaptureJob(db: Db, captureId: string, detail: string): Promise<void> {
  await db
    .update(epcisCaptures)
    .set({ status: 'failed', storedCount: 0, errors: [epcisProblems.implementation(detail)] as unknown as Record<string, unknown>[], finishedAt: new Date() })
    .where(and(eq(epcisCaptures.id, captureId), eq(epcisCaptures.status, 'running')));
}

/**
 * Jobs left `running` by a process that stopped before finishing them: their transaction never
 * committed, so nothing of them is stored. Run at start-up, before this process takes new jobs
 * (the API runs as one process per database; see decision 050).
 */
export async function failInterruptedCaptures(db: Db): Promise<number> {
  const failed = await db
    .update(epcisCaptures)
    .set({
      status: 'failed',
      errors: [epcisProblems.implementation('The capture was interrupted by a restart of the repository; nothing of it was stored. Capture the document again.')] as unknown as Record<
        string,
        unknown
      >[],
      finishedAt: new Date(),
    })
    .where(eq(epcisCaptures.status, 'running'))
    .returning({ id: epcisCaptures.id });
  return failed.length;
}

export interface CaptureQueue {
  /** Queues a job; it runs once fewer than `concurrency` jobs are running. */
  enqueue(work: CaptureWork): void;
  /** Resolves when every queued and running job has finished. */
  drain(): Promise<void>;
  /** Jobs queued and not yet running. */
  waiting(): number;
}

export interface CaptureQueueDeps {
  db: Db;
  concurrency: number;
  /** After a job stored events (its transaction committed). */
  onStored(companyId: number, count: number): Promise<void>;
  onError(error: unknown, work: CaptureWork): void;
}

/** An in-process queue of capture jobs with bounded concurrency. */
export function createCaptureQueue({ db, concurrency, onStored, onError }: CaptureQueueDeps): CaptureQueue {
  const waiting: CaptureWork[] = [];
  let running = 0;
  let idle: Promise<void> = Promise.resolve();
  let settleIdle: (() => void) | null = null;

  const next = () => {
    while (running < concurrency && waiting.length > 0) {
      const work = waiting.shift() as CaptureWork;
      running += 1;
      void run(work).finally(() => {
        running -= 1;
        if (running === 0 && waiting.length === 0) {
          settleIdle?.();
          settleIdle = null;
        }
        next();
      });
    }
  };

  async function run(work: CaptureWork) {
    try {
      const stored = await runCapture(db, work);
      if (stored > 0) await onStored(work.companyId, stored);
    } catch (error) {
      onError(error, work);
      await failCaptureJob(db, work.captureId, 'The repository could not store the capture; nothing of it was stored.').catch(() => undefined);
    }
  }

  return {
    enqueue(work) {
      if (running === 0 && waiting.length === 0) idle = new Promise((resolve) => (settleIdle = resolve));
      waiting.push(work);
      next();
    },
    drain: () => idle,
    waiting: () => waiting.length,
  };
}
