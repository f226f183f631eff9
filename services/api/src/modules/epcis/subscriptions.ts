import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { epcisSubscriptions } from './tables.js';
import type { NamedQuery } from './named-queries.js';
import { parseDateTime } from './query-params.js';
import { EPC_FORMAT_DEFAULT, type EpcFormat } from './query.js';
import { noSuchSubscriptionException, subscriptionControlsException } from './query-problem.js';
import type { PageTokens } from './query-token.js';
import { nextScheduleTime, parseSchedule } from './subscriptions-schedule.js';
import { destProblem } from './subscriptions-webhook.js';

/*
 * Webhook subscriptions to a named query (EPCIS 2.0 REST bindings, `/queries/{name}/subscriptions`):
 * `stream: true` delivers each new matching event once, soon after it is captured (the worker in
 * `subscriptions-worker.ts`); a `schedule` (EPCIS QuerySchedule, `subscriptions-schedule.ts`) delivers
 * what is new at each scheduled time, and an empty result too when `reportIfEmpty` is set. Exactly
 * one of the two is required (SubscriptionControlsException otherwise).
 */

const scheduleField = z.string().max(100);

/** `POST /epcis/queries/{name}/subscriptions` body (the OpenAPI's AbstractQuerySubscription and its stream / schedule forms). */
export const subscriptionBodySchema = z.object({
  dest: z.string().min(1).max(2000),
  signatureToken: z.string().min(1).max(1000).optional(),
  reportIfEmpty: z.boolean().optional(),
  stream: z.boolean().optional(),
  schedule: z
    .object({ second: scheduleField, minute: scheduleField, hour: scheduleField, dayOfMonth: scheduleField, month: scheduleField, dayOfWeek: scheduleField })
    .partial()
    .optional(),
  initialRecordTime: z.string().max(64).optional(),
});
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

export type SubscriptionRow = typeof epcisSubscriptions.$inferSelect;

/** A subscription as the API shows it; the signatureToken is never shown again. */
export interface SubscriptionView {
  subscriptionID: string;
  queryName: string;
  dest: string;
  stream: boolean;
  schedule?: Record<string, string>;
  reportIfEmpty: boolean;
  initialRecordTime?: string;
  createdAt: string;
  lastNotifiedAt?: string;
  /** Delivery state (our extension members): failed attempts in a row, the next try, the last failure. */
  attempts: number;
  nextAttemptAt?: string;
  lastError?: string;
}

export function subscriptionView(row: SubscriptionRow, queryName: string): SubscriptionView {
  return {
    subscriptionID: row.id,
    queryName,
    dest: row.dest,
    stream: row.stream,
    ...(row.schedule ? { schedule: row.schedule } : {}),
    reportIfEmpty: row.reportIfEmpty,
    ...(row.initialRecordTime ? { initialRecordTime: row.initialRecordTime.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.lastDeliveredAt ? { lastNotifiedAt: row.lastDeliveredAt.toISOString() } : {}),
    attempts: row.attempts,
    ...(row.nextAttemptAt && (row.attempts > 0 || !row.stream) ? { nextAttemptAt: row.nextAttemptAt.toISOString() } : {}),
    ...(row.lastError ? { lastError: row.lastError } : {}),
  };
}

/**
 * Subscribes a webhook to a named query. Without `initialRecordTime` the subscription starts now
 * (EPCIS 2.0: "if omitted, the default value is the current time"), so only events captured from
 * now on are sent; with one, stored events recorded since then are sent too.
 */
export async function createSubscription(
  db: Db,
  companyId: number,
  query: NamedQuery,
  body: SubscriptionBody,
  allowPrivate: boolean,
  epcFormat: EpcFormat = EPC_FORMAT_DEFAULT,
): Promise<SubscriptionRow> {
  const problem = destProblem(body.dest, allowPrivate);
  if (problem) throw subscriptionControlsException(problem);
  if (body.schedule !== undefined && body.stream === true) throw subscriptionControlsException('schedule and stream exclude each other');
  if (body.schedule === undefined && body.stream !== true) throw subscriptionControlsException('stream: set stream to true, or give a schedule');
  let firstRun: Date | null = null;
  if (body.schedule !== undefined) {
    firstRun = nextScheduleTime(parseSchedule(body.schedule), new Date());
    if (firstRun === null) throw subscriptionControlsException('schedule: matches no time in the next five years');
  }
  const initialRecordTime = body.initialRecordTime === undefined ? new Date() : parseDateTime('initialRecordTime', body.initialRecordTime);
  const [row] = await db
    .insert(epcisSubscriptions)
    .values({
      companyId,
      queryId: query.id,
      dest: body.dest,
      signatureToken: body.signatureToken ?? null,
      reportIfEmpty: body.reportIfEmpty ?? false,
      stream: body.schedule === undefined,
      schedule: body.schedule ?? null,
      nextAttemptAt: firstRun,
      initialRecordTime,
      epcFormat,
    })
    .returning();
  return row;
}

export async function findSubscription(db: Db, companyId: number, query: NamedQuery, subscriptionId: string): Promise<SubscriptionRow> {
  const valid = z.string().uuid().safeParse(subscriptionId);
  const [row] = valid.success
    ? await db
        .select()
        .from(epcisSubscriptions)
        .where(and(eq(epcisSubscriptions.companyId, companyId), eq(epcisSubscriptions.queryId, query.id), eq(epcisSubscriptions.id, subscriptionId)))
    : [];
  if (!row) throw noSuchSubscriptionException(`Query '${query.name}' has no subscription ${subscriptionId}`);
  return row;
}

export async function deleteSubscription(db: Db, companyId: number, query: NamedQuery, subscriptionId: string): Promise<void> {
  const row = await findSubscription(db, companyId, query, subscriptionId);
  await db.delete(epcisSubscriptions).where(eq(epcisSubscriptions.id, row.id));
}

export async function listSubscriptions(
  db: Db,
  tokens: PageTokens,
  companyId: number,
  query: NamedQuery,
  page: { perPage: number; nextPageToken: string | undefined },
): Promise<{ subscriptions: SubscriptionRow[]; nextPageToken: string | null }> {
  const fingerprint = `subscriptions:${query.id}`;
  const position = page.nextPageToken === undefined ? null : tokens.read(page.nextPageToken, fingerprint);
  const rows = await db
    .select()
    .from(epcisSubscriptions)
    .where(and(eq(epcisSubscriptions.companyId, companyId), eq(epcisSubscriptions.queryId, query.id), position ? gt(epcisSubscriptions.id, position.key) : undefined))
    .orderBy(asc(epcisSubscriptions.id))
    .limit(page.perPage + 1);
  const shown = rows.slice(0, page.perPage);
  const last = shown[shown.length - 1];
  return {
    subscriptions: shown,
    nextPageToken: rows.length > page.perPage && last ? tokens.sign({ key: last.id, id: 0, sent: (position?.sent ?? 0) + shown.length }, fingerprint) : null,
  };
}
