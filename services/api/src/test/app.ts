import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { DEVELOPMENT_INTERNAL_TOKEN, loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DEMO_PASSWORD } from '../db/seed.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Which database the app runs on. */
  kind: 'pglite' | 'postgres' | 'testcontainers';
  close(): Promise<void>;
}

/** The settings every test app runs with; DATABASE_URL is added per database. */
const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'true',
  JWT_SECRET: 'test-secret-of-at-least-32-characters!!',
};

async function createDatabaseOn(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Builds the API on a fresh, seeded database: a new database on DATABASE_URL's server when
 * set; else a testcontainers PostgreSQL when REQUIRE_SERVICES=1 (failing if it cannot
 * start); else an in-memory PGlite.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // Stored files (uploads, seeded images) go to a throw-away folder per app.
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const app = await createTestAppIn({ DATA_DIR: dataDir, ...env });
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
}

async function createTestAppIn(env: Record<string, string>): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await createDatabaseOn(serverUrl);
    try {
      const config = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: database.url });
      const app = await buildApp(config);
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
    const app = await buildApp(config);
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
  const database: Database = openDatabase({});
  const app = await buildApp(config, { database });
  await app.ready();
  return { app, config, kind: 'pglite', close: () => app.close() };
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
