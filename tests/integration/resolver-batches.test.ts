import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';

/*
 * Batches and recalls through the gateway on the real API (issue 27): a batch's own link resolves for
 * its lot at once and walks up to the product for the rest, and a recall makes the notice the default
 * answer of the recalled lot's codes at once, until it ends. Each change drops the gateway's cached
 * resolution by the API's x-resolver-invalidate answer.
 */

const PASSWORD = 'Demo-pass-2026';
let stack: Stack;
let cookie: string;

beforeAll(async () => {
  stack = await startStack();
  const res = await request(stack.gateway.server).post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email: 'manager@demo.example', password: PASSWORD }).expect(200);
  const sid = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  cookie = sid.split(';', 1)[0];
});
afterAll(async () => {
  await stack?.close();
});

const api = (path: string) => request(stack.gateway.server).get(`/bff/api${path}`).set('Cookie', cookie);
const send = (method: 'post' | 'put', path: string, body: object = {}) => request(stack.gateway.server)[method](`/bff/api${path}`).set('Cookie', cookie).set('X-CSRF', '1').send(body);
const scan = (path: string) => request(stack.gateway.server).get(path).redirects(0);

describe('batches and recalls on the real API', () => {
  it("resolves a batch's own link first, then the product's, and a recall's notice from its start to its end", async () => {
    const products = (await api('/product/all?page=1&size=20').expect(200)).body.result as { productId: number; gtin: string | null; entry_id: number | null }[];
    const product = products.find((p) => p.gtin && p.entry_id)!;
    const entryPath = `/01/${product.gtin}`;
    const run = Date.now() % 100_000;
    const lot = `IT${run}`;

    // Cached before the change.
    const productDefault = (await scan(`${entryPath}/10/${lot}`).expect(307)).headers.location;
    const batch = (await send('post', '/entry/batches/', { productId: product.productId, lot, expiryDate: '2027-12-31' }).expect(201)).body.result;
    const added = await send('post', '/entry/batches/links', { batchId: batch.batchId, linkType: 'gs1:certificationInfo', title: 'Batch certificate', targetUrl: `https://lab.example/${lot}.pdf`, isDefault: true }).expect(201);
    expect(added.headers['x-resolver-invalidate']).toBeUndefined();
    expect((await scan(`${entryPath}/10/${lot}`).expect(307)).headers.location).toBe(`https://lab.example/${lot}.pdf`);
    expect((await scan(`${entryPath}/10/${lot}?linkType=gs1:pip`).expect(307)).headers.location).toBe(productDefault);
    const linkset = JSON.parse((await scan(`${entryPath}/10/${lot}?linkType=linkset`).expect(200)).text);
    expect(linkset.linkset.map((context: { anchor: string }) => new URL(context.anchor).pathname)).toEqual([`${entryPath}/10/${lot}`, entryPath]);

    const recall = (await send('post', '/recall/', { productId: product.productId, scope: 'batches', batchIds: [batch.batchId], reason: 'Test recall.', action: 'Return it.', contact: 'recall@acme.example' }).expect(201)).body.result;
    const notice = (await scan(`${entryPath}/10/${lot}/21/ANY1`).expect(307)).headers.location as string;
    expect(new URL(notice).pathname).toBe(`/acme/product-details/${product.productId}/preview/verification`);
    expect(new URL(notice).searchParams.get('lot')).toBe(lot);
    // The product itself and other lots are not reached.
    expect((await scan(entryPath).expect(307)).headers.location).not.toBe(notice);

    await send('put', `/recall/end?recallId=${recall.recallId}`).expect(200);
    expect((await scan(`${entryPath}/10/${lot}`).expect(307)).headers.location).toBe(`https://lab.example/${lot}.pdf`);
  });
});
