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
import { currentAuditActor, isBegin, mayWrite, SET_AUDIT_ACTOR } from './audit-actor.js';

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
  const db = drizzlePglite({ client: withAuditActorOnPglite(client), schema });
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
  const pool = new AuditedPool({
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
    // The job queue's statements touch no audited table: they go to the pool as they are.
    sql: { executeSql: async (text, values) => pool.unaudited.query<Record<string, unknown>>(text, values) },
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

/** The text of a query given as text or as a query config. */
function queryText(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * The actor of a write reaches the audit triggers as the transaction-local `audit.actor` (decision
 * 088): a transaction sets it right after `begin`, and a write outside any transaction becomes a
 * transaction of its own that sets it first, on the same connection.
 */
class AuditedPool extends pg.Pool {
  /** The pool's own `query`, for statements that never touch an audited table (the job queue's). */
  readonly unaudited = { query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => super.query<R>(text, values) };

  // pg-pool's own overloads (callbacks, query configs) go through unchanged when no actor writes.
  override query(...args: unknown[]): never {
    const actor = currentAuditActor();
    if (actor === null || typeof args.at(-1) === 'function' || !mayWrite(queryText(args[0]))) {
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    return (async () => {
      const client = await super.connect();
      try {
        await client.query('begin');
        try {
          await client.query(SET_AUDIT_ACTOR, [actor]);
          const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
    })() as never;
  }

  // Drizzle's transactions take a client (`connect()` without a callback) and send `begin` on it.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(withActorAfterBegin);
  }
}

function withActorAfterBegin(client: pg.PoolClient): pg.PoolClient {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return async (...args: unknown[]) => {
          const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          const actor = isBegin(queryText(args[0])) ? currentAuditActor() : null;
          if (actor !== null) await target.query(SET_AUDIT_ACTOR, [actor]);
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** PGlite's counterpart of AuditedPool: its transactions set the actor first, and a lone write becomes one. */
function withAuditActorOnPglite(client: PGlite): PGlite {
  type Query = (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
  type Transaction = { query: Query };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: unknown) => {
          const actor = currentAuditActor();
          if (actor === null || !mayWrite(text)) return (target.query as Query)(text, params, options);
          return target.transaction(async (tx) => {
            await tx.query(SET_AUDIT_ACTOR, [actor]);
            return (tx.query as Query)(text, params, options);
          });
        };
      }
      if (property === 'transaction') {
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          target.transaction(async (tx) => {
            const actor = currentAuditActor();
            if (actor !== null) await tx.query(SET_AUDIT_ACTOR, [actor]);
            return work(tx as unknown as Transaction);
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
