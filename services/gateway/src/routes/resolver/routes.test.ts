import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { standardsPath } from '../../../../../tests/fixtures/standards/index.mjs';
import {
  ERROR_CODES,
  INTERNAL_TOKEN_HEADER,
  RESOLVER_INVALIDATE_HEADER,
  type ResolverEntry,
  type ResolverLink,
  scanBatchSchema,
  type ScanBatch,
} from '@product-console/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { PASSWORD, USERS } from '../../test/fake-upstream.js';
import { signIn } from '../../test/harness.js';
import { expectEachEncoding } from '../../test/encodings.js';
import { createTestStore, type TestStore } from '../../test/store.js';

// ----- a stand-in for the API's side of the resolver -----

/**
 * A stand-in for the API's side of the resolver: the internal routes (resolution data, scan
 * batches, behind the internal token), sign-in, and link calls that change an entry and answer
 * `x-resolver-invalidate` as the real API does.
 */

const INTERNAL_TOKEN = 'resolver-test-internal-token-0123456789';
/** A valid GTIN-14 (check digit 2) and the GTIN-13 it pads from. */
const GTIN = '09506000134352';
const GTIN13 = '9506000134352';
const ENTRY_PATH = `/01/${GTIN}`;

type Scan = ScanBatch['scans'][number];

interface ResolverApi {
  url: string;
  entries: Map<string, ResolverEntry>;
  /** Lookups that reached the API, per entry path. */
  lookups: Map<string, number>;
  /** Scan batches received, in order. */
  batches: Scan[][];
  /** Each batch's User-Agents, which its scans name by index. */
  agents: string[][];
  /** Answer lookups with 500; delay them. */
  options: { failLookups: boolean; lookupDelayMs: number };
  close(): Promise<void>;
}

function link(overrides: Partial<ResolverLink> & Pick<ResolverLink, 'linkType' | 'href'>): ResolverLink {
  return { title: '', lang: null, type: 'text/html', isDefault: false, qualifierPath: null, order: 1, ...overrides };
}

/** A product with a landing page (default), a passport in two languages and a serial of its own. */
function demoEntry(): ResolverEntry {
  return {
    entryPath: ENTRY_PATH,
    entryId: 7,
    productId: 42,
    companyId: 3,
    title: 'Trail boots',
    links: [
      link({ linkType: 'gs1:pip', href: 'https://brand.example/boots', title: 'Product Information', isDefault: true, order: 1, lang: 'en' }),
      link({ linkType: 'gs1:pip', href: 'https://brand.example/ko/boots', title: '제품 정보', order: 2, lang: 'ko' }),
      link({ linkType: 'gs1:dpp', href: 'https://brand.example/boots/passport?v=2', title: 'Digital Product Passport', order: 3, lang: 'en-GB' }),
      link({ linkType: 'gs1:dpp', href: 'https://brand.example/boots/passport-any', title: 'Digital Product Passport', order: 4 }),
      link({ linkType: 'gs1:dpp', href: 'https://brand.example/it/boots/passport', title: 'Passaporto digitale', order: 5, lang: 'it' }),
      link({ linkType: 'gs1:traceability', href: 'https://brand.example/trace/S1', title: 'Traceability', order: 1, qualifierPath: '/21/S1' }),
      link({ linkType: 'gs1:pip', href: 'https://brand.example/boots/S1', title: 'Your pair', order: 2, qualifierPath: '/21/S1' }),
    ],
  };
}

async function startResolverApi(): Promise<ResolverApi> {
  const app = Fastify({ logger: false });
  const api: ResolverApi = {
    url: '',
    entries: new Map([[ENTRY_PATH, demoEntry()]]),
    lookups: new Map(),
    batches: [],
    agents: [],
    options: { failLookups: false, lookupDelayMs: 0 },
    close: () => app.close(),
  };
  let nextLinkId = 100;
  const linkIds = new Map<number, { entryPath: string; href: string }>();

  const internal = (headers: Record<string, unknown>) => headers[INTERNAL_TOKEN_HEADER] === INTERNAL_TOKEN;
  const signedIn = (headers: Record<string, unknown>) => headers.authorization === 'Bearer resolver-test-access';

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get<{ Querystring: { entryPath?: string } }>('/api/internal/resolver/entry', async (request, reply) => {
    if (!internal(request.headers)) return reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: 'no' });
    const entryPath = request.query.entryPath ?? '';
    api.lookups.set(entryPath, (api.lookups.get(entryPath) ?? 0) + 1);
    if (api.options.lookupDelayMs) await new Promise((resolve) => setTimeout(resolve, api.options.lookupDelayMs));
    if (api.options.failLookups) return reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: 'boom' });
    const entry = api.entries.get(entryPath);
    if (!entry) return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'not found' });
    return entry;
  });

  app.post<{ Body: { scans: Scan[]; agents?: string[] } }>('/api/internal/resolver/scans', async (request, reply) => {
    if (!internal(request.headers)) return reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: 'no' });
    // What the API would refuse fails here too.
    scanBatchSchema.parse(request.body);
    api.batches.push(request.body.scans);
    api.agents.push(request.body.agents ?? []);
    return { result: true };
  });

  app.post<{ Body: { email: string; password: string } }>('/api/auth/sign/in', async (request, reply) => {
    const user = USERS[request.body.email];
    if (!user || request.body.password !== PASSWORD) return reply.code(401).send({ code: ERROR_CODES.INVALID_CREDENTIALS, message: 'no' });
    return { Authorization: 'Bearer resolver-test-access', authToken: 'resolver-test-refresh', user };
  });
  app.post('/api/auth/sign/out', async () => ({ result: true }));

  app.post<{ Body: { entryPath: string; linkType: string; targetUrl: string } }>('/api/entry/links/', async (request, reply) => {
    if (!signedIn(request.headers)) return reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: 'no' });
    const entry = api.entries.get(request.body.entryPath);
    if (!entry) return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'not found' });
    const linkId = nextLinkId++;
    linkIds.set(linkId, { entryPath: entry.entryPath, href: request.body.targetUrl });
    // Records are replaced, never changed in place, as the real API answers new JSON each time.
    api.entries.set(entry.entryPath, {
      ...entry,
      links: [...entry.links, link({ linkType: request.body.linkType, href: request.body.targetUrl, title: 'Added', order: 50 })],
    });
    reply.header(RESOLVER_INVALIDATE_HEADER, entry.entryPath);
    return { result: { linkId } };
  });

  app.delete<{ Querystring: { linkId: string } }>('/api/entry/links/', async (request, reply) => {
    if (!signedIn(request.headers)) return reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: 'no' });
    const known = linkIds.get(Number(request.query.linkId));
    const entry = known && api.entries.get(known.entryPath);
    if (!known || !entry) return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'not found' });
    api.entries.set(entry.entryPath, { ...entry, links: entry.links.filter((l) => l.href !== known.href) });
    reply.header(RESOLVER_INVALIDATE_HEADER, `${entry.entryPath}, /01/00000000000000`);
    return { result: true };
  });

  // A batch link, as the API's batch routes answer it (the gateway knows no batch route: only the header).
  app.post<{ Body: { entryPath: string; lot: string; linkType: string; targetUrl: string; isDefault?: boolean } }>('/api/entry/batches/links', async (request, reply) => {
    if (!signedIn(request.headers)) return reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: 'no' });
    const entry = api.entries.get(request.body.entryPath);
    if (!entry) return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'not found' });
    const { linkType, targetUrl: href, isDefault = false } = request.body;
    api.entries.set(entry.entryPath, { ...entry, links: [...entry.links, link({ linkType, href, isDefault, qualifierPath: `/10/${encodeURIComponent(request.body.lot)}` })] });
    reply.header(RESOLVER_INVALIDATE_HEADER, entry.entryPath);
    return reply.code(201).send({ result: { batchLinkId: 1 } });
  });

  // A call that changes nothing the resolver serves: no header.
  app.put('/api/product/nfc', async () => ({ result: true }));

  app.get<{ Querystring: { productId?: string } }>('/api/product/landing-page/preview-productInfo', async (request) => ({
    result: { productId: Number(request.query.productId), productName: 'Trail boots' },
    sawAuthorization: request.headers.authorization !== undefined,
  }));

  await app.listen({ host: '127.0.0.1', port: 0 });
  api.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return api;
}

