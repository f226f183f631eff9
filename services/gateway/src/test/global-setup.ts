import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { landingRendererDir, newTestRunId } from './landing-renderer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Redis for the gateway tests: REDIS_URL, a testcontainers Redis, or '' for the in-process store. */
    gatewayRedisUrl: string;
    /** Names this run's shared build of the landing renderer (`landing-renderer.ts`). */
    gatewayTestRun: string;
  }
}

/**
 * Gateway tests run against Redis: REDIS_URL when set; else, when REQUIRE_SERVICES=1 (CI), a
 * testcontainers Redis that must start; else the in-process store, and the run says so.
 */
export default async function setup(project: TestProject) {
  const run = newTestRunId();
  project.provide('gatewayTestRun', run);
  const removeRenderer = () => {
    for (const dir of [landingRendererDir(run), `${landingRendererDir(run)}.lock`]) rmSync(dir, { recursive: true, force: true });
  };
  const fromEnv = process.env.REDIS_URL ?? '';
  if (fromEnv || process.env.REQUIRE_SERVICES !== '1') {
    if (!fromEnv) {
      console.warn(
        '[gateway] no REDIS_URL: tests run on the in-process store, and the tests that need Redis ' +
          '(replicas sharing counters, Redis outages) are skipped; each one is named below as it is skipped.',
      );
    }
    project.provide('gatewayRedisUrl', fromEnv);
    return removeRenderer;
  }
  const { RedisContainer } = await import('@testcontainers/redis');
  let container;
  try {
    container = await new RedisContainer('redis:7-alpine').start();
  } catch (err) {
    throw new Error(`REQUIRE_SERVICES=1 but REDIS_URL is unset and a Redis container could not start: ${String(err)}`);
  }
  project.provide('gatewayRedisUrl', container.getConnectionUrl());
  return async () => {
    removeRenderer();
    await container.stop();
  };
}
