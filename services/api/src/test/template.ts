import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedCertifications } from '../seed/seed-products.js';
import { seedDemo } from '../seed/seed.js';
import { useFastPasswordHashingForTests } from '../modules/auth/passwords.js';
import { createFileStorage } from '../plugins/storage.js';
import { installJobSchema } from '../jobs/queue.js';

/** The settings every test app runs with; DATABASE_URL and DATA_DIR are added per app. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'true',
  JWT_SECRET: 'test-secret-of-at-least-32-characters!!',
  JOB_POLL_INTERVAL_SECONDS: '0.5',
};

/**
 * The demo data migrated and seeded once per test run, which every test app copies instead of
 * migrating and seeding again (see docs/decisions/030-fast-api-tests.md).
 */
export interface SeededTemplate {
  /** The Digital Link origin the seeded automatic links point at; an app with another one seeds its own. */
  origin: string;
  /** The seeded stored files (the demo product pictures), copied into each app's `DATA_DIR/files`. */
  filesDir: string;
  /** PGlite: a dump (`dumpDataDir`) of the seeded database. */
  pgliteDump?: string;
  /** PostgreSQL: the server (DATABASE_URL) and the seeded database that `CREATE DATABASE ... TEMPLATE` copies. */
  postgres?: { serverUrl: string; database: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by `src/test/global-setup.ts`; absent in a project that does not run it. */
    apiTestTemplate?: SeededTemplate;
    /**
     * The PostgreSQL server test apps make their databases on: DATABASE_URL's, or the one the
     * global setup started; absent when the apps run on PGlite.
     */
    apiTestServerUrl?: string;
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function migrateAndSeed(database: Database, config: Config, filesDir: string): Promise<void> {
  // What the db plugin does at start-up, with the same storage layout as an app's DATA_DIR.
  await database.migrate();
  await installJobSchema(database.sql);
  await seedCertifications(database.db);
  await seedDemo(database.db, { storage: createFileStorage({ dir: filesDir }), digitalLinkOrigin: config.DIGITAL_LINK_DOMAIN });
}

/**
 * Migrates and seeds the demo data once: on the PostgreSQL server of `serverUrl` a database of its
 * own, which is then closed so that it can serve as a template; else an in-memory PGlite, dumped
 * to a file.
 */
export async function createSeededTemplate(serverUrl?: string): Promise<{ template: SeededTemplate; remove(): Promise<void> }> {
  useFastPasswordHashingForTests();
  const config = loadConfig(TEST_ENV);
  const dir = mkdtempSync(join(tmpdir(), 'api-test-template-'));
  const filesDir = join(dir, 'files');
  try {
    if (serverUrl) {
      const name = `test_template_${randomBytes(6).toString('hex')}`;
      await onServer(serverUrl, `create database ${name}`);
      const dropTemplate = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
      try {
        const database = openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name) });
        try {
          await migrateAndSeed(database, config, filesDir);
        } finally {
          // A database with open connections cannot be copied.
          await database.close();
        }
      } catch (error) {
        await dropTemplate();
        throw error;
      }
      return {
        template: { origin: config.DIGITAL_LINK_DOMAIN, filesDir, postgres: { serverUrl, database: name } },
        async remove() {
          try {
            await dropTemplate();
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    }

    const database = openDatabase({});
    const pgliteDump = join(dir, 'pglite.tar');
    try {
      await migrateAndSeed(database, config, filesDir);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      writeFileSync(pgliteDump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await database.close();
    }
    return {
      template: { origin: config.DIGITAL_LINK_DOMAIN, filesDir, pgliteDump },
      async remove() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Whether an app with this config, on the server of `serverUrl` (PGlite when undefined), may
 * start from the template: the demo data, the same link origin, the local file storage and the
 * database server the template was made on. Any other app (another PUBLIC_URL,
 * SEED_DEMO=false...) migrates and seeds its own database as before.
 */
export function templateFits(template: SeededTemplate | undefined, config: Config, serverUrl: string | undefined): template is SeededTemplate {
  if (!template || !config.SEED_DEMO || config.STORAGE_DRIVER !== 'local' || config.DIGITAL_LINK_DOMAIN !== template.origin) return false;
  return serverUrl ? template.postgres?.serverUrl === serverUrl : template.pgliteDump !== undefined;
}

/** Copies the template's stored files into an app's data folder. */
export function copyTemplateFiles(template: SeededTemplate, dataDir: string): void {
  cpSync(template.filesDir, join(dataDir, 'files'), { recursive: true });
}

/** An in-memory PGlite holding a copy of the template's database. */
export function openTemplateCopy(template: SeededTemplate & { pgliteDump: string }): Database {
  return openDatabase({ pgliteDump: new Blob([readFileSync(template.pgliteDump)]) });
}

const SOURCE_IN_USE = '55006'; // object_in_use: the template still has a connection

/** Creates database `name` as a copy of the template database, waiting out a connection that is just closing. */
export async function copyTemplateDatabase(template: SeededTemplate & { postgres: NonNullable<SeededTemplate['postgres']> }, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await onServer(template.postgres.serverUrl, `create database ${name} template ${template.postgres.database}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== SOURCE_IN_USE || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
