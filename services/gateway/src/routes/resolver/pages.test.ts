import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTERNAL_TOKEN_HEADER, type ResolverEntry } from '@product-console/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestStore, type TestStore } from '../../test/store.js';

/*
 * The resolver's own pages for people (400: the code leads nowhere; 404: no product, no page of
 * that kind) in the visitor's language, chosen from Accept-Language with English as the fallback.
 * Programs asking for JSON get the same answers as before, whatever their Accept-Language.
 */

const INTERNAL_TOKEN = 'resolver-pages-test-internal-token-0123456789';
const GTIN = '09506000134352';
const UNKNOWN_GTIN = '00000000000017';
const BOOTS = 'https://brand.example/boots';

const entry: ResolverEntry = {
  entryPath: `/01/${GTIN}`,
  entryId: 7,
  productId: 42,
  companyId: 3,
  title: 'Trail boots',
  links: [{ linkType: 'gs1:pip', href: BOOTS, title: 'Product Information', lang: null, type: 'text/html', isDefault: true, qualifierPath: null, order: 1 }],
};

let upstream: FastifyInstance;
let gateway: FastifyInstance;
let store: TestStore;

beforeAll(async () => {
  upstream = Fastify({ logger: false });
  upstream.get('/healthz', async () => ({ status: 'ok' }));
  upstream.get<{ Querystring: { entryPath?: string } }>('/api/internal/resolver/entry', async (req, reply) => {
    if (req.headers[INTERNAL_TOKEN_HEADER] !== INTERNAL_TOKEN) return reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: 'no' });
    if (req.query.entryPath === entry.entryPath) return entry;
    return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'not found' });
  });
  upstream.post('/api/internal/resolver/scans', async () => ({ result: true }));
  await upstream.listen({ host: '127.0.0.1', port: 0 });

  store = createTestStore();
  gateway = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      REDIS_URL: store.redisUrl,
      INTERNAL_TOKEN,
      RESOLVER_SCAN_FLUSH_MS: '60000',
    }),
    { store: store.store, storeKeyPrefix: store.keyPrefix, processMetrics: false },
  );
  await gateway.ready();
});
afterAll(async () => {
  await gateway?.close();
  await store?.cleanup();
  await upstream?.close();
});

