import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { runAsAuditActor } from '../db/audit-actor.js';
import type { SqlExecutor } from '../db/client.js';
import { startJobQueue, type JobQueue, type QueueDefinition, type QueuedJob, type WorkOptions } from '../jobs/queue.js';

export interface Jobs extends Omit<JobQueue, 'define' | 'work' | 'stop'> {
  /**
   * Declares a queue and how this replica works its jobs. Workers start once the app is ready (every
   * plugin has registered what its jobs need) and stop when it closes.
   */
  handle<T extends object>(queue: QueueDefinition, options: WorkOptions, handler: (job: QueuedJob<T>) => Promise<void>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** How long a closing replica lets its running jobs finish before failing them back to the queue. */
const STOP_GRACE_MS = 4_000;

/** `app.jobs`: the durable job queue on the app's database (decision 072). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    // The queue's own statements in flight: a job's completion is written after its handler returns,
    // and must reach the database before it closes.
    const pending = new Set<Promise<unknown>>();
    let closed = false;
    const executor: SqlExecutor = {
      executeSql(text, values) {
        // Past the grace at shutdown, a late completion is dropped (the job runs again after its expiry) rather than failing on a closed pool.
        if (closed) {
          app.log.warn({ statement: text.trim().slice(0, 40) }, 'a job queue statement after shutdown was dropped');
          // No result, as pg-boss's own closed connection answers: its completions then count nothing.
          return Promise.resolve(undefined as never);
        }
        // A statement still running when the database closes under it (past the grace) is dropped, not
        // failed: pg-boss does not wait for its completions, and their failure would go unhandled.
        const query = app.database.sql.executeSql(text, values).catch((error: unknown) => {
          if (closed) return undefined as never;
          throw error;
        });
        const tracked = query.then(
          () => undefined,
          () => undefined,
        );
        pending.add(tracked);
        void tracked.then(() => pending.delete(tracked));
        return query;
      },
    };
    // Replicas starting together make the queue's tables and queues one after another: pg-boss's
    // queue creation deadlocks against itself when two processes create queues at once.
    const queue = await app.database.withStartupLock(() =>
      startJobQueue({
        executor,
        pollingIntervalSeconds: config.JOB_POLL_INTERVAL_SECONDS,
        onError: (error) => app.log.error({ err: error }, 'the job queue reported an error'),
      }),
    );
    const workers: (() => Promise<void>)[] = [];
    let started = false;
    // Handlers still running when the queue has stopped (failed back to the queue, retried elsewhere)
    // finish or fail before the database closes under them.
    const running = new Set<Promise<void>>();
    app.decorate('jobs', {
      send: queue.send,
      wake: queue.wake,
      schedule: queue.schedule,
      counts: queue.counts,
      deadLetters: queue.deadLetters,
      async handle<T extends object>(definition: QueueDefinition, options: WorkOptions, handler: (job: QueuedJob<T>) => Promise<void>) {
        await app.database.withStartupLock(() => queue.define(definition));
        const start = () =>
          queue.work<T>(definition.name, options, async (job) => {
            // A job's writes are the product's own: the audit log names the job (decision 088).
            const run = runAsAuditActor({ t: 'system', n: definition.name }, () => handler(job));
            const tracked = run.then(
              () => undefined,
              () => undefined,
            );
            running.add(tracked);
            try {
              await run;
            } catch (err) {
              app.log.warn({ err, queue: definition.name, jobId: job.id }, 'a job failed; it is retried later or kept as a dead letter');
              throw err;
            } finally {
              running.delete(tracked);
            }
          });
        if (started) await start();
        else workers.push(start);
      },
    } satisfies Jobs);
    app.addHook('onReady', async () => {
      started = true;
      for (const start of workers) await start();
    });
    // Registered after the database: closes first, so running jobs can still write.
    app.addHook('onClose', async () => {
      await queue.stop(STOP_GRACE_MS);
      let timer: NodeJS.Timeout | undefined;
      const settled = async () => {
        await Promise.all(running);
        // The completions of the handlers that just returned are written in the next turns.
        await new Promise((resolve) => setTimeout(resolve, 20));
        await Promise.all(pending);
      };
      await Promise.race([settled(), new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(timer);
      closed = true;
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
