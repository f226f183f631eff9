import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startHarness, type Harness } from '../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, { processMetrics: true });
});
afterAll(async () => h?.close());

/** The value of one sample of a Prometheus text answer; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const scrape = async (harness = h) => {
  const res = await request(harness.app.server).get('/metrics').expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text;
};

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, with latencies', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const before = await scrape();
    await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie).expect(200);
    await request(h.app.server).get('/bff/auth/me').expect(401);
    await request(h.app.server).get('/bff/api/echo/things/42?page=2').set('Cookie', cookie).expect(200);
    await request(h.app.server).get('/no/such/page').expect(404);
    const after = await scrape();

    const me = { method: 'GET', route: '/bff/auth/me', status_code: '200' };
    expect(sample(after, 'bff_http_requests_total', me) - sample(before, 'bff_http_requests_total', me)).toBe(1);
    const refused = { ...me, status_code: '401' };
    expect(sample(after, 'bff_http_requests_total', refused) - sample(before, 'bff_http_requests_total', refused)).toBe(1);
    const proxied = { method: 'GET', route: '/bff/api/*', status_code: '200' };
    expect(sample(after, 'bff_http_requests_total', proxied) - sample(before, 'bff_http_requests_total', proxied)).toBe(1);
    expect(sample(after, 'bff_http_request_duration_seconds_count', proxied)).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'bff_http_requests_total', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    // Route patterns only: raw URLs would make a new series per id.
    expect(after).not.toContain('/bff/api/echo/things/42');
    expect(after).not.toContain('/no/such/page');
    // Process metrics come along.
    expect(after).toContain('process_cpu_seconds_total');
  });

  it('counts plan-cache hits and misses', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const before = await scrape();
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200);
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200);
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200);
    const after = await scrape();
    expect(sample(after, 'bff_plan_cache_misses_total') - sample(before, 'bff_plan_cache_misses_total')).toBe(1);
    expect(sample(after, 'bff_plan_cache_hits_total') - sample(before, 'bff_plan_cache_hits_total')).toBe(2);
  });

  it('counts token refreshes and upstream errors', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const before = await scrape();
    h.upstream.expireAccessTokens();
    await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(200);
    await request(h.app.server).get('/bff/api/bad-gateway').set('Cookie', cookie).expect(502);
    const after = await scrape();
    const ok = { result: 'ok' };
    expect(sample(after, 'bff_token_refresh_total', ok) - sample(before, 'bff_token_refresh_total', ok)).toBe(1);
    const bad = { kind: 'bad_gateway' };
    expect(sample(after, 'bff_upstream_errors_total', bad) - sample(before, 'bff_upstream_errors_total', bad)).toBe(1);
  });

  it('counts rate-limited requests by limit', async () => {
    const limited = await startHarness({ SIGN_IN_RATE_LIMIT: '2' }, { upstream: h.upstream });
    try {
      const attempt = () =>
        request(limited.app.server).post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email: 'nobody@demo.example', password: 'wrong' });
      await attempt().expect(401);
      await attempt().expect(401);
      await attempt().expect(429);
      const text = await scrape(limited);
      expect(sample(text, 'bff_rate_limited_total', { limit: 'sign_in_address' })).toBe(1);
      expect(sample(text, 'bff_http_requests_total', { route: '/bff/auth/sign-in', status_code: '429' })).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
