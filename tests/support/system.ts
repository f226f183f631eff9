import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, freePort, ProcessGroup, waitForHttp } from './processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the API writes the e-mail it sends (no SMTP in the browser tests). */
    mailOutbox: string;
  }
}

/** Starts the built API and gateway as processes, the way `npm start` runs them. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-e2e-'));
  const apiPort = await freePort();
  const gatewayPort = await freePort();
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL, 'e2e') : null;
  const group = new ProcessGroup();
  const internalToken = randomBytes(32).toString('hex');

  const api = group.node('services/api/dist/server.js', {
    NODE_ENV: 'production',
    // E2E_LOG_LEVEL=info shows every request the API served, to follow a failing test.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    CREDENTIAL_KEY_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_TOKEN: internalToken,
    SEED_DEMO: 'true',
    DATABASE_URL: database?.url ?? '',
    // Mailed links lead to the gateway under test; the messages land in a folder the tests read.
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
    // The browser tests' OpenID provider listens on plain http on loopback.
    SSO_ALLOW_INSECURE_ISSUERS: 'true',
    // Webhooks may post to a receiver the test starts on loopback (refused in production).
    EPCIS_WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  await waitForHttp(`http://127.0.0.1:${apiPort}/api/healthz`, 120_000, api);

  const gateway = group.node('services/gateway/dist/server.js', {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(gatewayPort),
    UPSTREAM_URL: `http://127.0.0.1:${apiPort}`,
    INTERNAL_TOKEN: internalToken,
    REDIS_URL: process.env.REDIS_URL ?? '',
    // Its own keys in a shared Redis: cached resolver answers name this run's ports.
    REDIS_KEY_PREFIX: `gw-e2e-${randomBytes(4).toString('hex')}:`,
    // Every browser test signs in and signs up from 127.0.0.1; the per-address limits are tested
    // in the gateway's own suites.
    SIGN_IN_RATE_LIMIT: '1000',
    ACCOUNT_RATE_LIMIT: '1000',
    // Single sign-on's redirect URI names the address the browser uses.
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
  });
  await waitForHttp(`http://127.0.0.1:${gatewayPort}/healthz`, 60_000, gateway);

  project.provide('baseURL', `http://127.0.0.1:${gatewayPort}`);
  project.provide('mailOutbox', path.join(dataDir, 'outbox'));

  return async () => {
    await group.stopAll();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
