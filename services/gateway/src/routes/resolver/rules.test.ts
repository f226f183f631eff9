import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERNAL_TOKEN_HEADER,
  RESOLVER_INVALIDATE_HEADER,
  scanBatchSchema,
  type ResolverEntry,
  type ResolverRule,
  type ScanBatch,
} from '@product-console/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { PASSWORD, USERS } from '../../test/fake-upstream.js';
import { signIn } from '../../test/harness.js';
import { createTestStore, type TestStore } from '../../test/store.js';

/*
 * Redirect rules through the resolver (decision 077): a stand-in API answers a record with rules,
 * as the real one does; the gateway decides each scan from memory (its first answer through
 * Fastify's route, the next ones through the fast path), by the scan's country (geoip-lite, the
 * analytics' geolocation, from the forwarded address), language, device, time, batch and serial.
 */

const INTERNAL_TOKEN = 'rules-test-internal-token-0123456789abc';
const GTIN = '09506000134352';
const ENTRY_PATH = `/01/${GTIN}`;
/** geoip-lite places these in Great Britain and Japan. */
const GB = '81.2.69.142';
const JP = '133.242.0.1';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const BOOTS = 'https://brand.example/boots';
const PASSPORT = 'https://brand.example/boots/passport';
const HOUR = 3_600_000;

function rule(fields: Partial<ResolverRule> & Pick<ResolverRule, 'targetUrl'>): ResolverRule {
  return {
    ruleId: 1,
    level: 'product',
    linkType: 'gs1:pip',
    countries: [],
    languages: [],
    devices: [],
    startsAt: null,
    endsAt: null,
    batch: 'any',
    serial: 'any',
    ...fields,
  };
}

/** The product's rules, then the company's, as the API sends them. */
function rulesNow(): ResolverRule[] {
  const now = Date.now();
  return [
    rule({ targetUrl: 'https://brand.example/de', countries: ['DE'] }),
    rule({ targetUrl: 'https://brand.example/iphone', devices: ['ios'] }),
    rule({ targetUrl: 'https://brand.example/german', languages: ['de'] }),
    rule({ targetUrl: 'https://brand.example/last-year', devices: ['android'], startsAt: new Date(now - 400 * 24 * HOUR).toISOString(), endsAt: new Date(now - 30 * 24 * HOUR).toISOString() }),
    rule({ targetUrl: 'https://brand.example/this-week', devices: ['android'], startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 24 * HOUR).toISOString() }),
    rule({ targetUrl: 'https://brand.example/batch', batch: 'with', serial: 'without' }),
    rule({ targetUrl: 'https://brand.example/serial?from=rule', serial: 'with' }),
    rule({ targetUrl: 'https://brand.example/passport-jp', linkType: 'gs1:dpp', countries: ['JP'] }),
    rule({ level: 'company', targetUrl: 'https://brand.example/uk', countries: ['GB'] }),
  ];
}

function demoEntry(rules = rulesNow()): ResolverEntry {
  return {
    entryPath: ENTRY_PATH,
    entryId: 7,
    productId: 42,
    companyId: 3,
    title: 'Trail boots',
    links: [
      { linkType: 'gs1:pip', href: BOOTS, title: 'Product Information', lang: null, type: 'text/html', isDefault: true, qualifierPath: null, order: 1 },
      { linkType: 'gs1:dpp', href: PASSPORT, title: 'Passport', lang: null, type: 'text/html', isDefault: false, qualifierPath: null, order: 2 },
    ],
    rules,
  };
}

type Scan = ScanBatch['scans'][number];

let upstream: FastifyInstance;
let entry = demoEntry();
const batches: Scan[][] = [];
let store: TestStore;
let first: FastifyInstance;
let second: FastifyInstance;

