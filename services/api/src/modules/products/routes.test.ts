import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, gtin14, thumbnailPath } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { demoSetUp, setSubAdminProductAccess } from '../../test/demo.js';
import { multipart, png, type MultipartFile } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { products } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let nordicProjectId: number;
let red: Buffer;
let blue: Buffer;
let green: Buffer;
let nextReference = 100;

/** A fresh valid GTIN on Acme's second prefix. */
const newGtin = () => gtin14(0, '0614142', nextReference++);

function productJson(overrides: Record<string, unknown> = {}) {
  return JSON.stringify([
    {
      project_id: projectIds.Camping,
      product_name: 'Aurora Headlamp',
      product_number: 'AO-CA-010',
      product_website: 'https://acme.example/headlamp',
      features: 'Bright',
      description: 'A headlamp',
      isNFC: 0,
      details: 'Runs 40 hours',
      dynamicInfo: [{ label: 'Battery', value: 'USB-C' }],
      gtin: newGtin(),
      ...overrides,
    },
  ]);
}

function createProduct(authorization: string, fields: Record<string, string>, files: MultipartFile[] = [], service = 'DL') {
  const body = multipart(fields, files);
  return call(t.app, authorization, { method: 'POST', url: `/api/product/?service=${service}`, ...body });
}

function updateProduct(authorization: string, productId: number, fields: Record<string, string>, files: MultipartFile[] = [], service = 'DL') {
  const body = multipart(fields, files);
  return call(t.app, authorization, { method: 'PUT', url: `/api/product/?productId=${productId}&service=${service}`, ...body });
}

