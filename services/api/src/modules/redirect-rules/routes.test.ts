import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTERNAL_TOKEN_HEADER, REDIRECT_RULES_MAX, RESOLVER_INVALIDATE_HEADER, resolverEntrySchema } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, setSubAdminProductAccess } from '../../test/demo.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;

const putRules = (authorization: string, payload: object) => call(t.app, authorization, { method: 'PUT', url: '/api/entry/links/rules', payload });
const getRules = (authorization: string, query: string) => call(t.app, authorization, { method: 'GET', url: `/api/entry/links/rules?${query}` });
const putDefaults = (authorization: string, payload: object) => call(t.app, authorization, { method: 'PUT', url: '/api/service/redirect-rules', payload });
const getDefaults = (authorization: string, query = '') => call(t.app, authorization, { method: 'GET', url: `/api/service/redirect-rules?${query}` });
const resolverRecord = async (entryPath: string) =>
  resolverEntrySchema.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/internal/resolver/entry?entryPath=${encodeURIComponent(entryPath)}`,
        headers: { [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
      })
    ).json(),
  );

const germany = {
  name: 'Germany campaign',
  targetUrl: 'https://acme.example/de/campaign',
  countries: ['DE', 'AT'],
  languages: ['de'],
  devices: ['ios', 'android'],
  startsAt: '2026-06-01T00:00:00+02:00',
  endsAt: '2026-07-01T00:00:00+02:00',
  batch: 'any',
  serial: 'with',
};

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('the rules of a product link type', () => {
  it('are stored in the order given, read back by type, and replaced whole', async () => {
    const product = await productInProject(t.app, acme, projectIds.Camping);
    const saved = await putRules(acme, { productId: product.productId, linkType: 'gs1:pip', rules: [germany, { targetUrl: 'https://acme.example/ios', devices: ['ios'] }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entry.entryPath);
    const [first, second] = saved.json().result;
    expect(first).toEqual({
      ruleId: expect.any(Number),
      linkType: 'gs1:pip',
      order: 1,
      name: 'Germany campaign',
      targetUrl: 'https://acme.example/de/campaign',
      countries: ['DE', 'AT'],
      languages: ['de'],
      devices: ['ios', 'android'],
      startsAt: '2026-05-31T22:00:00.000Z',
      endsAt: '2026-06-30T22:00:00.000Z',
      batch: 'any',
      serial: 'with',
    });
    expect(second).toMatchObject({ order: 2, name: '', countries: [], devices: ['ios'], startsAt: null, batch: 'any', serial: 'any' });

    await putRules(acme, { productId: product.productId, linkType: 'gs1:dpp', rules: [{ targetUrl: 'https://acme.example/dpp' }] });
    expect((await getRules(acme, `productId=${product.productId}&linkType=gs1:pip`)).json().result.map((rule: { order: number }) => rule.order)).toEqual([1, 2]);
    expect((await getRules(acme, `productId=${product.productId}`)).json().result.map((rule: { linkType: string }) => rule.linkType)).toEqual([
      'gs1:dpp',
      'gs1:pip',
      'gs1:pip',
    ]);

    // Reordered: the list as sent is the new order; an empty list removes them.
    const reordered = await putRules(acme, { productId: product.productId, linkType: 'gs1:pip', rules: [second, first].map(({ ruleId: _id, order: _order, linkType: _type, ...rule }) => rule) });
    expect(reordered.json().result.map((rule: { targetUrl: string }) => rule.targetUrl)).toEqual(['https://acme.example/ios', 'https://acme.example/de/campaign']);
    expect((await putRules(acme, { productId: product.productId, linkType: 'gs1:pip', rules: [] })).json().result).toEqual([]);
    expect((await getRules(acme, `productId=${product.productId}`)).json().result).toHaveLength(1);
  });

  it('answers 400 with each field error and keeps the old list', async () => {
    const product = await productInProject(t.app, acme, projectIds.Camping, 1);
    await putRules(acme, { productId: product.productId, linkType: 'gs1:pip', rules: [germany] });
    const tooMany = Array.from({ length: REDIRECT_RULES_MAX + 1 }, () => ({ targetUrl: 'https://acme.example' }));
    const cases: [object, string[]][] = [
      [{ rules: tooMany }, ['rules']],
      [{ rules: [{ ...germany, name: 'n'.repeat(101) }] }, ['rules.0.name']],
      [{ rules: [{ ...germany, targetUrl: 'ftp://acme.example' }] }, ['rules.0.targetUrl']],
      [{ rules: [{ ...germany, targetUrl: `https://acme.example/${'a'.repeat(2_000)}` }] }, ['rules.0.targetUrl']],
      [{ rules: [{ ...germany, countries: ['XX'] }] }, ['rules.0.countries.0']],
      [{ rules: [{ ...germany, languages: Array.from({ length: 21 }, (_, i) => `l${String.fromCharCode(97 + i)}`) }] }, ['rules.0.languages']],
      [{ rules: [{ ...germany, devices: ['tv'] }] }, ['rules.0.devices.0']],
      [{ rules: [{ ...germany, endsAt: germany.startsAt }] }, ['rules.0.endsAt']],
      [{ rules: [{ ...germany, serial: 'sometimes' }] }, ['rules.0.serial']],
      [{ linkType: 'gs1:unknown' }, ['linkType']],
    ];
    for (const [change, paths] of cases) {
      const response = await putRules(acme, { productId: product.productId, linkType: 'gs1:pip', rules: [germany], ...change });
      expect(response.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(response.json().code).toBe(ERROR_CODES.VALIDATION);
      expect(response.json().details.map((detail: { path: string }) => detail.path)).toEqual(paths);
    }
    expect((await getRules(acme, `productId=${product.productId}&linkType=gs1:pip`)).json().result).toMatchObject([{ name: 'Germany campaign' }]);
  });

  it("answers 404 for another company's product, and a sub-admin needs product access on the product's project", async () => {
    const product = await productInProject(t.app, acme, projectIds['Trail Gear']);
    const body = { productId: product.productId, linkType: 'gs1:pip', rules: [germany] };
    expect((await putRules(nordic, body)).statusCode).toBe(404);
    expect((await getRules(nordic, `productId=${product.productId}`)).statusCode).toBe(404);
    try {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
      expect((await getRules(sub, `productId=${product.productId}`)).statusCode).toBe(200);
      expect((await putRules(sub, body)).statusCode).toBe(403);
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: false, w: false });
      expect((await getRules(sub, `productId=${product.productId}`)).statusCode).toBe(403);
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
      expect((await putRules(sub, body)).statusCode).toBe(200);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
    }
    // A project the sub-admin has no access to at all.
    const camping = await productInProject(t.app, acme, projectIds.Camping, 2);
    expect((await putRules(sub, { ...body, productId: camping.productId })).statusCode).toBe(403);
  });
});

