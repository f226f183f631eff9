import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The typed database handle; a transaction has the same query API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs one SQL text with positional parameters (`$1`…), or several statements when it has none. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  readonly db: Db;
  /** Raw SQL on the same database (the job queue's own statements). */
  readonly sql: SqlExecutor;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the SQL migrations of src/db/migrations (dist/db/migrations once built). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding a database-wide lock, so that several API processes starting
   * at once do not migrate or seed concurrently.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Listens on a notification channel (`LISTEN`; `pg_notify` in any process on the same database
   * reaches it, once its transaction commits). On PostgreSQL a connection of its own, opened again
   * after it breaks (notifications sent while it is down are not received). Resolves to the stop.
   */
  listen(channel: string, onNotify: (payload: string) => void, onError?: (error: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; absent = in memory. */
  pgliteDir?: string;
  /** PGlite: start from this dump (`dumpDataDir`) of a data folder; tests copy a seeded database so. */
  pgliteDump?: Blob;
  /** Told when an idle pooled connection dies (server restart, failover); the pool reconnects. */
  onConnectionError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const STARTUP_LOCK_KEY = 0x70636170; // arbitrary constant: "pcap"

export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onConnectionError)
    : openPglite(options.pgliteDir, options.pgliteDump);
}

function openPglite(dataDir: string | undefined, dump: Blob | undefined): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: dump });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    sql: {
      // PGlite's extended protocol takes one statement: texts without parameters may hold several.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    // PGlite is a single in-process connection: nothing else can start against it.
    withStartupLock: (work) => work(),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

function openPostgres(connectionString: string, onConnectionError?: (error: Error) => void): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // JIT compiling pays for long analytical queries; ours are index reads of a few milliseconds, on
    // which PostgreSQL's cost guess over millions of EPCIS events or scans spent up to 800 ms compiling.
    options: '-c jit=off',
  });
  // Without a listener, an idle connection closed by the server would crash the process.
  pool.on('error', (error) => onConnectionError?.(error));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    sql: { executeSql: async (text, values) => pool.query(text, values) },
    migrate: () => migratePg(db, { migrationsFolder }),
    async withStartupLock(work) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    listen: (channel, onNotify, onError) => listenOnPostgres(connectionString, channel, onNotify, onError),
    close: () => pool.end(),
  };
}

/** How long a broken listening connection waits before it connects again. */
const LISTEN_RECONNECT_MS = 1_000;

/** A connection outside the pool that LISTENs on `channel`, and connects again when it breaks, until stopped. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onError?: (error: Error) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    const broken = (error: Error) => {
      onError?.(error);
      next.removeAllListeners();
      next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!stopped && retry === null) {
        retry = setTimeout(() => {
          retry = null;
          connect().catch((err: Error) => broken(err));
        }, LISTEN_RECONNECT_MS);
        retry.unref();
      }
    };
    next.on('error', broken);
    next.on('end', () => broken(new Error('the listening connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      next.removeAllListeners();
      await next.end();
      return;
    }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = null;
    if (open) {
      open.removeAllListeners();
      await open.end().catch(() => undefined);
    }
  };
}
