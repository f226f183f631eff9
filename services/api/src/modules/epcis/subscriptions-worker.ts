import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../plugins/jobs.js';
import { parseEventQuery } from './query-params.js';
import { formatEvents, queryDocument, selectRows, type EpcFormat } from './query.js';
import { conditionSql } from './query-sql.js';
import { nextScheduleTime, parseSchedule, type QuerySchedule } from './subscriptions-schedule.js';
import { gs1Signature, postWebhook, type WebhookResult } from './subscriptions-webhook.js';

/*
 * Delivers new events of subscriptions to their webhooks: streaming ones as soon as a pass sees
 * them, scheduled ones at their next scheduled time. Passes are jobs of the job queue
 * (`plugins/webhook-worker.ts`): after each capture, when a retry or a scheduled time comes, and
 * every minute. A pass claims one due
 * subscription at a time with `SELECT … FOR UPDATE SKIP LOCKED` and a lease (next_attempt_at set a
 * while ahead, committed at once), so two API processes never deliver the same subscription at
 * the same time and no transaction stays open during the HTTP call. Events above the cursor that
 * match the query are posted in batches; a 2xx moves the cursor past them, so each event is sent
 * once; a failure keeps the cursor and retries later with exponential back-off.
 *
 * Events are taken in id order, and ids are handed out when rows are inserted, not when their
 * transaction commits: a long capture could commit rows with ids below some already delivered.
 * So a pass takes rows up to the first whose inserting transaction is younger than a transaction
 * still running in this database (one that has written): below that, no lower id can appear. A
 * pass that stopped there asks for another (`deferred`).
 */

export interface SubscriptionWorkerOptions {
  db: Db;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** First retry delay; doubles per failed attempt up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Events per POST. */
  batchSize?: number;
}

export interface SubscriptionWorker {
  /**
   * Runs one pass now; a pass asked for while one runs follows it. Resolves when done, with whether
   * it left events it could not take yet (committed beside a transaction still running).
   */
  runOnce(): Promise<{ deferred: boolean }>;
  /** When the next subscription waiting for a time (a retry, a scheduled query) is due; null when none waits. */
  nextDueAt(): Promise<Date | null>;
}

/** How long a claimed subscription stays reserved for the process delivering it. */
const LEASE_MS = 120_000;
/** Most batches one subscription gets in a pass before the others have their turn. */
const BATCHES_PER_TURN = 20;

interface Claimed {
  id: string;
  company_id: number;
  dest: string;
  signature_token: string | null;
  initial_record_time: string | null;
  cursor: string | number;
  attempts: number;
  stream: boolean;
  schedule: QuerySchedule | null;
  report_if_empty: boolean;
  epc_format: string;
  query: Record<string, string>;
  name: string;
}

