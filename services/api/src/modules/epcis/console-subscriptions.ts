import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  EPCIS_SAMPLE_CAPTURE_DOCUMENT,
  EPCIS_SCHEDULE_FIELDS,
  epcisQueryParamsOf,
  type EpcisQueryItem,
  type EpcisSubscriptionItem,
  type epcisQueryBuilderSchema,
  type epcisSubscriptionCreateSchema,
} from '@product-console/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { createNamedQuery, deleteNamedQuery, findNamedQuery } from './named-queries.js';
import { EpcisException } from './problem.js';
import { queryDocument } from './query.js';
import { createSubscription, type SubscriptionRow } from './subscriptions.js';
import { nextScheduleTime, parseSchedule, type QuerySchedule } from './subscriptions-schedule.js';
import { gs1Signature, postWebhook } from './subscriptions-webhook.js';
import { epcisQueries, epcisSubscriptions } from './tables.js';

/*
 * The console's management of named queries and their webhook subscriptions (decision 082): the
 * same rows as `/epcis/queries` (query-routes.ts), made with a query builder, listed in pages with
 * each subscription's delivery state, paused and resumed, and tried with a test event that the job
 * queue delivers to the destination (`SUBSCRIPTION_TEST_QUEUE`), its outcome kept on the row.
 */

type Builder = z.output<typeof epcisQueryBuilderSchema>;
type SubscriptionCreate = z.output<typeof epcisSubscriptionCreateSchema>;

export const SUBSCRIPTION_TEST_QUEUE = { name: 'epcis-subscription-test', retryLimit: 0, retryDelaySeconds: 0, expireInSeconds: 120 };

/** The EPCIS module's refusals as the console's errors: 400 with the field named, 404, 409. */
async function asConsoleErrors<T>(work: () => Promise<T>, field: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof EpcisException)) throw error;
    const { status, detail = error.problem.title } = error.problem;
    if (status === 404) throw notFound();
    if (status === 409) throw conflict(detail);
    const named = /^([A-Za-z.]+): (.*)$/.exec(detail);
    throw validationFailed([{ path: named ? named[1] : field, message: named ? named[2] : detail }]);
  }
}

export async function listConsoleQueries(db: Db, companyId: number, page: number, size: number): Promise<{ items: EpcisQueryItem[]; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(epcisQueries).where(eq(epcisQueries.companyId, companyId));
  const rows = await db
    .select({
      name: epcisQueries.name,
      query: epcisQueries.query,
      createdAt: epcisQueries.createdAt,
      subscriptions: sql<number>`(select count(*)::int from epcis_subscriptions s where s.query_id = epcis_queries.id)`,
    })
    .from(epcisQueries)
    .where(eq(epcisQueries.companyId, companyId))
    .orderBy(asc(epcisQueries.name))
    .limit(size)
    .offset((page - 1) * size);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}

export async function createConsoleQuery(db: Db, companyId: number, builder: Builder): Promise<EpcisQueryItem> {
  const created = await asConsoleErrors(() => createNamedQuery(db, companyId, { name: builder.name, query: epcisQueryParamsOf(builder) }), 'name');
  return { name: created.name, query: created.query, createdAt: created.createdAt.toISOString(), subscriptions: 0 };
}

export async function deleteConsoleQuery(db: Db, companyId: number, name: string): Promise<void> {
  await asConsoleErrors(() => deleteNamedQuery(db, companyId, name), 'name');
}

function itemOf(row: SubscriptionRow, queryName: string): EpcisSubscriptionItem {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    subscriptionId: row.id,
    queryName,
    dest: row.dest,
    signed: row.signatureToken !== null,
    stream: row.stream,
    schedule: row.schedule ?? null,
    reportIfEmpty: row.reportIfEmpty,
    paused: row.pausedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastDeliveredAt: iso(row.lastDeliveredAt),
    attempts: row.attempts,
    // A streaming subscription waits for no time unless a failed delivery is to be tried again; a paused one waits for nothing.
    nextAttemptAt: row.pausedAt === null && row.nextAttemptAt && (row.attempts > 0 || !row.stream) ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
    test: row.testStatus && row.testedAt ? { status: row.testStatus, at: row.testedAt.toISOString(), error: row.testError } : null,
  };
}

export async function listConsoleSubscriptions(db: Db, companyId: number, page: number, size: number): Promise<{ items: EpcisSubscriptionItem[]; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(epcisSubscriptions).where(eq(epcisSubscriptions.companyId, companyId));
  const rows = await db
    .select({ row: epcisSubscriptions, queryName: epcisQueries.name })
    .from(epcisSubscriptions)
    .innerJoin(epcisQueries, eq(epcisQueries.id, epcisSubscriptions.queryId))
    .where(eq(epcisSubscriptions.companyId, companyId))
    .orderBy(desc(epcisSubscriptions.createdAt), asc(epcisSubscriptions.id))
    .limit(size)
    .offset((page - 1) * size);
  return { items: rows.map(({ row, queryName }) => itemOf(row, queryName)), total };
}

