import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

export interface WaitForDatabaseOptions {
  /** Told of each failed attempt and of the wait before the next. */
  log: { warn(details: object, message: string): void };
  /** Attempts before giving up; default 30 (about two minutes with the default pauses). */
  attempts?: number;
  /** Pause after the first failure; it doubles after each further one. Default 500 ms. */
  initialDelayMs?: number;
  /** Longest pause between two attempts. Default 5 s. */
  maxDelayMs?: number;
}

export class DatabaseUnreachableError extends Error {
  constructor(attempts: number, cause: unknown) {
    super(`the database did not answer after ${attempts} attempts: ${messageOf(cause)}`, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/** The driver's error (ECONNREFUSED, ENOTFOUND, 57P03 ...) under the ORM's "Failed query" wrapper. */
function rootCause(error: unknown): unknown {
  let current = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return current;
}

const messageOf = (error: unknown): string => {
  const root = rootCause(error);
  return root instanceof Error ? root.message : String(root);
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the database answers `select 1`, retrying with a doubling pause. In a container
 * deployment the API often starts before PostgreSQL takes connections (its name not yet in the
 * network's DNS, the port not yet open, the server still starting up): the first connection fails
 * and the next one, seconds later, succeeds. Gives up after `attempts` with the last error.
 */
export async function waitForDatabase(database: Pick<Database, 'db'>, options: WaitForDatabaseOptions): Promise<void> {
  const { log, attempts = 30, initialDelayMs = 500, maxDelayMs = 5_000 } = options;
  let delay = initialDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.db.execute(sql`select 1`);
      return;
    } catch (error) {
      if (attempt >= attempts) throw new DatabaseUnreachableError(attempts, error);
      log.warn(
        { attempt, attempts, retryInMs: delay, reason: messageOf(error), code: (rootCause(error) as { code?: unknown } | undefined)?.code },
        'the database does not answer yet',
      );
      await sleep(delay);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
