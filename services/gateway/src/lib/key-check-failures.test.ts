import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createKeyCheckFailures, type FailureCounter } from './key-check-failures.js';

/** A counter in memory, as @fastify/rate-limit's would answer with an allowance of `max` in a 60 s window. */
function counterOf(max: number): FailureCounter & { failures: number; reads: number } {
  const counter = Object.assign(
    async (_request: FastifyRequest, options?: { increment?: boolean }) => {
      if (options?.increment === false) counter.reads += 1;
      else counter.failures += 1;
      return { remaining: Math.max(0, max - counter.failures), ttlInSeconds: 60 };
    },
    { failures: 0, reads: 0 },
  );
  return counter;
}

const request = { ip: '203.0.113.7' } as FastifyRequest;

describe('failed key checks of one address', () => {
  it('lets unknown keys through until the allowance of refused keys is spent, then refuses them for the rest of the window', async () => {
    const counter = counterOf(2);
    const checks = createKeyCheckFailures({ counter });
    expect(await checks.refusedFor(request, 'made-up-1')).toBeNull();
    await checks.failed(request, 'made-up-1');
    await checks.failed(request, 'made-up-2');
    expect(await checks.refusedFor(request, 'made-up-3')).toBe(60);
  });

  it('never asks the store about a key it saw accepted, until the API refuses that key', async () => {
    const counter = counterOf(1);
    const checks = createKeyCheckFailures({ counter });
    checks.accepted('real');
    await checks.failed(request, 'made-up');
    expect(await checks.refusedFor(request, 'real')).toBeNull();
    expect(counter.reads).toBe(0);
    // Revoked since: the API's 401 counts, and the key is checked like any other from then on.
    await checks.failed(request, 'real');
    expect(await checks.refusedFor(request, 'real')).toBe(60);
  });

  it('forgets the oldest known key first once it holds knownGoodMax', async () => {
    const checks = createKeyCheckFailures({ counter: counterOf(0), knownGoodMax: 2 });
    checks.accepted('first');
    checks.accepted('second');
    checks.accepted('third');
    expect(await checks.refusedFor(request, 'first')).toBe(60);
    expect(await checks.refusedFor(request, 'second')).toBeNull();
    expect(await checks.refusedFor(request, 'third')).toBeNull();
  });

  it('lets every key through when the store does not answer (the count reads as none)', async () => {
    const checks = createKeyCheckFailures({ counter: async () => ({}) });
    expect(await checks.refusedFor(request, 'made-up')).toBeNull();
  });
});
