import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db, SqlExecutor } from '../db/client.js';

/*
 * The API's background work runs on one durable job queue in its own database (pg-boss, decision
 * 072): mail, EPCIS captures, webhook deliveries, forwarding to Umami, rebuilds and the scheduled
 * sweeps. Jobs outlive the process that queued them, are retried with back-off, end in a dead-letter
 * queue when their retries are spent, and are taken by whichever API replica polls first; scheduled
 * jobs are sent once per deployment, whatever the number of replicas. The embedded PGlite runs the
 * same queue through the same statements (`Database.sql`).
 */

/** The schema of the queue's tables. */
export const JOB_SCHEMA = 'pgboss';
/** Where every queue's jobs go once their retries are spent (the operator's view: `GET /internal/jobs`). */
export const DEAD_LETTER_QUEUE = 'dead-letters';
const QUEUE_FIELD = '_queue';

export interface QueueDefinition {
  name: string;
  /** Attempts after the first; spent, the job goes to the dead-letter queue. */
  retryLimit: number;
  /** Seconds before the first retry; doubled per attempt with back-off. */
  retryDelaySeconds: number;
  /**
   * How long a job may stay active before it counts as lost (its replica died) and is retried.
   * Longer than the slowest honest run.
   */
  expireInSeconds: number;
  /**
   * `singleton`: one active job per singleton key (mail to one recipient, in the order queued);
   * `standard`: as many as the workers take.
   */
  policy?: 'standard' | 'singleton';
}

export interface SendOptions {
  /** A transaction: the job exists exactly when the transaction commits. */
  tx?: Db;
  startAfter?: Date;
  singletonKey?: string;
  /** At most one job per key and slot of this many seconds; a send while the slot's job waits makes the next slot's. */
  debounceSeconds?: number;
}

export interface WorkOptions {
  /** Jobs of this queue one replica runs at once. */
  concurrency?: number;
  pollingIntervalSeconds?: number;
}

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** Attempts before this one. */
  retryCount: number;
  /** This is the last attempt when `retryCount` reaches it. */
  retryLimit: number;
}

export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  failed: number;
  completed: number;
}

export interface DeadLetter {
  id: string;
  queue: string;
  createdOn: string;
  /** The last attempt's error message. */
  error: string | null;
  data: unknown;
}

export interface JobQueue {
  /** Declares a queue (idempotent: every replica declares the same). */
  define(queue: QueueDefinition): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for the queue's jobs on this replica; a throw fails the attempt (it is retried). */
  work<T extends object>(name: string, options: WorkOptions, handler: (job: QueuedJob<T>) => Promise<void>): Promise<void>;
  /** Has this replica's workers of `name` look for jobs now (after a transaction that sent one committed). */
  wake(name: string): void;
  /** Sends a job to `name` on a cron schedule, once per deployment (times in UTC). */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  counts(): Promise<QueueCounts[]>;
  deadLetters(limit: number): Promise<DeadLetter[]>;
  /** Stops taking jobs; running ones get `graceMs` to finish, then are failed (and retried elsewhere). */
  stop(graceMs: number): Promise<void>;
}

/**
 * Runs pg-boss's statements inside a Drizzle transaction: `$n` parameters become bound values of one
 * SQL text, so a job inserted this way commits or rolls back with the transaction's other writes.
 */
export function executorOf(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = text.split(/\$(\d+)/).map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/** Creates the queue's tables when absent; part of migrating the database (a newer pg-boss upgrades them when it starts). */
export async function installJobSchema(executor: SqlExecutor): Promise<void> {
  const { rows } = await executor.executeSql(`select to_regclass('${JOB_SCHEMA}.version') as version`);
  if (rows[0]?.version) return;
  await executor.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  onError(error: Error): void;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds: number;
}

export async function startJobQueue({ executor, onError, pollingIntervalSeconds }: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    // Completed jobs leave the live table after an hour and are deleted after a week (they may hold an address).
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 7,
    // Schedules are checked every 30 s; the cron time is taken from the database's clock, so replicas agree.
    cronMonitorIntervalSeconds: 30,
  });
  boss.on('error', onError);
  await boss.start();
  const workerIds = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  await boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, retentionDays: 30 }).catch(ignoreExisting);

  return {
    async define(queue) {
      const options: PgBoss.Queue = {
        name: queue.name,
        policy: queue.policy ?? 'standard',
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
        retentionDays: 7,
        deadLetter: DEAD_LETTER_QUEUE,
      };
      if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, options);
      else await boss.createQueue(queue.name, options).catch(ignoreExisting);
    },
    async send(name, data, options = {}) {
      const sendOptions: PgBoss.SendOptions = {
        startAfter: options.startAfter,
        singletonKey: options.singletonKey,
        singletonSeconds: options.debounceSeconds,
        singletonNextSlot: options.debounceSeconds !== undefined,
        db: options.tx ? executorOf(options.tx) : undefined,
      };
      // The queue's name travels with the data, so that a dead letter tells where it came from.
      const id = await boss.send(name, { ...data, [QUEUE_FIELD]: name }, sendOptions);
      // Sent outside a transaction, the job is there now: this replica's workers take it at once.
      if (!options.tx && !options.startAfter) wake(name);
      return id;
    },
    async work(name, options, handler) {
      for (let worker = 0; worker < (options.concurrency ?? 1); worker += 1) {
        const workOptions = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds: options.pollingIntervalSeconds ?? pollingIntervalSeconds };
        const id = await boss.work<never>(name, workOptions, async ([job]) => {
          if (!job) return;
          const { [QUEUE_FIELD]: _queue, ...data } = job.data as Record<string, unknown>;
          await handler({ id: job.id, data: data as never, retryCount: job.retryCount, retryLimit: job.retryLimit });
        });
        workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
      }
    },
    wake,
    async schedule(name, cron, data = {}) {
      await boss.schedule(name, cron, { ...data, [QUEUE_FIELD]: name }, { tz: 'UTC' });
    },
    async counts() {
      const { rows } = await executor.executeSql(
        `select name,
           count(*) filter (where state in ('created', 'retry'))::int as queued,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed,
           count(*) filter (where state = 'completed')::int as completed
         from ${JOB_SCHEMA}.job group by name order by name`,
      );
      return rows as unknown as QueueCounts[];
    },
    async deadLetters(limit) {
      const { rows } = await executor.executeSql(
        `select id::text, data, output, created_on::text as "createdOn" from ${JOB_SCHEMA}.job where name = $1 order by created_on desc limit $2`,
        [DEAD_LETTER_QUEUE, limit],
      );
      return rows.map((row) => {
        const { [QUEUE_FIELD]: queue, ...data } = (row.data ?? {}) as Record<string, unknown>;
        // A handler's error is kept as `{ message, … }`; an expiry as `{ value: { message } }`.
        const output = (row.output ?? {}) as { message?: unknown; value?: { message?: unknown } };
        const message = output.message ?? output.value?.message;
        return {
          id: String(row.id),
          queue: typeof queue === 'string' ? queue : '',
          createdOn: String(row.createdOn),
          error: typeof message === 'string' ? message : null,
          data,
        };
      });
    },
    async stop(graceMs) {
      await boss.stop({ graceful: true, timeout: graceMs, close: false });
    },
  };
}

/** Two replicas declaring a queue at once: the second finds it made. */
function ignoreExisting(error: unknown): void {
  if (!(error instanceof Error) || !/already exists|duplicate key/i.test(error.message)) throw error;
}