const storedFiles = async () => {
  const root = join(t.config.DATA_DIR, 'files');
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else found.push(join(dir, entry.name));
    }
  };
  await walk(root);
  return found.sort();
};
const productCount = async () => (await t.app.db.select().from(products)).length;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  nordicProjectId = (await call(t.app, nordic, { method: 'GET', url: '/api/project/all' })).json().result[0].project_id;
  [red, blue, green] = await Promise.all([png('#cc0000'), png('#0000cc'), png('#00cc00')]);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/product/', () => {
  it('creates the product, its entry (GTIN padded to 14) and its images, answering result: true', async () => {
    const gtin = newGtin();
    const response = await createProduct(
      acme,
      {
        product: productJson({ gtin: gtin.slice(1), certification: [1] }),
        qrContent: JSON.stringify({ data: 'website', websiteUrl: 'https://acme.example', customDesign: { logoType: 'text', logoText: 'ACME' } }),
      },
      [
        { field: 'productImg', data: red },
        { field: 'productImg', data: blue, filename: 'blue.exe', contentType: 'application/octet-stream' },
      ],
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ result: true, productId: expect.any(Number), entryId: expect.any(Number) });

    const read = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${created.productId}` });
    expect(read.statusCode).toBe(200);
    const { entry, product } = read.json();
    expect(entry).toMatchObject({
      entry_id: created.entryId,
      aiString: '01',
      aiValue: gtin,
      entryPath: `/01/${gtin}`,
      gcp: '0614142',
      isActive: true,
      isDeleted: false,
      digitalLink: `${new URL(t.config.PUBLIC_URL).origin}/01/${gtin}`,
    });
    expect(product).toMatchObject({
      productId: created.productId,
      project_id: projectIds.Camping,
      project_name: 'Camping',
      product_name: 'Aurora Headlamp',
      dynamicInfo: [{ label: 'Battery', value: 'USB-C' }],
      certification: [1],
      service: 'DL',
      gtin,
      qrContent: { data: 'website', websiteUrl: 'https://acme.example' },
    });
    expect(product.image).toHaveLength(2);

    // Served publicly with long cache headers, typed by content; thumbnails exist too.
    const file = await t.app.inject({ method: 'GET', url: `/api${product.image[1]}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(blue)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `/api${thumbnailPath(product.image[0])}` });
    expect(thumb.headers['content-type']).toBe('image/webp');

    const list = await call(t.app, acme, { method: 'GET', url: `/api/product/all?projectId=${projectIds.Camping}&search=aurora` });
    expect(list.json().result).toEqual([
      expect.objectContaining({ productId: created.productId, image: product.image[0], thumbnail: thumbnailPath(product.image[0]) }),
    ]);
  });

  it('refuses a wrong check digit and a prefix of another company with 400 field errors and result: false', async () => {
    const before = await storedFiles();
    const good = newGtin();
    const badDigit = `${good.slice(0, 13)}${(Number(good[13]) + 1) % 10}`;
    const wrongDigit = await createProduct(acme, { product: productJson({ gtin: badDigit }) }, [{ field: 'productImg', data: red }]);
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json()).toMatchObject({ result: false, code: ERROR_CODES.VALIDATION, details: [{ path: 'product.0.gtin' }] });

    const foreign = await createProduct(acme, { product: productJson({ gtin: gtin14(0, '7350053', 77) }) }, [{ field: 'productImg', data: red }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0]).toMatchObject({ path: 'product.0.gtin', message: expect.stringMatching(/prefix/) });

    const letters = await createProduct(acme, { product: productJson({ gtin: 'abc' }) });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().details[0].path).toBe('product.0.gtin');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a GTIN registered already with 409 E409002, and accepts it again once that product is deleted', async () => {
    const gtin = newGtin();
    const first = await createProduct(acme, { product: productJson({ gtin }) });
    expect(first.statusCode).toBe(201);
    const count = await productCount();
    const again = await createProduct(acme, { product: productJson({ gtin: gtin.slice(1) }) }, [{ field: 'productImg', data: red }]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ result: false, code: ERROR_CODES.DUPLICATE_GTIN });
    expect(await productCount()).toBe(count);

    const seeded = await createProduct(acme, { product: productJson({ gtin: gtin14(0, '0614141', 1) }) });
    expect(seeded.json().code).toBe(ERROR_CODES.DUPLICATE_GTIN);

    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/product/${first.json().productId}` })).statusCode).toBe(200);
    expect((await createProduct(acme, { product: productJson({ gtin }) })).statusCode).toBe(201);
  });

  it('refuses a product over the plan limit with 403 E403003, and DPP on a plan without it', async () => {
    const [nordicCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
    const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.companyId, nordicCompany.id));
    const nordicProduct = (gtin: string) =>
      JSON.stringify([{ project_id: nordicProjectId, product_name: 'Oat Milk', gtin }]);

    const dpp = await createProduct(nordic, { product: nordicProduct(gtin14(0, '7350053', 50)) }, [], 'DPP');
    expect(dpp.statusCode).toBe(403);
    expect(dpp.json()).toMatchObject({ result: false, code: ERROR_CODES.PLAN_LIMIT_REACHED });

    await t.app.db.update(plans).set({ productLimit: 4 }).where(eq(plans.id, subscription.planId));
    try {
      const before = await storedFiles();
      const refused = await createProduct(nordic, { product: nordicProduct(gtin14(0, '7350053', 51)) }, [{ field: 'productImg', data: red }]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ result: false, code: ERROR_CODES.PLAN_LIMIT_REACHED, message: 'The scope of the plan has been exceeded!' });
      expect(await storedFiles()).toEqual(before);
    } finally {
      await t.app.db.update(plans).set({ productLimit: 20 }).where(eq(plans.id, subscription.planId));
    }
    const accepted = await createProduct(nordic, { product: nordicProduct(gtin14(0, '7350053', 52)) });
    expect(accepted.statusCode).toBe(201);
  });

  it('tells the managers when a new product takes the company to its plan limit', async () => {
    const [nordicCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
    const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.companyId, nordicCompany.id));
    const usage = (await call(t.app, nordic, { method: 'GET', url: '/api/service/plan/info' })).json().result.usage.product;
    await t.app.db.update(plans).set({ productLimit: usage + 1 }).where(eq(plans.id, subscription.planId));
    try {
      const product = JSON.stringify([{ project_id: nordicProjectId, product_name: 'Rye Crispbread', gtin: gtin14(0, '7350053', 60) }]);
      expect((await createProduct(nordic, { product })).statusCode).toBe(201);
      const list = await call(t.app, nordic, { method: 'GET', url: '/api/service/notifications?page=1&pageSize=10' });
      expect(list.json().result[0]).toMatchObject({ isRead: false, title: expect.stringContaining('Plan limit reached') });
    } finally {
      await t.app.db.update(plans).set({ productLimit: 20 }).where(eq(plans.id, subscription.planId));
    }
  });

  it('lets a sub-admin create only with product write access on the project', async () => {
    await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    const readOnly = await createProduct(sub, { product: productJson({ project_id: projectIds['Trail Gear'] }) });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toMatchObject({ result: false, code: ERROR_CODES.FORBIDDEN });

    await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
    const otherProject = await createProduct(sub, { product: productJson({ project_id: projectIds.Camping }) });
    expect(otherProject.statusCode).toBe(403);
    const allowed = await createProduct(sub, { product: productJson({ project_id: projectIds['Trail Gear'] }) });
    expect(allowed.statusCode).toBe(201);
  });

  it('answers 404 for a project of another company', async () => {
    const response = await createProduct(nordic, { product: productJson({ project_id: projectIds.Camping, gtin: gtin14(0, '7350053', 60) }) });
    expect(response.statusCode).toBe(404);
    expect(response.json().result).toBe(false);
  });
});

describe('bad uploads', () => {
  it('rejects non-images, malformed multipart and non-multipart bodies with 400, storing nothing', async () => {
    const before = await storedFiles();
    const count = await productCount();

    const text = await createProduct(acme, { product: productJson() }, [
      { field: 'productImg', data: red },
      { field: 'productImg', data: Buffer.from('<svg onload="alert(1)"></svg>'), filename: 'x.png', contentType: 'image/png' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ result: false, details: [{ path: 'productImg[1]', message: expect.stringMatching(/JPEG, PNG, WebP or GIF/) }] });

    const truncated = multipart({ product: productJson() }, [{ field: 'productImg', data: red }]);
    const broken = await call(t.app, acme, {
      method: 'POST',
      url: '/api/product/',
      payload: truncated.payload.subarray(0, truncated.payload.length - 60),
      headers: truncated.headers,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(ERROR_CODES.VALIDATION);

    const json = await call(t.app, acme, { method: 'POST', url: '/api/product/', payload: { product: [] } });
    expect(json.statusCode).toBe(400);

    const notJson = await createProduct(acme, { product: '[{' });
    expect(notJson.json()).toMatchObject({ result: false, details: [{ path: 'product' }] });

    const unknownField = await createProduct(acme, { product: productJson() }, [{ field: 'virus', data: red }]);
    expect(unknownField.statusCode).toBe(400);

    expect(await storedFiles()).toEqual(before);
    expect(await productCount()).toBe(count);
  });

  it('rejects a file over UPLOAD_MAX_BYTES with a clear 400', async () => {
    const small = await createTestApp({ UPLOAD_MAX_BYTES: '2000' });
    try {
      const manager = (await signIn(small.app, DEMO_USERS.acmeManager)).authorization;
      const list = (await call(small.app, manager, { method: 'GET', url: '/api/project/all' })).json().result;
      const big = await png('#123456', 400);
      expect(big.length).toBeGreaterThan(2000);
      const body = multipart(
        { product: JSON.stringify([{ project_id: list[0].project_id, product_name: 'Big', gtin: gtin14(0, '0614142', 999) }]) },
        [{ field: 'productImg', data: big }],
      );
      const response = await call(small.app, manager, { method: 'POST', url: '/api/product/', ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ result: false, details: [{ path: 'productImg', message: 'The file is too large.' }] });
    } finally {
      await small.close();
    }
  });
});

describe('PUT /api/product/', () => {
  it('keeps the retained images, appends new ones, removes the others and answers success', async () => {
    const created = await createProduct(acme, { product: productJson() }, [
      { field: 'productImg', data: red },
      { field: 'productImg', data: blue },
    ]);
    const productId = created.json().productId;
    const before = (await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${productId}` })).json().product;
    const [keep, drop] = before.image;

    const { gtin: _gtin, project_id: _project, ...rest } = JSON.parse(productJson())[0];
    const updated = await updateProduct(
      acme,
      productId,
      {
        product: JSON.stringify([{ ...rest, product_name: 'Aurora Headlamp 2', retainedImages: [keep], options: [{ name: 'Colour', value: 'Green', image: 'productImg:0' }] }]),
      },
      [{ field: 'productImg', data: green }],
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ result: 'success' });

    const after = (await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${productId}` })).json();
    expect(after.product.product_name).toBe('Aurora Headlamp 2');
    expect(after.entry.title).toBe('Aurora Headlamp 2');
    expect(after.product.image).toHaveLength(2);
    expect(after.product.image[0]).toBe(keep);
    expect(after.product.options).toEqual([{ name: 'Colour', value: 'Green', image: after.product.image[1] }]);
    expect((await t.app.inject({ method: 'GET', url: `/api${drop}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api${thumbnailPath(drop)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api${keep}` })).statusCode).toBe(200);
  });

  it('answers result: fail for an image that is not the product’s, changing nothing', async () => {
    const productId = (await createProduct(acme, { product: productJson() }, [{ field: 'productImg', data: red }])).json().productId;
    const before = await storedFiles();
    const response = await updateProduct(
      acme,
      productId,
      { product: JSON.stringify([{ product_name: 'X', retainedImages: ['/files/products/1/elsewhere.png'] }]) },
      [{ field: 'productImg', data: blue }],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: 'fail', code: ERROR_CODES.VALIDATION });
    expect(await storedFiles()).toEqual(before);
  });

  it('updates details and the NFC flag', async () => {
    const productId = (await createProduct(acme, { product: productJson() })).json().productId;
    const details = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/details',
      payload: { productId, details: 'New details', dynamicInfo: [{ label: 'Weight', value: '90 g' }] },
    });
    expect(details.json()).toEqual({ result: 'success' });
    const nfc = await call(t.app, acme, { method: 'PUT', url: '/api/product/nfc', payload: { productId, isNFC: 1 } });
    expect(nfc.json()).toEqual({ result: true });
    const { product } = (await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${productId}` })).json();
    expect(product).toMatchObject({ details: 'New details', dynamicInfo: [{ label: 'Weight', value: '90 g' }], isNFC: 1 });
  });
});