async function gateway(): Promise<FastifyInstance> {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LANDING_SSR_MODULE: '/nonexistent-landing.js',
      REDIS_URL: store.redisUrl,
      INTERNAL_TOKEN,
      TRUST_PROXY: 'true',
      RESOLVER_SCAN_FLUSH_MS: '60000',
      RESOLVER_SCAN_BATCH_SIZE: '1000',
      SIGN_IN_RATE_LIMIT: '100000',
      BFF_RATE_LIMIT: '100000',
      PUBLIC_RATE_LIMIT: '100000',
    }),
    { store: store.store, storeKeyPrefix: store.keyPrefix, processMetrics: false },
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  upstream = Fastify({ logger: false });
  upstream.get<{ Querystring: { entryPath?: string } }>('/api/internal/resolver/entry', async (req, reply) => {
    if (req.headers[INTERNAL_TOKEN_HEADER] !== INTERNAL_TOKEN) return reply.code(401).send({ code: 'E401005', message: 'no' });
    return req.query.entryPath === ENTRY_PATH ? entry : reply.code(404).send({ code: 'E404001', message: 'not found' });
  });
  upstream.post<{ Body: ScanBatch }>('/api/internal/resolver/scans', async (req) => {
    batches.push(scanBatchSchema.parse(req.body).scans);
    return { accepted: req.body.scans.length };
  });
  upstream.post<{ Body: { email: string; password: string } }>('/api/auth/sign/in', async (req, reply) => {
    const user = USERS[req.body.email];
    if (!user || req.body.password !== PASSWORD) return reply.code(401).send({ code: 'E401001', message: 'no' });
    return { Authorization: 'Bearer rules-access', authToken: 'rules-refresh', user };
  });
  // The API's rule change: the record is replaced and the entry path named for invalidation.
  upstream.put<{ Body: { rules: ResolverRule[] } }>('/api/entry/links/rules', async (req, reply) => {
    entry = demoEntry(req.body.rules);
    reply.header(RESOLVER_INVALIDATE_HEADER, ENTRY_PATH);
    return { result: [] };
  });
  await upstream.listen({ host: '127.0.0.1', port: 0 });
  store = createTestStore();
  first = await gateway();
  second = await gateway();
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await store?.cleanup();
  await upstream?.close();
});

interface From {
  address?: string;
  agent?: string;
  language?: string;
}

/** Scans twice (the second answer comes from memory, before Fastify) and checks both agree; answers the Location. */
async function scan(path: string, { address = JP, agent = DESKTOP, language }: From = {}, app = first): Promise<string> {
  const locations: string[] = [];
  for (let i = 0; i < 2; i++) {
    let call = request(app.server).get(path).redirects(0).set('X-Forwarded-For', address).set('User-Agent', agent);
    if (language) call = call.set('Accept-Language', language);
    const res = await call.expect(307);
    locations.push(res.headers.location);
  }
  expect(locations[1]).toBe(locations[0]);
  return locations[0];
}

