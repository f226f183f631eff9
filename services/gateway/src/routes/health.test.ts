import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('health endpoints', () => {
  it('healthz answers while the process lives', async () => {
    await request(h.app.server).get('/healthz').expect(200, { status: 'ok' });
  });

  it('readyz answers ok when the store and the API answer', async () => {
    await request(h.app.server).get('/readyz').expect(200, { status: 'ok' });
  });

  it('readyz answers 503 when the API is unreachable', async () => {
    const down = await startHarness({ UPSTREAM_URL: 'http://127.0.0.1:1' });
    try {
      const res = await request(down.app.server).get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { store: true, upstream: false } });
    } finally {
      await down.close();
    }
  });

  it('readyz answers 503 while draining for shutdown', async () => {
    h.app.draining = true;
    try {
      await request(h.app.server).get('/readyz').expect(503);
      await request(h.app.server).get('/healthz').expect(200);
    } finally {
      h.app.draining = false;
    }
  });
});