/** What a phone's browser sends when it opens a scanned code. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function open(url: string, acceptLanguage?: string) {
  const req = request(gateway.server).get(url).redirects(0).set('Accept', BROWSER_ACCEPT);
  return acceptLanguage === undefined ? req : req.set('Accept-Language', acceptLanguage);
}

const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the 404 page of a code no product has', () => {
  it('is Korean for a Korean phone: lang, title, heading and text', async () => {
    const res = await open(`/01/${UNKNOWN_GTIN}`, 'ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7').expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-language']).toBe('ko');
    expect(htmlLang(res.text)).toBe('ko');
    expect(title(res.text)).toBe('제품을 찾을 수 없습니다');
    expect(heading(res.text)).toBe('제품을 찾을 수 없습니다');
    expect(res.text).toContain('이 코드에 해당하는 제품을 찾지 못했습니다.');
    expect(res.text).not.toContain('Product not found');
  });

  it('is English for a language the pages are not written in, and without Accept-Language', async () => {
    for (const acceptLanguage of ['fr-FR,fr;q=0.9', 'x-klingon', undefined]) {
      const res = await open(`/01/${UNKNOWN_GTIN}`, acceptLanguage).expect(404);
      expect(htmlLang(res.text)).toBe('en');
      expect(title(res.text)).toBe('Product not found');
      expect(res.text).toContain('We could not find a product for this code.');
    }
  });

  it('takes the most wanted language the pages have, by quality, matched on the primary subtag', async () => {
    const japanese = await open(`/01/${UNKNOWN_GTIN}`, 'fr-CH, fr;q=0.9, it;q=0.4, ja-JP;q=0.5').expect(404);
    expect(htmlLang(japanese.text)).toBe('ja');
    expect(heading(japanese.text)).toBe('製品が見つかりません');
    const chinese = await open(`/01/${UNKNOWN_GTIN}`, 'zh-TW').expect(404);
    expect(htmlLang(chinese.text)).toBe('zh');
    expect(heading(chinese.text)).toBe('未找到产品');
    const italian = await open(`/01/${UNKNOWN_GTIN}`, 'it-IT,it;q=0.9,en;q=0.5').expect(404);
    expect(htmlLang(italian.text)).toBe('it');
    expect(heading(italian.text)).toBe('Prodotto non trovato');
  });

  it('stands alone: no script, no other file, a policy that allows none, and caches keep one copy per language', async () => {
    const res = await open(`/01/${UNKNOWN_GTIN}`, 'ko').expect(404);
    expect(res.text).not.toMatch(/<script|<link|<img|<iframe|src=|url\(/i);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the JSON answer for programs as it was, whatever their language', async () => {
    const res = await request(gateway.server).get(`/01/${UNKNOWN_GTIN}`).set('Accept', 'application/json').set('Accept-Language', 'ko').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ code: 'E404001', message: 'No product is registered under this GS1 Digital Link URI.' });
  });
});

describe('the 400 page of a code that is not a Digital Link', () => {
  const BAD = '/01/09506000134353';

  it.each([
    ['en', 'This code does not lead anywhere', 'Please check that you scanned the whole code.'],
    ['ko', '이 코드로는 이동할 수 없습니다', '코드 전체가 스캔되었는지 확인해 주세요.'],
    ['ja', 'このコードからはページを開けません', 'コード全体を読み取ったかご確認ください。'],
    ['zh', '此码无法打开任何页面', '请确认已扫描完整的码。'],
    ['it', 'Questo codice non porta da nessuna parte', 'Verifica di aver inquadrato tutto il codice.'],
  ])('speaks %s', async (language, expectedHeading, hint) => {
    const res = await open(BAD, `${language};q=0.9`).expect(400);
    expect(htmlLang(res.text)).toBe(language);
    expect(title(res.text)).toBe(expectedHeading);
    expect(res.text).toContain(hint);
  });

  it('keeps its JSON answer with the reason', async () => {
    const res = await request(gateway.server).get(BAD).set('Accept-Language', 'it').expect(400);
    expect(res.body).toMatchObject({ code: 'E400001', message: 'This is not a valid GS1 Digital Link URI.', details: [{ path: 'uri' }] });
    expect(res.body.details[0].message).toMatch(/check digit/);
  });
});

describe('the 404 page of a link type the product lacks', () => {
  it('names the link type in the visitor language and offers the product page', async () => {
    const res = await open(`/01/${GTIN}?linkType=gs1:smartLabel`, 'ko-KR').expect(404);
    expect(htmlLang(res.text)).toBe('ko');
    // The product's own name heads the page; the text names the missing kind of page in Korean.
    expect(heading(res.text)).toBe('Trail boots');
    expect(res.text).toContain('이 제품에는 ‘스마트 라벨’ 페이지가 없습니다.');
    expect(res.text).toContain(`<a href="${BOOTS}">제품 페이지 보기</a>`);
  });

  it('never repeats a link type the visitor made up, in any language', async () => {
    const res = await open(`/01/${GTIN}?linkType=${encodeURIComponent('<b>x</b>')}`, 'it').expect(404);
    expect(res.text).toContain('Questo prodotto non ha una pagina del tipo richiesto.');
    expect(res.text).not.toContain('<b>');
    const json = await request(gateway.server).get(`/01/${GTIN}?linkType=gs1:smartLabel`).set('Accept', 'application/json').expect(404);
    expect(json.body).toEqual({ code: 'E404001', message: 'This product has no link of the requested type (Smart Label).' });
  });
});