describe('redirect rules in the resolver', () => {
  it("takes the product's first matching rule, then the company's defaults, then the link's own target", async () => {
    // An iPhone in Britain: the product's device rule comes before the company's British rule.
    expect(await scan(`/01/${GTIN}`, { address: GB, agent: IPHONE })).toBe('https://brand.example/iphone');
    // A desktop in Britain: no product rule takes it; the company's default does.
    expect(await scan(`/01/${GTIN}`, { address: GB })).toBe('https://brand.example/uk');
    // A desktop in Japan: no rule; the link.
    expect(await scan(`/01/${GTIN}`, { address: JP })).toBe(BOOTS);
    // A private address has no country: country rules match nothing.
    expect(await scan(`/01/${GTIN}`, { address: '10.1.2.3' })).toBe(BOOTS);
  });

  it('reads the language the visitor wants most, by its primary language too', async () => {
    expect(await scan(`/01/${GTIN}`, { language: 'de-AT,en;q=0.5' })).toBe('https://brand.example/german');
    expect(await scan(`/01/${GTIN}`, { language: 'en;q=0.4,de;q=0.2' })).toBe(BOOTS);
  });

  it('holds a rule to its campaign window', async () => {
    // The android rule of last year is over; this week's applies.
    expect(await scan(`/01/${GTIN}`, { agent: ANDROID })).toBe('https://brand.example/this-week');
  });

  it('tells a code with a batch or a serial from a plain one', async () => {
    expect(await scan(`/01/${GTIN}/10/LOT7`)).toBe('https://brand.example/batch');
    expect(await scan(`/01/${GTIN}/10/LOT7/21/S1`)).toBe('https://brand.example/serial?from=rule');
    expect(await scan(`/01/${GTIN}/21/S1`)).toBe('https://brand.example/serial?from=rule');
  });

  it('applies the rules of the link type asked for only', async () => {
    expect(await scan(`/01/${GTIN}?linkType=gs1:dpp`, { address: JP })).toBe('https://brand.example/passport-jp');
    expect(await scan(`/01/${GTIN}?linkType=gs1:dpp`, { address: GB, agent: IPHONE })).toBe(PASSPORT);
  });

  it('passes campaign parameters on to the rule target and counts the scan by its campaign', async () => {
    const before = batches.length;
    const target = await scan(`/01/${GTIN}?utm_campaign=spring%20sale&utm_source=label&utm_medium=print`, { address: GB });
    expect(target).toBe('https://brand.example/uk?utm_campaign=spring%20sale&utm_source=label&utm_medium=print');
    expect(await scan(`/01/${GTIN}/21/S1?utm_campaign=x&from=scan`)).toBe('https://brand.example/serial?from=rule&utm_campaign=x');
    const recording = await gateway();
    await request(recording.server).get(`/01/${GTIN}?utm_campaign=${'c'.repeat(150)}`).redirects(0).expect(307);
    await request(recording.server).get(`/01/${GTIN}?linkType=linkset&utm_campaign=newsletter`).expect(200);
    await recording.close();
    await first.close();
    first = await gateway();
    const scans = batches.slice(before).flat();
    expect(scans.filter((one) => one.campaign === 'spring sale')).toHaveLength(2);
    expect(scans.filter((one) => one.campaign === 'x')).toHaveLength(2);
    expect(scans.find((one) => one.campaign?.startsWith('ccc'))?.campaign).toBe('c'.repeat(100));
    expect(scans.find((one) => one.linkType === 'linkset')?.campaign).toBe('newsletter');
  });

  it('lists the links in the link set, never a rule target', async () => {
    const res = await request(first.server).get(`/01/${GTIN}?linkType=linkset`).set('X-Forwarded-For', GB).set('User-Agent', IPHONE).expect(200);
    const hrefs = JSON.stringify(JSON.parse(res.text));
    expect(hrefs).toContain(BOOTS);
    expect(hrefs).toContain(PASSPORT);
    expect(hrefs).not.toContain('brand.example/iphone');
    expect(hrefs).not.toContain('brand.example/uk');
  });

  it('follows a rule change on every replica at once, like a link change', async () => {
    expect(await scan(`/01/${GTIN}`, { address: GB }, second)).toBe('https://brand.example/uk');
    const cookie = await signIn(first, 'manager@demo.example');
    const saved = await request(first.server)
      .put('/bff/api/entry/links/rules')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .send({ rules: [rule({ targetUrl: 'https://brand.example/everyone' })] })
      .expect(200);
    expect(saved.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
    expect(await scan(`/01/${GTIN}`, { address: GB }, second)).toBe('https://brand.example/everyone');
    expect(await scan(`/01/${GTIN}`, { address: JP }, first)).toBe('https://brand.example/everyone');
    await request(first.server).put('/bff/api/entry/links/rules').set('Cookie', cookie).set('X-CSRF', '1').send({ rules: [] }).expect(200);
    expect(await scan(`/01/${GTIN}`, { address: GB }, second)).toBe(BOOTS);
  });

  it("never lets a rule lead past a recall: a recalled code's default is the notice, whatever the rules say", async () => {
    const cookie = await signIn(first, 'manager@demo.example');
    await request(first.server)
      .put('/bff/api/entry/links/rules')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .send({ rules: [rule({ targetUrl: 'https://brand.example/everyone' }), rule({ level: 'company', targetUrl: 'https://brand.example/uk', countries: ['GB'] })] })
      .expect(200);
    entry = { ...entry, recalls: [{ recallId: 9, startsAt: '2026-01-01T00:00:00.000Z', scope: 'batches', lots: ['BAD'], serials: [], serialFrom: null, serialTo: null, href: 'https://brand.example/recall/9' }] };
    await first.resolution.invalidate([ENTRY_PATH]);
    try {
      expect(await scan(`/01/${GTIN}/10/BAD`, { address: GB, agent: IPHONE })).toBe('https://brand.example/recall/9');
      expect(await scan(`/01/${GTIN}/10/BAD/21/S1`, { address: GB })).toBe('https://brand.example/recall/9');
      // Another lot is not recalled: the rules choose as before. A link type asked for by name keeps its rules.
      expect(await scan(`/01/${GTIN}/10/GOOD`, { address: GB })).toBe('https://brand.example/everyone');
      expect(await scan(`/01/${GTIN}/10/BAD?linkType=gs1:pip`, { address: GB })).toBe('https://brand.example/everyone');
    } finally {
      entry = demoEntry();
      await first.resolution.invalidate([ENTRY_PATH]);
    }
  });
});

