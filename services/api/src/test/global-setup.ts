import type { TestProject } from 'vitest/node';
import { createSeededTemplate } from './template.js';

/**
 * Migrates and seeds the demo data once for the whole run; every `createTestApp()` of the
 * project then copies it (a template database on PostgreSQL, a data-folder dump on PGlite)
 * instead of migrating and seeding on its own.
 */
export default async function setup(project: TestProject) {
  // Without DATABASE_URL, REQUIRE_SERVICES=1 gives each app a testcontainers server of its own: nothing to copy.
  if (!process.env.DATABASE_URL && process.env.REQUIRE_SERVICES === '1') return;
  const { template, remove } = await createSeededTemplate();
  project.provide('apiTestTemplate', template);
  return remove;
}
