import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, RESOLVER_INVALIDATE_HEADER, gtin14, type Link } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, setSubAdminAccess, setSubAdminProductAccess } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { links } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let nextReference = 300;

interface Created {
  productId: number;
  entryId: number;
  entryPath: string;
}

async function newProduct(authorization = acme, project = 'Camping', service = 'DL'): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({ product: JSON.stringify([{ project_id: projectIds[project], product_name: 'Aurora Headlamp', gtin }]) });
  const response = await call(t.app, authorization, { method: 'POST', url: `/api/product/?service=${service}`, ...body });
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}` };
}

const listLinks = async (product: Created, authorization = acme, qualifierId?: number): Promise<Link[]> => {
  const qualifier = qualifierId === undefined ? '' : `&qualifierId=${qualifierId}`;
  const response = await call(t.app, authorization, { method: 'GET', url: `/api/entry/links/all?page=1&size=50&entryId=${product.entryId}${qualifier}` });
  expect(response.statusCode).toBe(200);
  return response.json().result;
};

const addLink = (product: Created, fields: Record<string, unknown>, authorization = acme) =>
  call(t.app, authorization, {
    method: 'POST',
    url: '/api/entry/links/',
    payload: { productId: product.productId, entryId: product.entryId, entryPath: product.entryPath, targetUrl: 'https://acme.example/x', ...fields },
  });

const updateLink = (updatedLink: Record<string, unknown>, authorization = acme) =>
  call(t.app, authorization, { method: 'PUT', url: '/api/entry/links/', payload: { updatedLink } });

const deleteLink = (product: Created, linkId: number, authorization = acme) =>
  call(t.app, authorization, { method: 'DELETE', url: `/api/entry/links/?linkId=${linkId}&entryPath=${product.entryPath}&entryId=${product.entryId}` });

const storedOrders = async (productId: number) =>
  (await t.app.db.select({ id: links.id, ord: links.ord, display: links.display }).from(links).where(eq(links.productId, productId)))
    .filter((row) => row.display)
    .sort((a, b) => a.ord - b.ord)
    .map((row) => row.ord);

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/entry/links/all and /active', () => {
  it('lists the shown entry-level links in their order, numbered from 1, in the shape of linkSchema', async () => {
    const product = await newProduct();
    const listed = await listLinks(product);
    expect(listed.map((link) => [link.linkType, link.order])).toEqual([
      ['gs1:pip', 1],
      ['gs1:certificationInfo', 2],
      ['gs1:homepage', 3],
    ]);
    expect(listed[0]).toMatchObject({
      linkId: listed[0].link_id,
      productId: product.productId,
      entryId: product.entryId,
      qualifierId: null,
      display: true,
      isActive: true,
      isAuto: true,
      isDefault: true,
      group: 1,
      title: 'Product Information',
      title_eng: 'Product Information',
      modifiedTitle: [],
      lang: null,
      contentType: 'text/html',
    });
    const active = await call(t.app, acme, { method: 'GET', url: `/api/entry/links/active?productId=${product.productId}` });
    expect(active.statusCode).toBe(200);
    expect(active.json().result).toEqual(listed);

    const paged = await call(t.app, acme, { method: 'GET', url: `/api/entry/links/all?page=2&size=2&entryId=${product.entryId}` });
    expect(paged.json()).toMatchObject({ pageInfo: { total: 3, page: 2, size: 2 }, result: [{ linkType: 'gs1:homepage', order: 3 }] });
  });

  it('answers 400 without an entry id', async () => {
    const response = await call(t.app, acme, { method: 'GET', url: '/api/entry/links/all?page=1&size=10' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('entryId');
  });
});

describe('POST /api/entry/links/', () => {
  it('adds a link with the default titles, last in order, and tells the resolver', async () => {
    const product = await newProduct();
    const response = await addLink(product, {
      linkType: 'gs1:dpp',
      targetUrl: 'https://acme.example/passport',
      title: '',
      modifiedTitle: [{ languageCode: 'ko', inputData: '디지털 제품 여권' }],
      lang: 'en',
      context: 'gs1:dpp',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect(response.json().result).toMatchObject({
      linkType: 'gs1:dpp',
      targetUrl: 'https://acme.example/passport',
      title: 'Digital Product Passport',
      title_eng: 'Digital Product Passport',
      modifiedTitle: [{ languageCode: 'ko', inputData: '디지털 제품 여권' }],
      lang: 'en',
      order: 4,
      isAuto: false,
      isDefault: false,
      group: 1,
    });
    expect((await listLinks(product)).map((link) => link.linkType)).toEqual(['gs1:pip', 'gs1:certificationInfo', 'gs1:homepage', 'gs1:dpp']);
  });

  it('refuses a shown link of the same type and language with 409, and accepts another language', async () => {
    const product = await newProduct();
    const duplicate = await addLink(product, { linkType: 'gs1:homepage' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe(ERROR_CODES.DUPLICATE_LINK);
    expect(duplicate.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();

    expect((await addLink(product, { linkType: 'gs1:homepage', lang: 'ko', title: 'Brand (ko)' })).statusCode).toBe(201);
    expect((await addLink(product, { linkType: 'gs1:homepage', lang: 'ko' })).statusCode).toBe(409);
    expect((await listLinks(product)).filter((link) => link.linkType === 'gs1:homepage')).toHaveLength(2);
  });

  it('keeps at most one default link per set: a new default clears the others', async () => {
    const product = await newProduct();
    const created = (await addLink(product, { linkType: 'gs1:dpp', isDefault: true })).json().result as Link;
    const listed = await listLinks(product);
    expect(listed.filter((link) => link.isDefault).map((link) => link.linkId)).toEqual([created.linkId]);

    const pip = listed.find((link) => link.linkType === 'gs1:pip')!;
    expect((await updateLink({ linkId: pip.linkId, isDefault: true })).statusCode).toBe(200);
    expect((await listLinks(product)).filter((link) => link.isDefault).map((link) => link.linkId)).toEqual([pip.linkId]);
  });

  it('refuses bad input with field errors', async () => {
    const product = await newProduct();
    const badUrl = await addLink(product, { linkType: 'gs1:dpp', targetUrl: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().details.map((detail: { path: string }) => detail.path)).toContain('targetUrl');
    const badType = await addLink(product, { linkType: 'gs1:unknown' });
    expect(badType.statusCode).toBe(400);
    const twoTitles = await addLink(product, {
      linkType: 'gs1:dpp',
      modifiedTitle: [
        { languageCode: 'ko', inputData: 'a' },
        { languageCode: 'ko', inputData: 'b' },
      ],
    });
    expect(twoTitles.statusCode).toBe(400);
    const wrongPath = await addLink(product, { linkType: 'gs1:dpp', entryPath: '/01/09506000134352' });
    expect(wrongPath.statusCode).toBe(404);
  });
});

describe('DELETE /api/entry/links/ and adding again', () => {
  it('hides the link, renumbers the rest (stored), and shows the same link again with the new fields', async () => {
    const product = await newProduct();
    const before = await listLinks(product);
    const certification = before.find((link) => link.linkType === 'gs1:certificationInfo')!;

    const deleted = await deleteLink(product, certification.linkId);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ result: true });
    expect(deleted.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect((await listLinks(product)).map((link) => [link.linkType, link.order])).toEqual([
      ['gs1:pip', 1],
      ['gs1:homepage', 2],
    ]);
    expect(await storedOrders(product.productId)).toEqual([1, 2]);
    const [row] = await t.app.db.select().from(links).where(eq(links.id, certification.linkId));
    expect(row.display).toBe(false);
    expect((await deleteLink(product, certification.linkId)).statusCode).toBe(404);

    const again = await addLink(product, { linkType: 'gs1:certificationInfo', targetUrl: 'https://acme.example/genuine', title: 'Genuine?' });
    expect(again.statusCode).toBe(201);
    expect(again.json().result).toMatchObject({ linkId: certification.linkId, display: true, targetUrl: 'https://acme.example/genuine', title: 'Genuine?', order: 3 });
    const rows = await t.app.db.select().from(links).where(and(eq(links.productId, product.productId), eq(links.linkType, 'gs1:certificationInfo')));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 when the entry named does not hold the link', async () => {
    const product = await newProduct();
    const other = await newProduct();
    const [pip] = await listLinks(product);
    const response = await call(t.app, acme, {
      method: 'DELETE',
      url: `/api/entry/links/?linkId=${pip.linkId}&entryPath=${other.entryPath}&entryId=${other.entryId}`,
    });
    expect(response.statusCode).toBe(404);
    expect((await listLinks(product))[0].display).toBe(true);
  });
});

describe('PUT /api/entry/links/', () => {
  it('moves a link to a position and stores the new numbering', async () => {
    const product = await newProduct();
    const homepage = (await listLinks(product)).find((link) => link.linkType === 'gs1:homepage')!;
    const response = await updateLink({ linkId: homepage.linkId, order: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect(response.json().result).toMatchObject({ linkId: homepage.linkId, order: 1 });
    expect((await listLinks(product)).map((link) => [link.linkType, link.order])).toEqual([
      ['gs1:homepage', 1],
      ['gs1:pip', 2],
      ['gs1:certificationInfo', 3],
    ]);
    expect(await storedOrders(product.productId)).toEqual([1, 2, 3]);
    // A position past the end means last.
    await updateLink({ linkId: homepage.linkId, order: 99 });
    expect((await listLinks(product)).map((link) => link.linkType)).toEqual(['gs1:pip', 'gs1:certificationInfo', 'gs1:homepage']);
  });

  it('changes fields, restores a default title for an empty one, and refuses a clash with 409', async () => {
    const product = await newProduct();
    const [pip, certification] = await listLinks(product);
    const changed = await updateLink({
      linkId: pip.linkId,
      title: 'About it',
      targetUrl: 'https://acme.example/about',
      isActive: false,
      modifiedTitle: [{ languageCode: 'it', inputData: 'Informazioni' }],
    });
    expect(changed.json().result).toMatchObject({ title: 'About it', targetUrl: 'https://acme.example/about', isActive: false, display: true });
    expect((await updateLink({ linkId: pip.linkId, title: '' })).json().result.title).toBe('Product Information');

    const clash = await updateLink({ linkId: certification.linkId, linkType: 'gs1:pip' });
    expect(clash.statusCode).toBe(409);
    const retyped = await updateLink({ linkId: certification.linkId, linkType: 'gs1:dpp' });
    expect(retyped.json().result).toMatchObject({ linkType: 'gs1:dpp', title: 'Digital Product Passport' });
  });
});

describe('serial-level links', () => {
  it('keeps the links of a serial apart from those of the entry', async () => {
    const product = await newProduct();
    const [acmeCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    const [serial] = await t.app.db
      .insert(qualifiers)
      .values({ companyId: acmeCompany.id, entryId: product.entryId, identifierCode: '21', qualifierPath: '/21/S1', value: 'S1' })
      .returning();
    const added = await addLink(product, { linkType: 'gs1:pip', qualifierId: serial.id, targetUrl: 'https://acme.example/s1' });
    expect(added.statusCode).toBe(201);
    expect(added.json().result).toMatchObject({ qualifierId: serial.id, order: 1, isDefault: false });

    expect((await listLinks(product, acme, serial.id)).map((link) => link.targetUrl)).toEqual(['https://acme.example/s1']);
    expect((await listLinks(product)).map((link) => link.linkType)).toEqual(['gs1:pip', 'gs1:certificationInfo', 'gs1:homepage']);

    const other = await newProduct();
    const foreignSerial = await addLink(other, { linkType: 'gs1:pip', qualifierId: serial.id });
    expect(foreignSerial.statusCode).toBe(404);
    await t.app.db.update(qualifiers).set({ isDeleted: true }).where(eq(qualifiers.id, serial.id));
    expect((await addLink(product, { linkType: 'gs1:dpp', qualifierId: serial.id })).statusCode).toBe(404);
  });
});

describe('plan limit', () => {
  it('refuses a link over the plan limit with 403 E403003, re-showing a hidden link included', async () => {
    const product = await newProduct();
    const [acmeCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.companyId, acmeCompany.id));
    const [plan] = await t.app.db.select().from(plans).where(eq(plans.id, subscription.planId));
    const homepage = (await listLinks(product)).find((link) => link.linkType === 'gs1:homepage')!;
    await deleteLink(product, homepage.linkId);
    await t.app.db.update(plans).set({ linkLimit: 2 }).where(eq(plans.id, plan.id));
    try {
      const limit = (await call(t.app, acme, { method: 'GET', url: `/api/service/plan/check/link?productId=${product.productId}` })).json();
      expect(limit).toEqual({ isLimit: true });
      const added = await addLink(product, { linkType: 'gs1:dpp' });
      expect(added.statusCode).toBe(403);
      expect(added.json()).toMatchObject({ code: ERROR_CODES.PLAN_LIMIT_REACHED, message: 'The scope of the plan has been exceeded!' });
      const reshown = await addLink(product, { linkType: 'gs1:homepage' });
      expect(reshown.statusCode).toBe(403);
      expect((await listLinks(product)).map((link) => link.linkType)).toEqual(['gs1:pip', 'gs1:certificationInfo']);
    } finally {
      await t.app.db.update(plans).set({ linkLimit: plan.linkLimit }).where(eq(plans.id, plan.id));
    }
    expect((await addLink(product, { linkType: 'gs1:homepage' })).statusCode).toBe(201);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another company's entries, products and links", async () => {
    const product = await newProduct();
    const [pip] = await listLinks(product);
    expect((await call(t.app, nordic, { method: 'GET', url: `/api/entry/links/all?entryId=${product.entryId}` })).statusCode).toBe(404);
    expect((await call(t.app, nordic, { method: 'GET', url: `/api/entry/links/active?productId=${product.productId}` })).statusCode).toBe(404);
    expect((await addLink(product, { linkType: 'gs1:dpp' }, nordic)).statusCode).toBe(404);
    expect((await updateLink({ linkId: pip.linkId, title: 'Mine now' }, nordic)).statusCode).toBe(404);
    expect((await deleteLink(product, pip.linkId, nordic)).statusCode).toBe(404);
    expect((await listLinks(product))[0]).toMatchObject({ linkId: pip.linkId, title: 'Product Information', display: true });
  });

  it('needs product read access of a sub-admin to list, and write access to change', async () => {
    const trail = await newProduct(acme, 'Trail Gear');
    const camping = await newProduct();
    const saved = await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      const [pip] = await listLinks(trail, sub);
      expect((await addLink(trail, { linkType: 'gs1:dpp' }, sub)).statusCode).toBe(403);
      expect((await updateLink({ linkId: pip.linkId, order: 3 }, sub)).statusCode).toBe(403);
      expect((await deleteLink(trail, pip.linkId, sub)).statusCode).toBe(403);
      expect((await call(t.app, sub, { method: 'GET', url: `/api/entry/links/all?entryId=${camping.entryId}` })).statusCode).toBe(403);

      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
      expect((await addLink(trail, { linkType: 'gs1:dpp' }, sub)).statusCode).toBe(201);
      expect((await addLink(camping, { linkType: 'gs1:dpp' }, sub)).statusCode).toBe(403);
    } finally {
      await setSubAdminAccess(t.app, projectIds['Trail Gear'], saved);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/entry/links/active?productId=1' })).statusCode).toBe(401);
  });
});
