import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';

/*
 * The GS1 resolver of the gateway on the real API: a demo product's code resolves to its landing
 * page, and a link added or deleted in the console resolves differently at once (the API's
 * x-resolver-invalidate answer drops the gateway's cached resolution).
 */

const PASSWORD = 'Demo-pass-2026';
let stack: Stack;
let cookie: string;

interface ProductSummary {
  productId: number;
  entry_id: number | null;
  gtin: string | null;
}
interface ShownLink {
  linkId: number;
  linkType: string;
  targetUrl: string;
  lang: string | null;
  qualifierId: number | null;
}

beforeAll(async () => {
  stack = await startStack();
  const res = await request(stack.gateway.server)
    .post('/bff/auth/sign-in')
    .set('X-CSRF', '1')
    .send({ email: 'manager@demo.example', password: PASSWORD })
    .expect(200);
  const sid = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  cookie = sid.split(';', 1)[0];
});
afterAll(async () => {
  await stack?.close();
});

const api = (path: string) => request(stack.gateway.server).get(`/bff/api${path}`).set('Cookie', cookie);
const scan = (path: string) => request(stack.gateway.server).get(path).redirects(0);

describe('GS1 resolver on the real API', () => {
  it("resolves a demo product's code, and shows a link change at once", async () => {
    const products = (await api('/product/all?page=1&size=20').expect(200)).body.result as ProductSummary[];
    const product = products.find((p) => p.gtin && p.entry_id);
    if (!product?.gtin || !product.entry_id) throw new Error('no demo product with a GTIN');
    const entryPath = `/01/${product.gtin}`;

    const shown = (await api(`/entry/links/active?productId=${product.productId}`).expect(200)).body.result as ShownLink[];
    const pip = shown.find((link) => link.linkType === 'gs1:pip' && link.qualifierId === null);
    expect(pip, 'demo products have a product information link').toBeDefined();

    const plain = await scan(entryPath).expect(307);
    expect(shown.map((link) => link.targetUrl)).toContain(plain.headers.location);
    expect((await scan(`${entryPath}?linkType=gs1:pip`).expect(307)).headers.location).toBe(pip?.targetUrl);
    const linkset = await scan(`${entryPath}?linkType=linkset`).expect(200);
    expect(JSON.parse(linkset.text).linkset[0]['https://gs1.org/voc/pip'][0].href).toBe(pip?.targetUrl);

    // Cached now; the type the product lacks is a 404.
    await scan(`${entryPath}?linkType=gs1:traceability`).expect(404);

    const added = await request(stack.gateway.server)
      .post('/bff/api/entry/links/')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .send({
        productId: product.productId,
        entryId: product.entry_id,
        entryPath,
        linkType: 'gs1:traceability',
        targetUrl: 'https://trace.example/boots',
      })
      .expect(201);
    expect(added.headers['x-resolver-invalidate']).toBeUndefined();
    const linkId = added.body.result.linkId as number;

    expect((await scan(`${entryPath}?linkType=gs1:traceability`).expect(307)).headers.location).toBe('https://trace.example/boots');

    await request(stack.gateway.server)
      .delete(`/bff/api/entry/links/?linkId=${linkId}&entryPath=${encodeURIComponent(entryPath)}&entryId=${product.entry_id}`)
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .expect(200);
    await scan(`${entryPath}?linkType=gs1:traceability`).expect(404);
  });

  it('answers 404 for a valid GTIN nobody registered and 400 for a broken one', async () => {
    await scan('/01/00000000000017').expect(404);
    await scan('/01/00000000000018').expect(400);
  });

  it('keeps the internal resolver routes away from the browser', async () => {
    await api('/internal/resolver/entry?entryPath=%2F01%2F00000000000017').expect(404);
  });
});
