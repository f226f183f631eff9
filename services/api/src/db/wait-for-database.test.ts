import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { DatabaseUnreachableError, waitForDatabase } from './wait-for-database.js';

/** The run's PostgreSQL server (DATABASE_URL's, else the one the global setup started). */
const serverUrl = process.env.DATABASE_URL ?? inject('apiTestServerUrl');

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP relay to `target` that takes connections only once `open()` is called: a server still starting up. */
function lateServer(port: number, target: URL) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    open: () => server.listen(port, '127.0.0.1'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

function recordingLog() {
  const warnings: Record<string, unknown>[] = [];
  return { warnings, warn: (details: object) => warnings.push(details as Record<string, unknown>) };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(url: string): Database {
  const database = openDatabase({ databaseUrl: url });
  cleanups.push(() => database.close());
  return database;
}

describe('waitForDatabase', () => {
  it('gives up after the allowed attempts when nothing listens, naming the last error, and logs each retry', async () => {
    const port = await unusedPort();
    const database = open(`postgres://postgres@127.0.0.1:${port}/test`);
    const log = recordingLog();

    const waiting = waitForDatabase(database, { log, attempts: 3, initialDelayMs: 10, maxDelayMs: 15 });

    await expect(waiting).rejects.toThrow(DatabaseUnreachableError);
    await expect(waiting).rejects.toThrow(/after 3 attempts: .*ECONNREFUSED/);
    expect(log.warnings).toEqual([
      expect.objectContaining({ attempt: 1, attempts: 3, retryInMs: 10, code: 'ECONNREFUSED' }),
      expect.objectContaining({ attempt: 2, attempts: 3, retryInMs: 15, code: 'ECONNREFUSED' }),
    ]);
  });

  it.skipIf(!serverUrl)('returns once a PostgreSQL server that was not yet listening answers', async () => {
    const target = new URL(serverUrl!);
    const port = await unusedPort();
    const server = lateServer(port, target);
    cleanups.push(server.close);
    const url = new URL(serverUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const database = open(url.toString());
    const log = recordingLog();
    const warn = (details: object) => {
      log.warn(details);
      // The server comes up while the API waits for its second retry.
      if (log.warnings.length === 2) server.open();
    };

    await waitForDatabase(database, { log: { warn }, attempts: 5, initialDelayMs: 10 });

    expect(log.warnings.map((warning) => warning.attempt)).toEqual([1, 2]);
    expect(await database.db.execute(sql`select 42 as answer`)).toMatchObject({ rows: [{ answer: 42 }] });
  });
});
