import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MAX, DAY_MIN, ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';

let t: TestApp;
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
});
afterAll(async () => t?.close());

const dashboard = (from: string, to: string) => call(t.app, acme, { method: 'GET', url: `/api/analytics/dashboard?from=${from}&to=${to}` });

describe('GET /api/analytics/dashboard: the days a range may name', () => {
  it(`answers 400 with field errors for days before ${DAY_MIN} or after ${DAY_MAX}, whose comparison period or end has no date`, async () => {
    const early = await dashboard('0001-01-01', '0001-01-31');
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'from' }, { path: 'to' }] });

    const late = await dashboard('9999-12-30', '9999-12-31');
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().details.map((detail: { path: string }) => detail.path)).toEqual(['from', 'to']);
  });

  it('answers the first and the last days of the range', async () => {
    const first = await dashboard(DAY_MIN, '1900-01-31');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ from: DAY_MIN, previousTo: '1899-12-31' });
    const last = await dashboard('2100-12-01', DAY_MAX);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().result.totals.scans.value).toBe(0);
  });
});
