import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * Findings of the second probe, replayed through the gateway against the real API: a stored file
 * path that leads a visitor's browser elsewhere is refused; a passport's documents go with its
 * landing page; odd input (EPCIS nested 2 000 levels, a PNG with broken data, days in year 1 or
 * 9999) answers 400, never 500; a webhook on a private host and access overrides on names every
 * object has are refused; the public reads beside a landing (product info, links, contents, design)
 * close with it.
 */

let stack: Stack;
let manager: string;
let apiKey: string;
let productId: number;
let entryPath: string;
let gtin: string;

const http = () => request(stack.gateway.server);
const get = (path: string, cookie = manager) => http().get(path).set('Cookie', cookie);
const send = (method: 'post' | 'put', path: string, body: object, cookie = manager) => http()[method](path).set('Cookie', cookie).set('X-CSRF', '1').send(body);
const epcis = (path: string, body: unknown, contentType = 'application/ld+json') =>
  http().post(path).set('Authorization', `Bearer ${apiKey}`).set('Content-Type', contentType).send(JSON.stringify(body));

/** A 400 answer whose field errors name `paths`. */
function expectFieldErrors(res: request.Response, paths: string[]) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe('E400001');
  expect((res.body.details as { path: string }[]).map((detail) => detail.path).sort()).toEqual([...paths].sort());
}

function expectProblem(res: request.Response) {
  expect(res.status, res.text).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.body.type).toBe('epcisException:ValidationException');
}

/** `levels` nested objects under an extension key. */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { 'acme:level': value };
  return value;
}

const CONTEXT = ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { acme: 'https://acme.example.com/epcis/' }];

beforeAll(async () => {
  stack = await startStack();
  manager = await signInThroughGateway(stack.gateway, 'manager@demo.example');
  apiKey = (await send('post', '/bff/api/auth/api-keys', { name: 'Probe' }).expect(201)).body.result.key;
  // A DPP product of Acme's prefix with a trace, made the way the console makes one.
  gtin = '00614142099909';
  const created = await http()
    .post('/bff/api/product/?service=DPP')
    .set('Cookie', manager)
    .set('X-CSRF', '1')
    .field('product', JSON.stringify([{ project_id: (await get('/bff/api/project/all').expect(200)).body.result[0].project_id, product_name: 'Probe Lamp', gtin }]));
  expect(created.status, created.text).toBe(201);
  productId = created.body.productId;
  entryPath = (await get(`/bff/api/product/?productId=${productId}`).expect(200)).body.entry.entryPath;
  await http().put(`/bff/api/trace/start?productId=${productId}`).set('Cookie', manager).set('X-CSRF', '1').expect(200);
});
afterAll(async () => {
  await stack?.close();
});

describe("a product page's stored file paths", () => {
  it('refuse a path that climbs out of the product folder to a console address, in blocks and as the logo', async () => {
    const climb = `/files/content/${productId}/%2e%2e/%2e%2e/%2e%2e/api/product/qr?productId=${productId}&download=1`;
    expectFieldErrors(
      await send('put', '/bff/api/product/content', { productId, contents: [{ type: 'image', inputs: [{ languageCode: 'DEFAULT', inputData: climb }] }] }),
      ['contents.0.inputs.0.inputData'],
    );
    const design = (await get(`/bff/api/product/design?productId=${productId}`).expect(200)).body.result;
    expectFieldErrors(
      await send('put', '/bff/api/product/design', { productId, design: { ...design, logo: { logoType: 'image', logoText: '', logoImage: climb } } }),
      ['design.logo.logoImage'],
    );
    expect((await get(`/bff/api/product/content?productId=${productId}`).expect(200)).body.result).toEqual([]);
  });
});

describe('odd input answers 400, never 500', () => {
  it('a PNG whose header is right over broken data, on the content media upload', async () => {
    const picture = Buffer.from(readFileSync(new URL('../fixtures/product-blue.png', import.meta.url)));
    const data = picture.indexOf('IDAT') + 4;
    picture.fill(0xaa, data, data + 16);
    const res = await http()
      .post(`/bff/api/product/content/media?productId=${productId}`)
      .set('Cookie', manager)
      .set('X-CSRF', '1')
      .attach('file', picture, { filename: 'probe.png', contentType: 'image/png' });
    expectFieldErrors(res, ['file']);
  });

  it('dashboard days in year 1 or 9999', async () => {
    expectFieldErrors(await get('/bff/api/analytics/dashboard?from=0001-01-01&to=0001-01-31'), ['from', 'to']);
    expectFieldErrors(await get('/bff/api/analytics/dashboard?from=9999-12-30&to=9999-12-31'), ['from', 'to']);
  });

  it('EPCIS extensions nested 2 000 levels deep, on /epcis and on the console add-event call', async () => {
    const event = {
      type: 'ObjectEvent',
      eventTime: '2026-03-01T09:00:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: [`https://id.gs1.org/01/${gtin}/21/P1`],
      action: 'OBSERVE',
      'acme:probe': nested(2000),
    };
    expectProblem(await epcis('/epcis/events', { '@context': CONTEXT, ...event }));
    expectProblem(await epcis('/epcis/capture', { '@context': CONTEXT, type: 'EPCISDocument', schemaVersion: '2.0', creationDate: '2026-03-01T10:00:00.000+01:00', epcisBody: { eventList: [event] } }));
    expectFieldErrors(await send('post', `/bff/api/trace/events?productId=${productId}`, { '@context': CONTEXT, ...event }), ['acme:probe']);
  });
});