export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function createSubscriptionWorker(options: SubscriptionWorkerOptions): SubscriptionWorker {
  const { db, log } = options;
  const batchSize = options.batchSize ?? 500;
  let running: Promise<{ deferred: boolean }> | null = null;
  let again = false;

  /** Claims one due subscription (lease committed), or null when none is due or all are taken. */
  async function claim(skip: readonly string[]): Promise<Claimed | null> {
    const skipped = skip.length === 0 ? sql`` : sql` and id not in (${sql.join(skip.map((id) => sql`${id}::uuid`), sql`, `)})`;
    const [claimed] = await selectRows<Claimed>(
      db,
      sql`
      update epcis_subscriptions as s set next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
      from epcis_queries as q
      where q.id = s.query_id and s.id = (
        select id from epcis_subscriptions
        where (stream or schedule is not null) and paused_at is null and (next_attempt_at is null or next_attempt_at <= now())${skipped}
        order by next_attempt_at nulls first, id
        limit 1
        for update skip locked
      )
      returning s.id, s.company_id, s.dest, s.signature_token, s.initial_record_time, s.cursor, s.attempts, s.stream, s.schedule, s.report_if_empty, s.epc_format,
        q.query, q.name`,
    );
    return claimed ?? null;
  }

  /** True once a pass met an event it could not take yet: a later pass must look again. */
  let deferred = false;

  /** The matching events above the cursor, in id order, up to the first whose transaction is not yet safely old. */
  async function newEvents(subscription: Claimed, after: number): Promise<{ id: number; document: Record<string, unknown> }[]> {
    const query = parseEventQuery(subscription.query);
    const conditions = query.conditions.map((condition) => sql` and (${conditionSql(condition, subscription.company_id)})`);
    const since = subscription.initial_record_time === null ? sql`` : sql` and record_time >= ${subscription.initial_record_time}::timestamptz`;
    const rows = await selectRows<{ id: number | string; document: Record<string, unknown>; safe: boolean }>(
      db,
      sql`
      with running as (
        select max(age(backend_xid)) as oldest from pg_stat_activity
        where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()
      )
      select id, document, (running.oldest is null or age(e.xmin) > running.oldest) as safe
      from epcis_events e cross join running
      where company_id = ${subscription.company_id} and id > ${after}${since}${sql.join(conditions, sql``)}
      order by id
      limit ${batchSize}`,
    );
    // Past an event of a transaction younger than one still running, a lower id may still appear: stop there.
    const unsafe = rows.findIndex((row) => !row.safe);
    if (unsafe >= 0) deferred = true;
    return (unsafe >= 0 ? rows.slice(0, unsafe) : rows).map((row) => ({ id: Number(row.id), document: row.document }));
  }

  async function post(subscription: Claimed, events: Record<string, unknown>[]): Promise<WebhookResult> {
    // Identifiers as the subscriber asked for them (GS1-EPC-Format when it subscribed).
    const formatted = await formatEvents(db, subscription.company_id, events, subscription.epc_format as EpcFormat);
    const body = JSON.stringify(queryDocument(formatted, { queryName: subscription.name, subscriptionID: subscription.id }));
    const headers: Record<string, string> = subscription.signature_token ? { 'GS1-Signature': gs1Signature(body, subscription.signature_token) } : {};
    return postWebhook(subscription.dest, body, headers, { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs });
  }

  async function deliver(subscription: Claimed): Promise<void> {
    let cursor = Number(subscription.cursor);
    let failure: WebhookResult | null = null;
    const scheduled = !subscription.stream && subscription.schedule !== null;
    for (let batch = 0; batch < BATCHES_PER_TURN; batch += 1) {
      const events = await newEvents(subscription, cursor);
      if (events.length === 0) {
        // A scheduled query with reportIfEmpty answers at its time even when nothing is new.
        if (batch === 0 && scheduled && subscription.report_if_empty) {
          const result = await post(subscription, []);
          if (!result.ok) failure = result;
          else await db.execute(sql`update epcis_subscriptions set attempts = 0, last_error = null, last_delivered_at = now() where id = ${subscription.id}`);
        }
        break;
      }
      const result = await post(subscription, events.map((event) => event.document));
      if (!result.ok) {
        failure = result;
        break;
      }
      cursor = events[events.length - 1].id;
      await db.execute(sql`
        update epcis_subscriptions set cursor = ${cursor}, attempts = 0, last_error = null, last_delivered_at = now()
        where id = ${subscription.id}`);
      if (events.length < batchSize) break;
    }
    if (failure) {
      const attempts = subscription.attempts + 1;
      const delay = backoffMs(attempts, options.retryBaseMs, options.retryMaxMs);
      log.warn({ subscriptionId: subscription.id, attempts, error: failure.error }, 'an EPCIS webhook delivery failed; it is retried later');
      await db.execute(sql`
        update epcis_subscriptions set attempts = ${attempts}, last_error = ${failure.error ?? 'failed'},
          next_attempt_at = now() + ${`${delay} milliseconds`}::interval
        where id = ${subscription.id}`);
    } else if (scheduled) {
      const next = nextScheduleTime(parseSchedule(subscription.schedule as QuerySchedule), new Date()) ?? new Date(Date.now() + 365 * 86_400_000);
      await db.execute(sql`update epcis_subscriptions set next_attempt_at = ${next.toISOString()}::timestamptz where id = ${subscription.id}`);
    } else {
      await db.execute(sql`update epcis_subscriptions set next_attempt_at = null where id = ${subscription.id}`);
    }
  }

  async function pass(): Promise<void> {
    // Each due subscription once per pass: a claimed one is leased, so the next claim takes another.
    const seen = new Set<string>();
    for (;;) {
      const subscription = await claim([...seen]);
      if (!subscription) return;
      seen.add(subscription.id);
      try {
        await deliver(subscription);
      } catch (err) {
        log.error({ err, subscriptionId: subscription.id }, 'an EPCIS subscription could not be processed');
        // The lease runs out and a later pass tries again.
      }
    }
  }

  function runOnce(): Promise<{ deferred: boolean }> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      deferred = false;
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (err) {
        log.error({ err }, 'the EPCIS subscription worker failed a pass');
      } finally {
        running = null;
      }
      return { deferred };
    })();
    return running;
  }

  async function nextDueAt(): Promise<Date | null> {
    const [row] = await selectRows<{ due: string | null }>(
      db,
      sql`select min(next_attempt_at)::text as due from epcis_subscriptions where (stream or schedule is not null) and paused_at is null and next_attempt_at is not null`,
    );
    return row?.due ? new Date(row.due) : null;
  }

  return { runOnce, nextDueAt };
}

export const DELIVERY_QUEUE = { name: 'epcis-deliveries', retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 900 };

/**
 * Asks for a delivery pass at `startAfter` (default: now). Requests within a second of each other
 * make one pass, and a request while a pass of its second is queued gets the next second's: no
 * capture's events wait for the minute's pass.
 */
export async function requestDeliveryPass(jobs: { send: Jobs['send'] }, startAfter?: Date): Promise<void> {
  await jobs.send(DELIVERY_QUEUE.name, {}, { singletonKey: 'pass', debounceSeconds: 1, startAfter });
}
