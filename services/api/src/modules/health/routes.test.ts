import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, GATEWAY_HEADERS, type TestApp } from '../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the operators’ view of the job queue', () => {
  it('is refused without the internal token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/jobs' })).statusCode).toBe(401);
  });

  it('counts jobs per queue and shows a job whose every attempt failed as a dead letter, with its queue and last error', async () => {
    await t.app.jobs.handle({ name: 'test-doomed', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }, {}, async () => {
      throw new Error('the printer is on fire');
    });
    await t.app.jobs.send('test-doomed', { order: 'A-1' });
    await expect
      .poll(
        async () => {
          const view = (await t.app.inject({ method: 'GET', url: '/api/internal/jobs', headers: GATEWAY_HEADERS })).json();
          return view.deadLetters.find((letter: { queue: string }) => letter.queue === 'test-doomed') ?? null;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toMatchObject({ queue: 'test-doomed', error: 'the printer is on fire', data: { order: 'A-1' } });
    const view = (await t.app.inject({ method: 'GET', url: '/api/internal/jobs', headers: GATEWAY_HEADERS })).json();
    expect(view.queues).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'test-doomed', failed: 1 })]));
  });
});
