import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';
import { createSeededTemplate } from './template.js';

/**
 * Picks the run's PostgreSQL server, then migrates and seeds the demo data once for the whole
 * run; every `createTestApp()` of the project then copies it (a template database on
 * PostgreSQL, a data-folder dump on PGlite) instead of migrating and seeding on its own.
 * The server is DATABASE_URL's; without it, one this setup starts from the embedded-postgres
 * package; only where that cannot start do the apps run on PGlite, several times slower
 * (docs/decisions/067-fast-tests-on-a-fresh-clone.md).
 */
export default async function setup(project: TestProject) {
  // Without DATABASE_URL, REQUIRE_SERVICES=1 gives each app a testcontainers server of its own: nothing to copy.
  if (!process.env.DATABASE_URL && process.env.REQUIRE_SERVICES === '1') return;
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedOrWarn(project.name);
  const serverUrl = process.env.DATABASE_URL ?? embedded?.url;
  try {
    const { template, remove } = await createSeededTemplate(serverUrl);
    if (serverUrl) project.provide('apiTestServerUrl', serverUrl);
    project.provide('apiTestTemplate', template);
    return async () => {
      try {
        await remove();
      } finally {
        await embedded?.stop();
      }
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

async function startEmbeddedOrWarn(projectName: string): Promise<EmbeddedServer | undefined> {
  try {
    return await startEmbeddedPostgres();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[${projectName}] no DATABASE_URL, and ${reason}\n[${projectName}] the test apps run on PGlite instead, several times slower.`);
    return undefined;
  }
}
