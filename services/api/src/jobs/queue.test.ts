import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { databaseUrlOn, onServer } from '../test/template.js';
import { DEAD_LETTER_QUEUE, installJobSchema, startJobQueue, type JobQueue } from './queue.js';

/*
 * The job queue on both databases the product runs on: the embedded PGlite (`npm start`) and a
 * PostgreSQL server (the run's, where there is one). Two queues on one PostgreSQL database stand
 * for two API replicas.
 */

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

async function openQueue(database: Database): Promise<JobQueue> {
  return startJobQueue({ executor: database.sql, pollingIntervalSeconds: 0.5, onError: () => undefined });
}

const kinds: { name: string; open(): Promise<{ database: Database; drop(): Promise<void> }>; url?: () => string }[] = [
  {
    name: 'PGlite',
    async open() {
      const database = openDatabase({});
      return { database, drop: async () => undefined };
    },
  },
];
const serverUrl = process.env.DATABASE_URL ?? inject('apiTestServerUrl');
let databaseName = '';
if (serverUrl) {
  kinds.push({
    name: 'PostgreSQL',
    async open() {
      databaseName = `test_jobs_${randomBytes(6).toString('hex')}`;
      await onServer(serverUrl, `create database ${databaseName}`);
      const name = databaseName;
      return { database: openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name) }), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
    },
    url: () => databaseUrlOn(serverUrl, databaseName),
  });
}

describe.each(kinds)('the job queue on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let queue: JobQueue;

  beforeAll(async () => {
    ({ database, drop } = await kind.open());
    await database.migrate();
    await installJobSchema(database.sql);
    // Installing twice (a second replica, a restart) changes nothing.
    await installJobSchema(database.sql);
    queue = await openQueue(database);
  }, 60_000);

  afterAll(async () => {
    await queue?.stop(1_000);
    await database?.close();
    await drop?.();
  });

  it('runs a job sent in a transaction exactly when the transaction commits', async () => {
    await queue.define({ name: 'tx-test', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 });
    const seen: unknown[] = [];
    await queue.work<{ n: number }>('tx-test', {}, async (job) => void seen.push(job.data));
    await database.db.transaction(async (tx) => {
      await queue.send('tx-test', { n: 1 }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send('tx-test', { n: 2 }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await queue.send('tx-test', { n: 3 });
    await until(() => seen.length >= 2);
    // Long enough for the rolled-back job to have run, had it been kept.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 3 }]));
    expect(seen).toHaveLength(2);
  });

  it('retries a failing job and then keeps it as a dead letter with its queue and last error', async () => {
    await queue.define({ name: 'always-fails', retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60 });
    const attempts: number[] = [];
    await queue.work<{ order: string }>('always-fails', {}, async (job) => {
      attempts.push(job.retryCount);
      throw new Error(`cannot handle ${job.data.order}`);
    });
    await queue.send('always-fails', { order: 'A-17' });
    await until(async () => (await queue.deadLetters(10)).some((letter) => letter.queue === 'always-fails'), 15_000);
    expect(attempts).toEqual([0, 1]);
    const [letter] = (await queue.deadLetters(10)).filter((entry) => entry.queue === 'always-fails');
    expect(letter).toMatchObject({ queue: 'always-fails', error: 'cannot handle A-17', data: { order: 'A-17' } });
    expect((await queue.counts()).find((entry) => entry.name === DEAD_LETTER_QUEUE)?.queued).toBeGreaterThanOrEqual(1);
  }, 20_000);
});

describe.runIf(serverUrl)('two replicas on one PostgreSQL database', () => {
  let name: string;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    name = `test_jobs_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl!, `create database ${name}`);
    first = openDatabase({ databaseUrl: databaseUrlOn(serverUrl!, name) });
    second = openDatabase({ databaseUrl: databaseUrlOn(serverUrl!, name) });
    await first.migrate();
    await installJobSchema(first.sql);
  }, 60_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await onServer(serverUrl!, `drop database if exists ${name} with (force)`);
  });

  it('a job whose replica stops mid-job is finished by the other, and each job runs to its end once', async () => {
    const definition = { name: 'long-work', retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 60 };
    const a = await openQueue(first);
    const b = await openQueue(second);
    await a.define(definition);
    const finishedBy: string[] = [];
    let startedOnA!: () => void;
    const startedA = new Promise<void>((resolve) => (startedOnA = resolve));
    let releaseA!: () => void;
    const heldOnA = new Promise<void>((resolve) => (releaseA = resolve));
    await a.work('long-work', {}, async () => {
      startedOnA();
      // Does not finish while the replica runs: it is stopped under it.
      await heldOnA;
      finishedBy.push('a');
    });
    await a.send('long-work', { order: 1 });
    await startedA;
    await a.stop(1_000);
    await b.work('long-work', {}, async () => void finishedBy.push('b'));
    await until(() => finishedBy.length > 0, 15_000);
    expect(finishedBy).toEqual(['b']);
    // The stopped replica's handler ends at last; its completion changes nothing (the job is done).
    releaseA();
    await until(() => finishedBy.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await b.stop(1_000);
  }, 30_000);

  it('singleton jobs of one key run one at a time across replicas, each once', async () => {
    const definition = { name: 'per-recipient', policy: 'singleton' as const, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 };
    const a = await openQueue(first);
    const b = await openQueue(second);
    await a.define(definition);
    const log: string[] = [];
    let active = 0;
    let mostActive = 0;
    const handler = (replica: string) => async (job: { data: { n: number } }) => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      await new Promise((resolve) => setTimeout(resolve, 150));
      log.push(`${replica}${job.data.n}`);
      active -= 1;
    };
    for (let n = 1; n <= 4; n += 1) await a.send('per-recipient', { n }, { singletonKey: 'same-recipient' });
    await a.work('per-recipient', {}, handler('a'));
    await b.work('per-recipient', {}, handler('b'));
    await until(() => log.length === 4, 20_000);
    expect(mostActive).toBe(1);
    expect(log.map((entry) => entry.slice(1)).sort()).toEqual(['1', '2', '3', '4']);
    await a.stop(1_000);
    await b.stop(1_000);
  }, 30_000);
});
