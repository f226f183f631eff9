import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import { DEVELOPMENT_INTERNAL_TOKEN, loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DEMO_PASSWORD } from '../seed/seed.js';
import { useFastPasswordHashingForTests } from '../modules/auth/passwords.js';
import { copyTemplateDatabase, copyTemplateFiles, databaseUrlOn, onServer, openTemplateCopy, templateFits, TEST_ENV, type SeededTemplate } from './template.js';

// Test apps hash passwords with the cheapest argon2 settings; the template's demo hashes are made so too.
useFastPasswordHashingForTests();

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Which database the app runs on. */
  kind: 'pglite' | 'postgres' | 'testcontainers';
  close(): Promise<void>;
}

/** A new, empty database on the server of `serverUrl` or, given a template, a copy of it. */
async function createDatabaseOn(serverUrl: string, template?: SeededTemplate): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  if (template?.postgres) await copyTemplateDatabase({ ...template, postgres: template.postgres }, name);
  else await onServer(serverUrl, `create database ${name}`);
  return {
    url: databaseUrlOn(serverUrl, name),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Builds the API on a fresh, seeded database: a new database on the run's PostgreSQL server
 * (DATABASE_URL's, else the one the global setup started); else a testcontainers PostgreSQL when
 * REQUIRE_SERVICES=1 (failing if it cannot start); else an in-memory PGlite. Where the run's
 * global setup seeded a template that fits the settings, the database (and the seeded files) is
 * a copy of it rather than seeded anew.
 */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'logStream'> = {}): Promise<TestApp> {
  // Stored files (uploads, seeded images) go to a throw-away folder per app.
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const app = await createTestAppIn({ DATA_DIR: dataDir, ...env }, deps);
    const close = app.close;
    return {
      ...app,
      async close() {
        try {
          await close();
        } finally {
          removeDataDir();
        }
      },
    };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

async function createTestAppIn(env: Record<string, string>, deps: Pick<AppDeps, 'logStream'>): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL ?? inject('apiTestServerUrl');
  if (serverUrl) {
    const settings = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: serverUrl });
    const template = seededTemplateFor(settings, serverUrl);
    const database = await createDatabaseOn(serverUrl, template);
    try {
      const config = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: database.url });
      const app = await buildApp(config, deps);
      await app.ready();
      return {
        app,
        config,
        kind: 'postgres',
        async close() {
          await app.close();
          await database.drop();
        },
      };
    } catch (error) {
      await database.drop();
      throw error;
    }
  }

  if (process.env.REQUIRE_SERVICES === '1') {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    const config = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: container.getConnectionUri() });
    const app = await buildApp(config, deps);
    await app.ready();
    return {
      app,
      config,
      kind: 'testcontainers',
      async close() {
        await app.close();
        await container.stop();
      },
    };
  }

  const config = loadConfig({ ...TEST_ENV, ...env });
  const template = seededTemplateFor(config, undefined);
  const database: Database = template?.pgliteDump ? openTemplateCopy({ ...template, pgliteDump: template.pgliteDump }) : openDatabase({});
  const app = await buildApp(config, { ...deps, database });
  await app.ready();
  return { app, config, kind: 'pglite', close: () => app.close() };
}

/**
 * The run's seeded template when it fits these settings and server, its stored files already
 * copied into the app's data folder; undefined when the app must seed its own database.
 */
function seededTemplateFor(config: Config, serverUrl: string | undefined): SeededTemplate | undefined {
  const template = inject('apiTestTemplate');
  if (!templateFits(template, config, serverUrl)) return undefined;
  copyTemplateFiles(template, config.DATA_DIR);
  return template;
}

export interface SignedIn {
  authorization: string;
  authToken: string;
  user: { userId: number; roleId: number; serviceName: string };
}

/**
 * The header the gateway sends on its own calls (sign-in, token refresh and switch, resolver data);
 * test apps run with the development INTERNAL_TOKEN.
 */
export const GATEWAY_HEADERS: Record<string, string> = { 'x-internal-token': DEVELOPMENT_INTERNAL_TOKEN };

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign/in', headers: GATEWAY_HEADERS, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { authorization: body.Authorization, authToken: body.authToken, user: body.user };
}

/** Sends a request with the given Authorization header value. */
export function call(
  app: FastifyInstance,
  authorization: string | undefined,
  options: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const headers = { ...options.headers, ...(authorization ? { authorization } : {}) };
  return app.inject({ ...options, headers } as InjectOptions);
}