interface ResolverGateway {
  app: FastifyInstance;
  store: TestStore;
  close(): Promise<void>;
}

/**
 * A gateway in front of the stand-in, on the test store (Redis when the suite has one). Apps
 * given the same store play replicas: same store, same key prefix, same invalidation channel.
 */
async function startResolverGateway(
  api: ResolverApi,
  env: Record<string, string> = {},
  shared?: TestStore,
): Promise<ResolverGateway> {
  const store = shared ?? createTestStore();
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: api.url,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      // The landing's own renderer is tested in routes/landing; here its paths fall to the console.
      LANDING_SSR_MODULE: '/nonexistent-landing.js',
      REDIS_URL: store.redisUrl,
      INTERNAL_TOKEN,
      SIGN_IN_RATE_LIMIT: '100000',
      BFF_RATE_LIMIT: '100000',
      ...env,
    }),
    { store: store.store, storeKeyPrefix: store.keyPrefix, processMetrics: false },
  );
  await app.ready();
  return {
    app,
    store,
    async close() {
      await app.close();
      if (!shared) await store.cleanup();
    },
  };
}

// ----- the tests -----

/*
 * The checks of the GS1 resolver conformance test suite (github.com/gs1/GS1DL-resolver-testsuite),
 * against the gateway with a stand-in API: redirects, link types, link sets, errors, CORS.
 */

const schemaPath = standardsPath('gs1-linkset/gs1-linkset-schema.json');
const BOOTS = 'https://brand.example/boots';

let api: ResolverApi;
let gw: ResolverGateway;
let origin: string;
let validateLinkset: Ajv.ValidateFunction;

beforeAll(async () => {
  api = await startResolverApi();
  gw = await startResolverGateway(api, { RESOLVER_SCAN_FLUSH_MS: '60000', RESOLVER_SCAN_BATCH_SIZE: '1000' });
  await gw.app.listen({ host: '127.0.0.1', port: 0 });
  const address = gw.app.server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
  validateLinkset = new Ajv().compile(JSON.parse(await readFile(schemaPath, 'utf8')));
});
afterAll(async () => {
  await gw?.close();
  await api?.close();
});

const get = (url: string) => request(gw.app.server).get(url).redirects(0);