describe("the company's default rules", () => {
  it('are changed by managers only, read by everyone of the company, and drop every entry of the company from the resolver cache', async () => {
    const saved = await putDefaults(acme, { linkType: 'gs1:pip', rules: [{ name: 'Korea', targetUrl: 'https://acme.example/kr', countries: ['KR'] }] });
    expect(saved.statusCode).toBe(200);
    const camping = await productInProject(t.app, acme, projectIds.Camping);
    expect(String(saved.headers[RESOLVER_INVALIDATE_HEADER]).split(',')).toContain(camping.entry.entryPath);
    expect(saved.json().result).toMatchObject([{ name: 'Korea', order: 1, linkType: 'gs1:pip' }]);

    expect((await putDefaults(sub, { linkType: 'gs1:pip', rules: [] })).statusCode).toBe(403);
    expect((await getDefaults(sub, 'linkType=gs1:pip')).json().result).toMatchObject([{ name: 'Korea' }]);
    // Another company has its own defaults.
    expect((await getDefaults(nordic)).json().result).toEqual([]);
    expect((await putDefaults(acme, { linkType: 'gs1:pip', rules: [{ targetUrl: 'https://acme.example/kr', countries: ['KR', 'KR'] }] })).statusCode).toBe(400);
  });
});

describe("the resolver's record", () => {
  it("carries the product's rules and then the company's defaults, in that order, and only the product's own", async () => {
    const product = await productInProject(t.app, acme, projectIds['Winter Collection']);
    const other = await productInProject(t.app, acme, projectIds['Winter Collection'], 1);
    await putDefaults(acme, { linkType: 'gs1:pip', rules: [{ targetUrl: 'https://acme.example/default', countries: ['KR'] }] });
    await putRules(acme, { productId: product.productId, linkType: 'gs1:pip', rules: [germany, { targetUrl: 'https://acme.example/second' }] });
    await putRules(acme, { productId: other.productId, linkType: 'gs1:pip', rules: [{ targetUrl: 'https://acme.example/other' }] });

    const rules = (await resolverRecord(product.entry.entryPath)).rules ?? [];
    expect(rules.map((rule) => [rule.level, rule.targetUrl])).toEqual([
      ['product', 'https://acme.example/de/campaign'],
      ['product', 'https://acme.example/second'],
      ['company', 'https://acme.example/default'],
    ]);
    expect(rules[0]).toMatchObject({ linkType: 'gs1:pip', countries: ['DE', 'AT'], languages: ['de'], devices: ['ios', 'android'], serial: 'with', startsAt: '2026-05-31T22:00:00.000Z' });
  });
});