describe('webhooks and access overrides', () => {
  it('refuse a webhook on a private host written with a trailing dot', async () => {
    await epcis('/epcis/queries', { name: 'probe-hooks', query: { EQ_bizStep: ['shipping'] } }, 'application/json').expect(201);
    for (const dest of ['http://localhost./hook', 'http://metadata.google.internal./computeMetadata/v1/']) {
      const refused = await epcis('/epcis/queries/probe-hooks/subscriptions', { dest, stream: true }, 'application/json');
      expect(refused.status, refused.text).toBe(400);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('refuse constructor and toString as passport field paths', async () => {
    expectFieldErrors(await send('put', '/bff/api/product/passport', { productId, template: 'core', data: {}, accessOverrides: { constructor: 'authority', toString: 'authority' } }), [
      'accessOverrides.constructor',
      'accessOverrides.toString',
    ]);
  });
});

describe("a passport's public document", () => {
  it('is served only while the landing shows its product: not once the entry is deactivated or the company is no longer approved', async () => {
    const upload = await http()
      .post(`/bff/api/product/passport/document?productId=${productId}`)
      .set('Cookie', manager)
      .set('X-CSRF', '1')
      .attach('file', Buffer.from('%PDF-1.7\n%%EOF\n'), { filename: 'doc.pdf', contentType: 'application/pdf' })
      .expect(200);
    const path = upload.body.result.path as string;
    const data = {
      uniqueProductIdentifier: `https://id.gs1.org/01/${gtin}`,
      granularity: 'model',
      manufacturer: { name: 'Acme Outdoor Ltd' },
      complianceDocuments: [{ kind: 'declarationOfConformity', title: 'EU declaration of conformity', filePath: path }],
    };
    await send('put', '/bff/api/product/passport', { productId, template: 'core', data }).expect(200);
    await send('post', '/bff/api/product/passport/publish', { productId }).expect(200);
    const publicFile = () => http().get(`/bff/public${path}`);
    expect((await publicFile()).status).toBe(200);

    await send('put', '/bff/api/entry/entries/', { entryPath, isActive: false }).expect(200);
    expect((await publicFile()).status).toBe(404);
    await send('put', '/bff/api/entry/entries/', { entryPath, isActive: true }).expect(200);
    expect((await publicFile()).status).toBe(200);

    const superAdmin = await signInThroughGateway(stack.gateway, 'super@demo.example');
    const customers = (await get('/bff/api/service/super/customer/list', superAdmin).expect(200)).body.result as { customerId: number; serviceName: string }[];
    const acme = customers.find((customer) => customer.serviceName === 'acme')!;
    await send('put', '/bff/api/service/super/customer/permission', { customerId: acme.customerId, permission: false }, superAdmin).expect(200);
    expect((await publicFile()).status).toBe(404);
  });
});

describe("a product's public reads beside its landing", () => {
  it('answer 404 E404001, as the landing does, while the entry is deactivated or once the company is no longer approved', async () => {
    const superAdmin = await signInThroughGateway(stack.gateway, 'super@demo.example');
    const customers = (await get('/bff/api/service/super/customer/list', superAdmin).expect(200)).body.result as { customerId: number; serviceName: string }[];
    const acme = customers.find((customer) => customer.serviceName === 'acme')!;
    const setApproval = (permission: boolean) => send('put', '/bff/api/service/super/customer/permission', { customerId: acme.customerId, permission }, superAdmin).expect(200);
    // The previous block leaves the company unapproved.
    await setApproval(true);
    const owner = await signInThroughGateway(stack.gateway, 'manager@demo.example');
    const setActive = (isActive: boolean) => send('put', '/bff/api/entry/entries/', { entryPath, isActive }, owner).expect(200);

    const reads = ['preview-productInfo', 'preview-links', 'preview-contents', 'design'].map((read) => `/bff/public/product/landing-page/${read}?productId=${productId}`);
    const expectShown = async () => {
      for (const read of reads) expect((await http().get(read)).status, read).toBe(200);
    };
    const expectHidden = async () => {
      for (const read of reads) {
        const res = await http().get(read);
        expect(res.status, read).toBe(404);
        expect(res.body.code).toBe('E404001');
      }
    };

    await expectShown();
    await setActive(false);
    await expectHidden();
    await setActive(true);
    await expectShown();

    await setApproval(false);
    await expectHidden();
    await setApproval(true);
    await expectShown();
  });
});