/** The links of a Link header: `<href>; rel="..."; ...` split on the commas between links. */
function parseLinkHeader(header: string) {
  return header.split(/,\s*(?=<)/).map((part) => {
    const href = /^<([^>]*)>/.exec(part)?.[1];
    const params = Object.fromEntries([...part.matchAll(/;\s*([\w*]+)="?([^";]*)"?/g)].map((m) => [m[1], m[2]]));
    return { href, ...params } as { href: string; rel: string; title?: string; type?: string; hreflang?: string };
  });
}

describe('redirects', () => {
  it('redirects a plain scan with 307 to the default link, with the link set in a Link header', async () => {
    const res = await get(`/01/${GTIN}`).expect(307);
    expect(res.headers.location).toBe(BOOTS);
    expect(res.headers['cache-control']).toBe('no-store');
    const links = parseLinkHeader(res.headers.link);
    expect(links).toEqual([
      { href: `${origin}/01/${GTIN}?linkType=linkset`, rel: 'linkset', type: 'application/linkset+json' },
    ]);
    expect(res.text).toBe('');
  });

  it('normalises a GTIN-13 to 14 digits', async () => {
    const res = await get(`/01/${GTIN13}`).expect(307);
    expect(res.headers.location).toBe(BOOTS);
    expect(res.headers.link).toContain(`<${origin}/01/${GTIN}?linkType=linkset>`);
  });

  it('redirects to the requested link type, in its short and its full URI form', async () => {
    const short = await get(`/01/${GTIN}?linkType=gs1:dpp`).expect(307);
    expect(short.headers.location).toBe('https://brand.example/boots/passport?v=2');
    const full = await get(`/01/${GTIN}?linkType=${encodeURIComponent('https://gs1.org/voc/dpp')}`).expect(307);
    expect(full.headers.location).toBe(short.headers.location);
  });

  it('does not repeat a link type it does not know in its 404 answers', async () => {
    const asked = encodeURIComponent('<img src=x onerror=alert(1)>');
    const json = await get(`/01/${GTIN}?linkType=${asked}`).set('Accept', 'application/json').expect(404);
    expect(json.body).toEqual({ code: 'E404001', message: 'This product has no link of the requested type.' });
    const page = await get(`/01/${GTIN}?linkType=${asked}`).set('Accept', 'text/html').expect(404);
    expect(page.text).not.toMatch(/img|onerror/);
  });

  it('answers 404 for a link type the product does not have, never a redirect', async () => {
    const json = await get(`/01/${GTIN}?linkType=gs1:smartLabel`).set('Accept', 'application/json').expect(404);
    expect(json.body).toMatchObject({ code: 'E404001' });
    expect(json.headers.location).toBeUndefined();
    const page = await get(`/01/${GTIN}?linkType=gs1:smartLabel`).set('Accept', 'text/html,*/*').expect(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Smart Label');
    expect(page.text).toContain(`href="${BOOTS}"`);
  });

  it('passes other query parameters on, merged with the target own query', async () => {
    const res = await get(`/01/${GTIN}?foo=bar&linkType=gs1:dpp&v=9`).expect(307);
    expect(res.headers.location).toBe('https://brand.example/boots/passport?v=2&foo=bar');
    const plain = await get(`/01/${GTIN}?utm_source=label`).expect(307);
    expect(plain.headers.location).toBe(`${BOOTS}?utm_source=label`);
  });

  it('tolerates a trailing slash', async () => {
    const withSlash = await get(`/01/${GTIN}/`).expect(307);
    expect(withSlash.headers.location).toBe(BOOTS);
    const typed = await get(`/01/${GTIN}/?linkType=gs1:dpp`).expect(307);
    expect(typed.headers.location).toBe('https://brand.example/boots/passport?v=2');
  });

  it("takes a serial's own links first and walks up to the product's for the rest", async () => {
    expect((await get(`/01/${GTIN}/21/S1`).expect(307)).headers.location).toBe('https://brand.example/boots/S1');
    expect((await get(`/01/${GTIN}/21/S1?linkType=gs1:traceability`).expect(307)).headers.location).toBe('https://brand.example/trace/S1');
    expect((await get(`/01/${GTIN}/21/S1?linkType=gs1:dpp`).expect(307)).headers.location).toBe('https://brand.example/boots/passport?v=2');
    // An unknown serial walks up too; another serial's links are not its own.
    expect((await get(`/01/${GTIN}/21/OTHER`).expect(307)).headers.location).toBe(BOOTS);
    await get(`/01/${GTIN}/21/OTHER?linkType=gs1:traceability`).expect(404);
    // A lot before the serial names the same item: the serial's own links still come first.
    expect((await get(`/01/${GTIN}/10/LOT7/21/S1?linkType=gs1:pip`).expect(307)).headers.location).toBe('https://brand.example/boots/S1');
  });

  it('chooses among links of one type by Accept-Language', async () => {
    const pip = (lang: string) => get(`/01/${GTIN}`).set('Accept-Language', lang).expect(307);
    const dpp = (lang: string) => get(`/01/${GTIN}?linkType=gs1:dpp`).set('Accept-Language', lang).expect(307);
    expect((await pip('ko')).headers.location).toBe('https://brand.example/ko/boots');
    expect((await pip('ko-KR,ko;q=0.9,en;q=0.8')).headers.location).toBe('https://brand.example/ko/boots');
    expect((await pip('en-US')).headers.location).toBe(BOOTS);
    // Exact, then the same primary language; a preferred language wins over a later exact one.
    expect((await dpp('en-US, it')).headers.location).toBe('https://brand.example/boots/passport?v=2');
    expect((await dpp('fr, it;q=0.5')).headers.location).toBe('https://brand.example/it/boots/passport');
    // No match: the link for any language.
    expect((await dpp('fr')).headers.location).toBe('https://brand.example/boots/passport-any');
  });

  it('answers a repeated scan (from memory, before the router) exactly like the first', async () => {
    const headersOf = (res: request.Response) => {
      const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
      return rest;
    };
    // A host not seen before: the first answer comes from the resolver's route.
    const first = await get(`/01/${GTIN}/21/S1?utm=1`).set('Host', 'id.brand.example').set('Accept-Language', 'ko').expect(307);
    const again = await get(`/01/${GTIN}/21/S1?utm=1`).set('Host', 'id.brand.example').set('Accept-Language', 'ko').set('X-Request-Id', 'scan-42').expect(307);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(again.headers.location).toBe('https://brand.example/boots/S1?utm=1');
    expect(again.headers.link).toContain('<http://id.brand.example/01/09506000134352/21/S1?linkType=linkset>');
    expect(again.headers['x-request-id']).toBe('scan-42');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await request(gw.app.server).head(`/01/${GTIN}`).redirects(0).expect(307);
    expect(res.headers.location).toBe(BOOTS);
    expect(res.headers.link).toContain('rel="linkset"');
  });
});

describe('link sets', () => {
  it.each([
    ['?linkType=linkset', {}],
    ['?linkType=all', {}],
    ['', { Accept: 'application/linkset+json' }],
  ])('answers an RFC 9264 link set for %s %j, valid against the GS1 schema', async (query, headers) => {
    const res = await get(`/01/${GTIN}${query}`).set(headers).buffer(true).parse((r, done) => {
      let text = '';
      r.on('data', (chunk: Buffer) => (text += chunk.toString()));
      r.on('end', () => done(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const body = JSON.parse(res.body as string);
    expect(validateLinkset(body), JSON.stringify(validateLinkset.errors)).toBe(true);
    const [context] = body.linkset;
    expect(context.anchor).toBe(`${origin}/01/${GTIN}`);
    expect(context.itemDescription).toBe('Trail boots');
    // The default link carries only href and title; the link of its type keeps type and hreflang.
    expect(context['https://gs1.org/voc/defaultLink']).toEqual([{ href: BOOTS, title: 'Product Information' }]);
    expect(context['https://gs1.org/voc/pip'].map((l: { href: string }) => l.href)).toEqual([BOOTS, 'https://brand.example/ko/boots']);
    expect(context['https://gs1.org/voc/pip'][0]).toMatchObject({ href: BOOTS, type: 'text/html', hreflang: ['en'] });
    expect(context['https://gs1.org/voc/dpp']).toHaveLength(3);
    // The serial's links are not the product's.
    expect(context['https://gs1.org/voc/traceability']).toBeUndefined();
  });

  it("gives a serial's link set its own anchor and links", async () => {
    const res = await get(`/01/${GTIN}/21/S1?linkType=linkset`).expect(200);
    const body = JSON.parse(res.text);
    expect(validateLinkset(body)).toBe(true);
    expect(body.linkset[0].anchor).toBe(`${origin}/01/${GTIN}/21/S1`);
    expect(body.linkset[0]['https://gs1.org/voc/traceability'][0].href).toBe('https://brand.example/trace/S1');
    expect(body.linkset[0]['https://gs1.org/voc/defaultLink'][0].href).toBe('https://brand.example/boots/S1');
  });

  it('sends a link set compressed as the client asks, and varies by Accept and by encoding', async () => {
    // A product with its page, passport and instructions in twelve languages: a link set of a few KB.
    const path = '/01/09506000134376';
    const languages = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pl', 'sv', 'ko', 'ja', 'zh', 'pt'];
    api.entries.set(path, {
      ...demoEntry(),
      entryPath: path,
      links: ['gs1:pip', 'gs1:dpp', 'gs1:instructions'].flatMap((linkType, t) =>
        languages.map((lang, i) =>
          link({ linkType, href: `https://brand.example/${lang}/boots/${linkType.slice(4)}`, title: `Trail boots (${lang})`, lang, isDefault: t === 0 && i === 0, order: i + 1 }),
        ),
      ),
    });
    const { identity } = await expectEachEncoding(gw.app, `${path}?linkType=linkset`, { vary: ['Accept'] });
    expect(validateLinkset(JSON.parse(identity.decoded.toString('utf8')))).toBe(true);
    await expectEachEncoding(gw.app, path, { headers: { accept: 'application/linkset+json' }, vary: ['Accept'] });
  });

  it('serves plain JSON to a client that asks for application/json only', async () => {
    const res = await get(`/01/${GTIN}?linkType=all`).set('Accept', 'application/json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.linkset[0].anchor).toBe(`${origin}/01/${GTIN}`);
  });
});

describe('batches (lots)', () => {
  /** A product with a batch certificate and lab report on lot L/26 (stored percent-encoded), and a serial link. */
  const BATCH_GTIN = '09506000134383';
  const batchEntry = (): ResolverEntry => ({
    ...demoEntry(),
    entryPath: `/01/${BATCH_GTIN}`,
    links: [
      link({ linkType: 'gs1:pip', href: BOOTS, title: 'Product Information', isDefault: true, order: 1 }),
      link({ linkType: 'gs1:certificationInfo', href: 'https://brand.example/certificate', title: 'Authentication', order: 2 }),
      link({ linkType: 'gs1:homepage', href: 'https://brand.example/', title: 'Brand', order: 3 }),
      link({ linkType: 'gs1:pip', href: 'https://brand.example/boots/S9', title: 'Your pair', order: 1, qualifierPath: '/21/S9' }),
      link({ linkType: 'gs1:certificationInfo', href: 'https://lab.example/L26-certificate.pdf', title: 'Batch certificate', order: 1, isDefault: true, qualifierPath: '/10/L%2F26' }),
      link({ linkType: 'gs1:certificationInfo', href: 'https://lab.example/L26-lab-report.pdf', title: 'Lab report', order: 2, qualifierPath: '/10/L%2F26' }),
      link({ linkType: 'gs1:certificationInfo', href: 'https://lab.example/OTHER.pdf', title: 'Batch certificate', order: 1, qualifierPath: '/10/OTHER' }),
    ],
  });
  const lotPath = `/01/${BATCH_GTIN}/10/L%2F26`;

  beforeAll(() => {
    api.entries.set(`/01/${BATCH_GTIN}`, batchEntry());
  });

  it("takes a batch's own links first for /10/{lot}, then walks up to the product's", async () => {
    // The batch's default link is the plain scan's answer; its other types are the product's.
    expect((await get(lotPath).expect(307)).headers.location).toBe('https://lab.example/L26-certificate.pdf');
    expect((await get(`${lotPath}?linkType=gs1:homepage`).expect(307)).headers.location).toBe('https://brand.example/');
    // Another lot has none of its own: the product's.
    expect((await get(`/01/${BATCH_GTIN}/10/NEW?linkType=gs1:certificationInfo`).expect(307)).headers.location).toBe('https://brand.example/certificate');
    expect((await get(`/01/${BATCH_GTIN}/10/NEW`).expect(307)).headers.location).toBe(BOOTS);
  });

  it('resolves /10/{lot}/21/{serial}: the serial, then the batch, then the product', async () => {
    const item = `${lotPath}/21/S9`;
    // The plain scan takes the default link's type (the batch's certificate, marked default); each type its most specific link.
    expect((await get(item).expect(307)).headers.location).toBe('https://lab.example/L26-certificate.pdf');
    expect((await get(`${item}?linkType=gs1:pip`).expect(307)).headers.location).toBe('https://brand.example/boots/S9');
    expect((await get(`${item}?linkType=gs1:certificationInfo`).expect(307)).headers.location).toBe('https://lab.example/L26-certificate.pdf');
    expect((await get(`${item}?linkType=gs1:homepage`).expect(307)).headers.location).toBe('https://brand.example/');
    // A serial without links of its own under the lot: the product's for its type.
    expect((await get(`${lotPath}/21/S10?linkType=gs1:pip`).expect(307)).headers.location).toBe(BOOTS);
  });

  it('accepts an expiry date (?17=YYMMDD) and passes it on to the target', async () => {
    const res = await get(`${lotPath}?17=270131`).expect(307);
    expect(res.headers.location).toBe('https://lab.example/L26-certificate.pdf?17=270131');
  });

  it('lists each level of the link set: the resolved set for the request, then the product with its own links', async () => {
    const res = await get(`${lotPath}/21/S9?linkType=linkset`).expect(200);
    const body = JSON.parse(res.text);
    expect(validateLinkset(body), JSON.stringify(validateLinkset.errors)).toBe(true);
    const [request, batch, product] = body.linkset;
    expect(request.anchor).toBe(`${origin}${lotPath}/21/S9`);
    expect(request['https://gs1.org/voc/pip'].map((l: { href: string }) => l.href)).toEqual(['https://brand.example/boots/S9']);
    expect(batch.anchor).toBe(`${origin}${lotPath}`);
    expect(batch['https://gs1.org/voc/certificationInfo'].map((l: { title: string }) => l.title)).toEqual(['Batch certificate', 'Lab report']);
    expect(batch['https://gs1.org/voc/pip']).toBeUndefined();
    expect(product.anchor).toBe(`${origin}/01/${BATCH_GTIN}`);
    expect(product['https://gs1.org/voc/pip'][0].href).toBe(BOOTS);
    expect(product['https://gs1.org/voc/certificationInfo'][0].href).toBe('https://brand.example/certificate');
    expect(body.linkset).toHaveLength(3);
  });

  it('shows a change of a batch link on every replica at once', async () => {
    const first = await gateway();
    const second = await gateway({}, first);
    await scan(first, `/01/${BATCH_GTIN}/10/NEW`).expect(307);
    expect((await scan(second, `/01/${BATCH_GTIN}/10/NEW`).expect(307)).headers.location).toBe(BOOTS);

    const cookie = await signIn(first.app, 'manager@demo.example');
    const added = await request(first.app.server)
      .post('/bff/api/entry/batches/links')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .send({ batchId: 5, entryPath: `/01/${BATCH_GTIN}`, lot: 'NEW', linkType: 'gs1:certificationInfo', targetUrl: 'https://lab.example/NEW.pdf', isDefault: true })
      .expect(201);
    expect(added.headers['x-resolver-invalidate']).toBeUndefined();
    expect((await scan(second, `/01/${BATCH_GTIN}/10/NEW`).expect(307)).headers.location).toBe('https://lab.example/NEW.pdf');
    expect((await scan(first, `/01/${BATCH_GTIN}/10/NEW`).expect(307)).headers.location).toBe('https://lab.example/NEW.pdf');
  });
});

describe('recalls', () => {
  const RECALL_GTIN = '09506000134390';
  const notice = '/acme/product-details/42/preview/verification';
  const recall = (overrides: Partial<NonNullable<ResolverEntry['recalls']>[number]> = {}) => ({
    recallId: 1,
    startsAt: '2026-01-01T00:00:00.000Z',
    scope: 'batches' as const,
    lots: ['BAD'],
    serials: ['S-IN-BAD'],
    serialFrom: null,
    serialTo: null,
    href: notice,
    ...overrides,
  });
  /** The API's record changes as a recall starts or ends, and the API's answer then drops the cached one (as the batch test shows). */
  const setRecalls = async (recalls: NonNullable<ResolverEntry['recalls']>) => {
    api.entries.set(`/01/${RECALL_GTIN}`, { ...demoEntry(), entryPath: `/01/${RECALL_GTIN}`, links: demoEntry().links.slice(0, 2), recalls });
    await gw.app.resolution.invalidate([`/01/${RECALL_GTIN}`]);
  };

  it("answers a recalled batch's codes with the recall notice, other codes as before", async () => {
    await setRecalls([recall()]);
    const lot = await get(`/01/${RECALL_GTIN}/10/BAD`).expect(307);
    expect(lot.headers.location).toBe(`${origin}${notice}?lot=BAD`);
    // The batch's serial, with or without its lot in the code.
    expect((await get(`/01/${RECALL_GTIN}/10/BAD/21/S1`).expect(307)).headers.location).toBe(`${origin}${notice}?serial=S1&lot=BAD`);
    expect((await get(`/01/${RECALL_GTIN}/21/S-IN-BAD`).expect(307)).headers.location).toBe(`${origin}${notice}?serial=S-IN-BAD`);
    // Another lot, the product itself: the default link. An asked link type still answers.
    expect((await get(`/01/${RECALL_GTIN}/10/GOOD`).expect(307)).headers.location).toBe(BOOTS);
    expect((await get(`/01/${RECALL_GTIN}`).expect(307)).headers.location).toBe(BOOTS);
    expect((await get(`/01/${RECALL_GTIN}/10/BAD?linkType=gs1:pip`).expect(307)).headers.location).toBe(BOOTS);
    expect((await get(`/01/${RECALL_GTIN}/10/BAD?linkType=gs1:recallStatus`).expect(307)).headers.location).toBe(`${origin}${notice}?lot=BAD`);
  });

  it('carries the notice in the link set as gs1:recallStatus and the default link', async () => {
    await setRecalls([recall({ recallId: 2, scope: 'product', lots: [], serials: [] })]);
    const body = JSON.parse((await get(`/01/${RECALL_GTIN}?linkType=linkset`).expect(200)).text);
    expect(validateLinkset(body), JSON.stringify(validateLinkset.errors)).toBe(true);
    expect(body.linkset[0]['https://gs1.org/voc/recallStatus']).toEqual([{ href: `${origin}${notice}`, title: 'Recall notice', type: 'text/html' }]);
    expect(body.linkset[0]['https://gs1.org/voc/defaultLink'][0].href).toBe(`${origin}${notice}`);
  });

  it('reaches a range of serials, and a scheduled recall only from its start', async () => {
    await setRecalls([recall({ recallId: 3, scope: 'serials', lots: [], serials: [], serialFrom: '0100', serialTo: '0199' })]);
    expect((await get(`/01/${RECALL_GTIN}/21/150`).expect(307)).headers.location).toBe(`${origin}${notice}?serial=150`);
    expect((await get(`/01/${RECALL_GTIN}/21/0200`).expect(307)).headers.location).toBe(BOOTS);

    const startsAt = Date.now() + 1_500;
    await setRecalls([recall({ recallId: 4, scope: 'product', lots: [], serials: [], startsAt: new Date(startsAt).toISOString() })]);
    const gw = await gateway();
    expect((await scan(gw, `/01/${RECALL_GTIN}/21/X1`).expect(307)).headers.location).toBe(BOOTS);
    await new Promise((resolve) => setTimeout(resolve, startsAt - Date.now() + 50));
    expect((await scan(gw, `/01/${RECALL_GTIN}/21/X1`).expect(307)).headers.location).toMatch(/\/preview\/verification\?serial=X1$/);
  });

  it('records scans answered with the notice as gs1:recallStatus', async () => {
    await setRecalls([recall({ recallId: 5, scope: 'product', lots: [], serials: [] })]);
    const gw = await gateway({ RESOLVER_SCAN_FLUSH_MS: '10', RESOLVER_SCAN_BATCH_SIZE: '1' });
    const before = api.batches.length;
    await scan(gw, `/01/${RECALL_GTIN}`).expect(307);
    await expect.poll(() => api.batches.slice(before).flat().some((scan) => scan.entryPath === `/01/${RECALL_GTIN}` && scan.linkType === 'gs1:recallStatus')).toBe(true);
  });
});

describe('errors', () => {
  it.each([
    ['a wrong check digit', `/01/09506000134353`],
    ['an unknown application identifier', `/01/${GTIN}/99/X`],
    ['qualifiers out of order', `/01/${GTIN}/21/S1/10/LOT7`],
    ['a convenience alpha', `/gtin/${GTIN}`],
    ['a convenience alpha with qualifiers', `/gtin/${GTIN}/21/S1`],
    ['an odd number of segments', `/01/${GTIN}/foo`],
    ['a primary key that is not one', `/99/123456`],
    ['a key without a value', `/01`],
  ])('answers 400 for %s (%s), never 200 or a redirect', async (_name, url) => {
    const json = await get(url).set('Accept', 'application/json').expect(400);
    expect(json.body).toMatchObject({ code: 'E400001', details: [{ path: 'uri' }] });
    expect(json.headers.location).toBeUndefined();
    const page = await get(url).set('Accept', 'text/html').expect(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('This code does not lead anywhere');
  });

  it('says why a URI is refused', async () => {
    expect((await get('/01/09506000134353').expect(400)).body.details[0].message).toMatch(/check digit/);
    expect((await get(`/01/${GTIN}/21/S1/10/LOT7`).expect(400)).body.details[0].message).toMatch(/order 22, 10, 21/);
  });

  it('answers 404 for a valid GTIN no product has: a page for people, JSON for programs', async () => {
    const json = await get('/01/00000000000017').expect(404);
    expect(json.body).toMatchObject({ code: 'E404001' });
    const page = await get('/01/00000000000017').set('Accept', 'text/html').expect(404);
    expect(page.text).toContain('Product not found');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the API cannot be asked and nothing is cached', async () => {
    api.options.failLookups = true;
    try {
      const res = await get('/01/00000000000024').expect(503);
      expect(res.body).toMatchObject({ code: 'E503001' });
    } finally {
      api.options.failLookups = false;
    }
  });
});

describe('CORS and the resolver description', () => {
  it('lets any origin read answers and preflight', async () => {
    const res = await get(`/01/${GTIN}`).set('Origin', 'https://app.example').expect(307);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toMatch(/Link/);
    expect(res.headers['access-control-expose-headers']).toMatch(/Location/);
    const preflight = await request(gw.app.server)
      .options(`/01/${GTIN}`)
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'accept-language')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toBe('accept-language');
    const errorAnswer = await get('/01/09506000134353').expect(400);
    expect(errorAnswer.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps a Host header it was sent out of any shared copy of its description', async () => {
    const fromHost = await get('/.well-known/gs1resolver').set('Host', 'evil.example').expect(200);
    expect(fromHost.headers['cache-control']).toBe('no-store');

    const configured = await startResolverGateway(api, { RESOLVER_ORIGIN: 'https://id.brand.example' });
    try {
      const res = await request(configured.app.server).get('/.well-known/gs1resolver').set('Host', 'evil.example').expect(200);
      expect(res.body.resolverRoot).toBe('https://id.brand.example');
      expect(res.text).not.toContain('evil.example');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    } finally {
      await configured.close();
    }
  });

  it('describes itself at /.well-known/gs1resolver', async () => {
    const res = await get('/.well-known/gs1resolver').expect(200);
    expect(res.body).toMatchObject({
      resolverRoot: origin,
      supportedPrimaryKeys: expect.arrayContaining(['01', '414']),
      supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
    });
    expect(res.body.linkTypes).toContainEqual({ linkType: 'gs1:pip', uri: 'https://gs1.org/voc/pip', title: 'Product Information' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('metrics', () => {
  it('counts resolver answers by outcome and cache lookups', async () => {
    await get(`/01/${GTIN}`).expect(307);
    await get('/01/09506000134353').expect(400);
    const text = (await get('/metrics').expect(200)).text;
    expect(text).toMatch(/bff_resolver_requests_total\{outcome="redirect"\} [1-9]/);
    expect(text).toMatch(/bff_resolver_requests_total\{outcome="bad_request"\} [1-9]/);
    expect(text).toMatch(/bff_resolver_cache_hits_total\{level="memory"\} [1-9]/);
    expect(text).toMatch(/bff_resolver_cache_misses_total [1-9]/);
  });
});

describe('routing beside the console', () => {
  let web: ResolverGateway;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'resolver-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    web = await startResolverGateway(api, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('wins over the console fallback for Digital Links and leaves service-name paths to the console', async () => {
    const scan = await request(web.app.server).get(`/01/${GTIN}`).set('Accept', 'text/html').redirects(0).expect(307);
    expect(scan.headers.location).toBe(BOOTS);
    for (const consolePath of ['/acme/dashboard/main-overview', '/gtin/dashboard/main-overview', '/gtin', '/acme2/product-details/5/preview']) {
      const res = await request(web.app.server).get(consolePath).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<title>console</title>');
    }
  });
});

describe('scan records', () => {
  it('sends scans in one batch once a batch is full, and what is left when the gateway closes', async () => {
    const recording = await startResolverGateway(api, { RESOLVER_SCAN_FLUSH_MS: '60000', RESOLVER_SCAN_BATCH_SIZE: '3' });
    const batchesBefore = api.batches.length;
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
    const server = recording.app.server;
    await request(server).get(`/01/${GTIN}`).set('User-Agent', iphone).set('Accept-Language', 'ko-KR,ko;q=0.9').redirects(0).expect(307);
    await request(server).head(`/01/${GTIN}`).set('User-Agent', iphone).redirects(0).expect(307); // not a scan
    await request(server).get('/01/09506000134353').expect(400); // not a scan
    await request(server).get(`/01/${GTIN}/21/S1?linkType=gs1:traceability`).set('User-Agent', android).redirects(0).expect(307);
    await request(server).get(`/01/${GTIN}?linkType=linkset`).set('User-Agent', desktop).expect(200);
    await expect.poll(() => api.batches.length).toBe(batchesBefore + 1);
    // A serial without links of its own is still the serial's scan (the API keeps it when registered).
    await request(server).get(`/01/${GTIN}/21/NO%2FLINKS`).set('User-Agent', iphone).redirects(0).expect(307);
    await request(server).get(`/01/${GTIN}/21/NO%2FLINKS?linkType=linkset`).set('User-Agent', iphone).expect(200);
    await request(server).get(`/01/${GTIN}/21/NO%2FLINKS`).set('User-Agent', iphone).redirects(0).expect(307);
    await expect.poll(() => api.batches.length).toBe(batchesBefore + 2);
    expect(api.batches[batchesBefore + 1].map((scan) => [scan.qualifierPath, scan.linkType])).toEqual([
      ['/21/NO%2FLINKS', 'gs1:pip'],
      ['/21/NO%2FLINKS', 'linkset'],
      ['/21/NO%2FLINKS', 'gs1:pip'],
    ]);
    const batch = api.batches[batchesBefore];
    const ip = expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    expect(batch).toEqual([
      { entryPath: ENTRY_PATH, qualifierPath: null, linkType: 'gs1:pip', lang: 'ko-KR', device: 'ios', at: expect.any(String), ip, agent: 0 },
      { entryPath: ENTRY_PATH, qualifierPath: '/21/S1', linkType: 'gs1:traceability', lang: null, device: 'android', at: expect.any(String), ip, agent: 1 },
      { entryPath: ENTRY_PATH, qualifierPath: null, linkType: 'linkset', lang: null, device: 'desktop', at: expect.any(String), ip, agent: 2 },
    ]);
    // Each User-Agent once per batch.
    expect(api.agents[batchesBefore]).toEqual([iphone, android, desktop]);
    expect(Date.parse(batch[0].at)).toBeGreaterThan(Date.now() - 60_000);

    await request(server).get(`/01/${GTIN}`).set('User-Agent', 'curl/8.5').redirects(0).expect(307);
    await recording.close();
    expect(api.batches[batchesBefore + 2]).toEqual([
      { entryPath: ENTRY_PATH, qualifierPath: null, linkType: 'gs1:pip', lang: null, device: 'other', at: expect.any(String), ip, agent: 0 },
    ]);
    expect(api.agents[batchesBefore + 2]).toEqual(['curl/8.5']);
  });

  it('carries the forwarded client address behind a trusted proxy, on the cached fast path too, and a long or odd User-Agent cut and escaped', async () => {
    const recording = await startResolverGateway(api, { RESOLVER_SCAN_FLUSH_MS: '60000', RESOLVER_SCAN_BATCH_SIZE: '100', TRUST_PROXY: 'true' });
    const batchesBefore = api.batches.length;
    const server = recording.app.server;
    const odd = `Mozilla/5.0 "quoted" \\ back\u00e9 ${'x'.repeat(600)}`;
    // The first answer loads the entry (Fastify's route); the next ones come from the cache (the fast path).
    for (const address of ['81.2.69.142', '133.242.0.1', '2001:db8::7']) {
      await request(server).get(`/01/${GTIN}`).set('X-Forwarded-For', `${address}, 10.0.0.2`).set('User-Agent', odd).redirects(0).expect(307);
    }
    await recording.close();
    const batch = api.batches[batchesBefore];
    // The nearest untrusted hop is the last one in the list when everything is trusted: the proxy's own 10.0.0.2 is not the client.
    expect(batch.map((scan) => scan.ip)).toEqual(['81.2.69.142', '133.242.0.1', '2001:db8::7']);
    expect(batch.map((scan) => scan.agent)).toEqual([0, 0, 0]);
    expect(api.agents[batchesBefore]).toEqual([odd.slice(0, 512)]);
  });

  it('sends the socket address when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    const recording = await startResolverGateway(api, { RESOLVER_SCAN_FLUSH_MS: '60000', RESOLVER_SCAN_BATCH_SIZE: '100' });
    const batchesBefore = api.batches.length;
    for (let i = 0; i < 2; i++) {
      await request(recording.app.server).get(`/01/${GTIN}`).set('X-Forwarded-For', '81.2.69.142').redirects(0).expect(307);
    }
    await recording.close();
    expect(api.batches[batchesBefore].map((scan) => scan.ip)).toEqual([expect.stringMatching(/127\.0\.0\.1|::1/), expect.stringMatching(/127\.0\.0\.1|::1/)]);
    expect(api.batches[batchesBefore][0].agent).toBeNull();
    expect(api.agents[batchesBefore]).toEqual([]);
  });

  it("records no scan of a wine e-label's code (untracked), on the cached path either, and still answers it", async () => {
    const winePath = '/01/09506000134369';
    api.entries.set(winePath, { ...demoEntry(), entryPath: winePath, entryId: 8, productId: 43, title: 'Riesling 2024', untracked: true });
    const recording = await startResolverGateway(api, { RESOLVER_SCAN_FLUSH_MS: '60000', RESOLVER_SCAN_BATCH_SIZE: '100' });
    const batchesBefore = api.batches.length;
    const server = recording.app.server;
    // The first answer loads the record, the next ones would come from the cache.
    for (let i = 0; i < 3; i++) {
      const answer = await request(server).get(winePath).redirects(0).expect(307);
      expect(answer.headers.location).toBe('https://brand.example/boots');
    }
    await request(server).get(`${winePath}?linkType=linkset`).expect(200);
    await request(server).get(`${winePath}/21/S1?linkType=gs1:traceability`).redirects(0).expect(307);
    // Another product's scan in the same time is recorded as ever.
    await request(server).get(ENTRY_PATH).redirects(0).expect(307);
    await recording.close();
    const recorded = api.batches.slice(batchesBefore).flat();
    expect(recorded.map((scan) => scan.entryPath)).toEqual([ENTRY_PATH]);
    api.entries.delete(winePath);
  });
});

describe('the public landing page calls', () => {
  it('pass without a session or bearer', async () => {
    const res = await get('/bff/public/product/landing-page/preview-productInfo?productId=42').expect(200);
    expect(res.body).toMatchObject({ result: { productId: 42 }, sawAuthorization: false });
  });
});

// Gateways a cache test starts; closed after each test.
const open: ResolverGateway[] = [];
afterEach(async () => {
  for (const started of open.splice(0).reverse()) await started.close();
});

async function gateway(env: Record<string, string> = {}, shared?: ResolverGateway) {
  const started = await startResolverGateway(api, env, shared?.store);
  open.push(started);
  return started;
}

const scan = (started: ResolverGateway, url: string) => request(started.app.server).get(url).redirects(0);
const lookups = (entryPath = ENTRY_PATH) => api.lookups.get(entryPath) ?? 0;

describe('the resolver cache, through the gateway', () => {
  it('makes one API call for 50 concurrent scans of an entry it does not hold', async () => {
    const gw = await gateway();
    api.options.lookupDelayMs = 50;
    try {
      const before = lookups();
      const answers = await Promise.all(Array.from({ length: 50 }, () => scan(gw, `/01/${GTIN}`)));
      expect(answers.every((res) => res.status === 307 && res.headers.location === 'https://brand.example/boots')).toBe(true);
      expect(lookups() - before).toBe(1);
      await scan(gw, `/01/${GTIN}?linkType=gs1:dpp`).expect(307);
      expect(lookups() - before).toBe(1);
    } finally {
      api.options.lookupDelayMs = 0;
    }
  });

  it('remembers unknown entries too', async () => {
    const gw = await gateway();
    const unknown = '/01/00000000000031';
    await scan(gw, unknown).expect(404);
    await scan(gw, unknown).expect(404);
    expect(lookups(unknown)).toBe(1);
  });

  it("lets a second replica use the first one's lookup from the shared store", async () => {
    const first = await gateway();
    const second = await gateway({}, first);
    const before = lookups();
    await scan(first, `/01/${GTIN}`).expect(307);
    await scan(second, `/01/${GTIN}`).expect(307);
    expect(lookups() - before).toBe(1);
  });

  it('shows a link change on every replica at once, and never shows the browser the header', async () => {
    const first = await gateway();
    const second = await gateway({}, first);
    // Both replicas hold the entry in memory.
    await scan(first, `/01/${GTIN}`).expect(307);
    await scan(second, `/01/${GTIN}`).expect(307);
    await scan(second, `/01/${GTIN}?linkType=gs1:homepage`).expect(404);

    const cookie = await signIn(first.app, 'manager@demo.example');
    const added = await request(first.app.server)
      .post('/bff/api/entry/links/')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .send({ productId: 42, entryId: 7, entryPath: ENTRY_PATH, linkType: 'gs1:homepage', targetUrl: 'https://brand.example/home' })
      .expect(200);
    expect(added.headers['x-resolver-invalidate']).toBeUndefined();

    const onSecond = await scan(second, `/01/${GTIN}?linkType=gs1:homepage`).expect(307);
    expect(onSecond.headers.location).toBe('https://brand.example/home');
    expect((await scan(first, `/01/${GTIN}?linkType=gs1:homepage`).expect(307)).headers.location).toBe('https://brand.example/home');

    const removed = await request(first.app.server)
      .delete(`/bff/api/entry/links/?linkId=${added.body.result.linkId}&entryPath=${encodeURIComponent(ENTRY_PATH)}&entryId=7`)
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .expect(200);
    expect(removed.headers['x-resolver-invalidate']).toBeUndefined();
    await scan(second, `/01/${GTIN}?linkType=gs1:homepage`).expect(404);
    await scan(first, `/01/${GTIN}?linkType=gs1:homepage`).expect(404);
  });

  it('keeps the API internal routes away from browsers', async () => {
    const gw = await gateway();
    const cookie = await signIn(gw.app, 'manager@demo.example');
    const before = lookups();
    for (const path of ['/bff/api/internal/resolver/entry', '/bff/api/%69nternal/resolver/entry', '/bff/api//internal/resolver/scans']) {
      await request(gw.app.server).get(`${path}?entryPath=${encodeURIComponent(ENTRY_PATH)}`).set('Cookie', cookie).expect(404);
    }
    expect(lookups()).toBe(before);
  });

  it('resolves from the API when Redis is down', async () => {
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        UPSTREAM_URL: api.url,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        REDIS_URL: 'redis://127.0.0.1:1',
        INTERNAL_TOKEN,
        STORE_TIMEOUT_MS: '200',
      }),
      { processMetrics: false },
    );
    try {
      await app.ready();
      const res = await request(app.server).get(`/01/${GTIN}`).redirects(0).expect(307);
      expect(res.headers.location).toBe('https://brand.example/boots');
    } finally {
      await app.close();
    }
  });

  it('answers from an expired copy while the API is away, rather than failing', async () => {
    const gw = await gateway({ RESOLVER_CACHE_TTL_SECONDS: '1' });
    await scan(gw, `/01/${GTIN}`).expect(307);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    api.options.failLookups = true;
    try {
      // The shared store's copy expired with it; the API fails; the old answer stands.
      expect((await scan(gw, `/01/${GTIN}`).expect(307)).headers.location).toBe('https://brand.example/boots');
    } finally {
      api.options.failLookups = false;
    }
  });
});