describe('move, bulk move and bulk delete', () => {
  it('moves one product, then several, and deletes several with their files and entries', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await createProduct(acme, { product: productJson({ product_name: `Batch ${i}` }) }, [{ field: 'productImg', data: red }])).json().productId);
    }
    const moved = await call(t.app, acme, { method: 'PATCH', url: `/api/product/move/${ids[0]}`, payload: { targetProjectId: projectIds['Winter Collection'] } });
    expect(moved.json()).toEqual({ result: true });
    const bulk = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/move/bulk',
      payload: { productIds: ids.slice(1), targetProjectId: projectIds['Winter Collection'] },
    });
    expect(bulk.json()).toEqual({ result: true, count: 2 });
    const inWinter = (await call(t.app, acme, { method: 'GET', url: `/api/product/all?projectId=${projectIds['Winter Collection']}&size=100` })).json().result;
    expect(ids.every((id) => inWinter.some((p: { productId: number }) => p.productId === id))).toBe(true);

    const removed = await call(t.app, acme, { method: 'PUT', url: '/api/product/bulk', payload: { productIds: ids } });
    expect(removed.json()).toEqual({ result: true, count: 3 });
    const files = await storedFiles();
    expect(files.some((file) => ids.some((id) => file.includes(`/products/${id}/`)))).toBe(false);
    const rows = await t.app.db.select().from(products).where(eq(products.id, ids[0]));
    const [entry] = await t.app.db.select().from(entries).where(eq(entries.id, rows[0].entryId!));
    expect(entry).toMatchObject({ isDeleted: true, isActive: false });
    expect((await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${ids[0]}` })).statusCode).toBe(404);
  });

  it('moves nothing when one id is another company’s or the target project is', async () => {
    const mine = (await createProduct(acme, { product: productJson() })).json().productId;
    const theirs = (await call(t.app, nordic, { method: 'GET', url: '/api/product/all' })).json().result[0].productId;
    const mixed = await call(t.app, acme, { method: 'PUT', url: '/api/product/move/bulk', payload: { productIds: [mine, theirs], targetProjectId: projectIds['Trail Gear'] } });
    expect(mixed.statusCode).toBe(404);
    const foreignTarget = await call(t.app, acme, { method: 'PATCH', url: `/api/product/move/${mine}`, payload: { targetProjectId: nordicProjectId } });
    expect(foreignTarget.statusCode).toBe(404);
    const deleteMixed = await call(t.app, acme, { method: 'PUT', url: '/api/product/bulk', payload: { productIds: [mine, theirs] } });
    expect(deleteMixed.statusCode).toBe(404);
    const { product } = (await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${mine}` })).json();
    expect(product.project_id).toBe(projectIds.Camping);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another company's product on every product route", async () => {
    const acmeProduct = (await call(t.app, acme, { method: 'GET', url: '/api/product/all' })).json().result[0].productId;
    const update = multipart({ product: JSON.stringify([{ product_name: 'Mine' }]) });
    const responses = await Promise.all([
      call(t.app, nordic, { method: 'GET', url: `/api/product/?productId=${acmeProduct}` }),
      call(t.app, nordic, { method: 'PUT', url: `/api/product/?productId=${acmeProduct}&service=DL`, ...update }),
      call(t.app, nordic, { method: 'PUT', url: '/api/product/details', payload: { productId: acmeProduct, details: 'x' } }),
      call(t.app, nordic, { method: 'PUT', url: '/api/product/nfc', payload: { productId: acmeProduct, isNFC: 1 } }),
      call(t.app, nordic, { method: 'DELETE', url: `/api/product/${acmeProduct}` }),
      call(t.app, nordic, { method: 'PUT', url: '/api/product/bulk', payload: { productIds: [acmeProduct] } }),
      call(t.app, nordic, { method: 'PATCH', url: `/api/product/move/${acmeProduct}`, payload: { targetProjectId: nordicProjectId } }),
      call(t.app, nordic, { method: 'PUT', url: '/api/product/move/bulk', payload: { productIds: [acmeProduct], targetProjectId: nordicProjectId } }),
      call(t.app, nordic, { method: 'GET', url: `/api/product/cert-info?productId=${acmeProduct}` }),
      call(t.app, nordic, { method: 'GET', url: `/api/product/service?productId=${acmeProduct}` }),
      call(t.app, nordic, { method: 'GET', url: `/api/product/all?projectId=${projectIds.Camping}` }),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe(ERROR_CODES.NOT_FOUND);
    }
    const still = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${acmeProduct}` });
    expect(still.statusCode).toBe(200);
  });
});

describe('reference reads', () => {
  it('lists certifications, the company prefixes and the product service', async () => {
    const certs = (await call(t.app, acme, { method: 'GET', url: '/api/product/certifications' })).json().result;
    expect(certs.length).toBeGreaterThan(3);
    expect((await call(t.app, acme, { method: 'GET', url: '/api/product/available-gcps' })).json()).toEqual({ result: ['0614141', '0614142'] });
    const productId = (await call(t.app, acme, { method: 'GET', url: '/api/product/all?sort=product_name&order=asc' })).json().result[0].productId;
    const service = (await call(t.app, acme, { method: 'GET', url: `/api/product/service?productId=${productId}` })).json();
    expect(service.result).toMatchObject({ productId, services: ['DL', 'DPP'] });
  });

  it('sorts and searches the list by number', async () => {
    const page = (await call(t.app, acme, { method: 'GET', url: '/api/product/all?search=AO-TG&sort=product_number&order=asc' })).json();
    expect(page.result.map((p: { product_number: string }) => p.product_number)).toEqual(['AO-TG-001', 'AO-TG-002', 'AO-TG-003']);
    expect(page.pageInfo).toEqual({ total: 3, page: 1, size: 10 });
  });
});