async function subscriptionOf(db: Db, companyId: number, subscriptionId: string): Promise<{ row: SubscriptionRow; queryName: string }> {
  const [found] = await db
    .select({ row: epcisSubscriptions, queryName: epcisQueries.name })
    .from(epcisSubscriptions)
    .innerJoin(epcisQueries, eq(epcisQueries.id, epcisSubscriptions.queryId))
    .where(and(eq(epcisSubscriptions.companyId, companyId), eq(epcisSubscriptions.id, subscriptionId)));
  if (!found) throw notFound();
  return found;
}

export async function createConsoleSubscription(db: Db, companyId: number, body: SubscriptionCreate, allowPrivate: boolean): Promise<EpcisSubscriptionItem> {
  const query = await asConsoleErrors(() => findNamedQuery(db, companyId, body.queryName), 'queryName');
  let schedule: QuerySchedule | undefined;
  if (body.delivery === 'schedule') {
    // Whole minutes: the console's schedules have no seconds field.
    schedule = { second: '0' };
    for (const field of EPCIS_SCHEDULE_FIELDS) {
      const value = body.schedule?.[field]?.trim();
      if (value) schedule[field] = value;
    }
  }
  const row = await asConsoleErrors(
    () =>
      createSubscription(
        db,
        companyId,
        query,
        {
          dest: body.dest,
          signatureToken: body.signatureToken,
          stream: body.delivery === 'stream' ? true : undefined,
          schedule,
          reportIfEmpty: body.delivery === 'schedule' ? (body.reportIfEmpty ?? false) : undefined,
        },
        allowPrivate,
      ),
    'dest',
  );
  return itemOf(row, query.name);
}

/** Pauses or resumes deliveries; a resumed subscription catches up from where it stopped. */
export async function setSubscriptionPaused(db: Db, companyId: number, subscriptionId: string, paused: boolean): Promise<EpcisSubscriptionItem> {
  const { row, queryName } = await subscriptionOf(db, companyId, subscriptionId);
  let nextAttemptAt = row.nextAttemptAt;
  if (!paused && row.pausedAt !== null) {
    nextAttemptAt = row.schedule ? nextScheduleTime(parseSchedule(row.schedule as QuerySchedule), new Date()) : null;
  }
  const [updated] = await db
    .update(epcisSubscriptions)
    .set(paused ? { pausedAt: row.pausedAt ?? new Date() } : { pausedAt: null, nextAttemptAt, attempts: 0 })
    .where(eq(epcisSubscriptions.id, row.id))
    .returning();
  return itemOf(updated, queryName);
}

export async function deleteConsoleSubscription(db: Db, companyId: number, subscriptionId: string): Promise<void> {
  const { row } = await subscriptionOf(db, companyId, subscriptionId);
  await db.delete(epcisSubscriptions).where(eq(epcisSubscriptions.id, row.id));
}

/** Marks a test delivery pending and queues it, in one transaction; the job reports the outcome on the row. */
export async function requestSubscriptionTest(
  db: Db,
  jobs: { send(name: string, data: object, options: { tx: Db }): Promise<unknown> },
  companyId: number,
  subscriptionId: string,
): Promise<EpcisSubscriptionItem> {
  const { row, queryName } = await subscriptionOf(db, companyId, subscriptionId);
  const updated = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(epcisSubscriptions)
      .set({ testStatus: 'pending', testedAt: new Date(), testError: null })
      .where(eq(epcisSubscriptions.id, row.id))
      .returning();
    await jobs.send(SUBSCRIPTION_TEST_QUEUE.name, { subscriptionId: row.id }, { tx });
    return marked;
  });
  return itemOf(updated, queryName);
}

/** The test event: the sample document's event, now, under an eventID of its own; it is not stored. */
export function testEvent(now = new Date()): Record<string, unknown> {
  const [event] = EPCIS_SAMPLE_CAPTURE_DOCUMENT.epcisBody.eventList;
  return { ...event, eventID: `urn:uuid:${randomUUID()}`, eventTime: now.toISOString(), eventTimeZoneOffset: '+00:00', recordTime: now.toISOString() };
}

/** Header that tells a subscriber the delivery is a test (its event was never captured). */
export const TEST_DELIVERY_HEADER = 'X-EPCIS-Test-Delivery';

/** Delivers a test event to the subscription's destination (signed as a real delivery) and keeps the outcome. */
export async function runSubscriptionTest(db: Db, subscriptionId: string, options: { allowPrivate: boolean; timeoutMs: number }): Promise<void> {
  const [found] = await db
    .select({ row: epcisSubscriptions, queryName: epcisQueries.name })
    .from(epcisSubscriptions)
    .innerJoin(epcisQueries, eq(epcisQueries.id, epcisSubscriptions.queryId))
    .where(eq(epcisSubscriptions.id, subscriptionId));
  if (!found) return;
  const { row, queryName } = found;
  const body = JSON.stringify(queryDocument([testEvent()], { queryName, subscriptionID: row.id }));
  const headers: Record<string, string> = { [TEST_DELIVERY_HEADER]: '1', ...(row.signatureToken ? { 'GS1-Signature': gs1Signature(body, row.signatureToken) } : {}) };
  const result = await postWebhook(row.dest, body, headers, options);
  await db
    .update(epcisSubscriptions)
    .set({ testStatus: result.ok ? 'delivered' : 'failed', testedAt: new Date(), testError: result.ok ? null : (result.error ?? 'failed') })
    .where(eq(epcisSubscriptions.id, row.id));
}
