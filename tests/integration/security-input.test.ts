import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * Findings of an external probe, replayed through the gateway against the real API: input the
 * database cannot hold (ids past its integer range, NUL characters) answers 400 or 404, never
 * 500; exported CSV cannot run as a spreadsheet formula; a sub-admin learns nothing of products
 * outside its projects.
 */

/** One past the largest PostgreSQL `integer`: what the probe sent as an id. */
const BIG_ID = 2_147_483_648;
const NUL = '\u0000';

let stack: Stack;
let manager: string;
let subAdmin: string;
let projectIds: Record<string, number>;

const http = () => request(stack.gateway.server);
const get = (cookie: string, path: string) => http().get(path).set('Cookie', cookie);
const send = (cookie: string, method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object) =>
  http()[method](path).set('Cookie', cookie).set('X-CSRF', '1').send(body);

const signIn = (email: string) => signInThroughGateway(stack.gateway, email);

interface DemoProduct {
  productId: number;
  entry: { entry_id: number; entryPath: string; gcp: string };
  product: { details: string };
}

async function productIn(project: string): Promise<DemoProduct> {
  const list = await get(manager, `/bff/api/product/all?projectId=${projectIds[project]}&size=1`).expect(200);
  const { productId } = list.body.result[0] as { productId: number };
  const read = await get(manager, `/bff/api/product/?productId=${productId}`).expect(200);
  return { productId, ...read.body };
}

/** A 400 answer whose field errors name `path`: the caller can show the message beside the field. */
function expectFieldError(res: request.Response, path: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('E400001');
  expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
}

beforeAll(async () => {
  stack = await startStack();
  [manager, subAdmin] = await Promise.all([signIn('manager@demo.example'), signIn('subadmin@demo.example')]);
  const projects = await get(manager, '/bff/api/project/all').expect(200);
  projectIds = Object.fromEntries(
    (projects.body.result as { project_id: number; project_name: string }[]).map((p) => [p.project_name, p.project_id]),
  );
});
afterAll(async () => {
  await stack?.close();
});

describe('ids past the database integer range', () => {
  it('answer 400 on reads, updates and bulk calls instead of failing in the database', async () => {
    const answers = await Promise.all([
      get(manager, `/bff/api/project/${BIG_ID}`),
      send(manager, 'patch', `/bff/api/project/${BIG_ID}`, { name: 'Renamed' }),
      send(manager, 'delete', `/bff/api/project/${BIG_ID}`),
      get(manager, `/bff/api/product/?productId=${BIG_ID}`),
      get(manager, `/bff/api/product/all?projectId=${BIG_ID}`),
      get(manager, `/bff/api/product/cert-info?productId=${BIG_ID}`),
      send(manager, 'delete', `/bff/api/product/${BIG_ID}`),
      send(manager, 'put', '/bff/api/product/bulk', { productIds: [1, BIG_ID] }),
      send(manager, 'put', '/bff/api/product/move/bulk', { productIds: [BIG_ID], targetProjectId: BIG_ID }),
      send(manager, 'put', '/bff/api/product/details', { productId: BIG_ID, details: 'x' }),
      send(manager, 'patch', `/bff/api/service/notifications/${BIG_ID}/read`),
      get(manager, `/bff/api/service/data/export/${BIG_ID}?type=serial_material&ext=csv`),
      get(manager, `/bff/api/service/plan/check/link?productId=${BIG_ID}`),
      get(manager, `/bff/api/entry/links/all?entryId=${BIG_ID}`),
      get(manager, `/bff/api/entry/qualifiers/all?entryId=${BIG_ID}`),
      get(manager, `/bff/api/product/qr?productId=${BIG_ID}`),
      send(manager, 'post', '/bff/api/auth/sub-admin/access', { subAdminId: 1, projectIds: [BIG_ID], accessInfo: {} }),
      get(manager, `/bff/api/auth/sub-admin/access?projectId=${BIG_ID}&subAdminId=1`),
      http().get(`/bff/public/product/landing-page/preview-links?productId=${BIG_ID}`),
    ]);
    for (const res of answers) {
      expect({ url: res.request.url, status: res.status }).toEqual({ url: res.request.url, status: 400 });
      expect(res.body.code).toBe('E400001');
    }
  });

  it('answer 400 for a page far past the last one, and still 200 for ordinary pages', async () => {
    const far = await get(manager, `/bff/api/product/all?page=${BIG_ID}&size=100`);
    expect(far.status).toBe(400);
    const farNotifications = await get(manager, '/bff/api/service/notifications?page=99999999999999&pageSize=100');
    expect(farNotifications.status).toBe(400);
    const ordinary = await get(manager, '/bff/api/product/all?page=2&size=1').expect(200);
    expect(ordinary.body.pageInfo).toMatchObject({ page: 2, size: 1 });
  });

  it('still answers 404 for an id in range that does not exist', async () => {
    await get(manager, '/bff/api/project/2147483647').expect(404);
  });
});

describe('NUL characters in text', () => {
  it('refuses them in a sign-up without a session, with a field error, and registers nothing', async () => {
    const serviceName = `nul-${randomBytes(4).toString('hex')}`;
    const newUser = {
      company_name: `Evil${NUL}Corp`,
      service_name: serviceName,
      email: `${serviceName}@example.com`,
      gcps: ['0614141'],
      first_name: 'Eve',
      last_name: `Null${NUL}`,
      password: 'Long-enough-2026',
    };
    const res = await http().post('/bff/public/auth/sign/up').set('X-CSRF', '1').field('newUser', JSON.stringify(newUser));
    expectFieldError(res, 'newUser.company_name');
    expectFieldError(res, 'newUser.last_name');

    const check = await http().get(`/bff/public/auth/service-name/check?serviceName=${serviceName}`).expect(200);
    expect(check.body).toEqual({ available: true, reason: null });
  });

  it('refuses them in a product search', async () => {
    expectFieldError(await get(manager, '/bff/api/product/all?search=lamp%00'), 'search');
  });

  it('refuses them in a project name and creates no project', async () => {
    expectFieldError(await send(manager, 'post', '/bff/api/project', { project_name: `Night${NUL}shift` }), 'project_name');
    expectFieldError(await send(manager, 'patch', `/bff/api/project/${projectIds.Camping}`, { description: `a${NUL}b` }), 'description');
    const projects = await get(manager, '/bff/api/project/all').expect(200);
    expect(JSON.stringify(projects.body)).not.toContain('Night');
  });

  it('refuses them in link titles, nested per-language titles included, and adds no link', async () => {
    const product = await productIn('Camping');
    const before = await get(manager, `/bff/api/entry/links/all?entryId=${product.entry.entry_id}&size=100`).expect(200);
    const link = {
      productId: product.productId,
      entryId: product.entry.entry_id,
      entryPath: product.entry.entryPath,
      linkType: 'gs1:traceability',
      targetUrl: 'https://acme.example/trace',
    };
    expectFieldError(await send(manager, 'post', '/bff/api/entry/links/', { ...link, title: `Trace${NUL}` }), 'title');
    expectFieldError(
      await send(manager, 'post', '/bff/api/entry/links/', { ...link, modifiedTitle: [{ languageCode: 'ko', inputData: `x${NUL}` }] }),
      'modifiedTitle.0.inputData',
    );
    const after = await get(manager, `/bff/api/entry/links/all?entryId=${product.entry.entry_id}&size=100`).expect(200);
    expect(after.body.pageInfo.total).toBe(before.body.pageInfo.total);
  });

  it('refuses them in product details, dynamic info and the multipart product form, leaving the product as it was', async () => {
    const product = await productIn('Camping');
    expectFieldError(await send(manager, 'put', '/bff/api/product/details', { productId: product.productId, details: `a${NUL}b` }), 'details');
    expectFieldError(
      await send(manager, 'put', '/bff/api/product/details', { productId: product.productId, dynamicInfo: [{ label: 'Size', value: `L${NUL}` }] }),
      'dynamicInfo.0.value',
    );
    const update = await http()
      .put(`/bff/api/product/?productId=${product.productId}`)
      .set('Cookie', manager)
      .set('X-CSRF', '1')
      .field('product', JSON.stringify([{ product_name: `Lamp${NUL}` }]));
    expectFieldError(update, 'product.0.product_name');

    const read = await get(manager, `/bff/api/product/?productId=${product.productId}`).expect(200);
    expect(read.body.product.details).toBe(product.product.details);
    expect(JSON.stringify(read.body)).not.toContain('\\u0000');
  });
});

describe('CSV export of serials', () => {
  it('neutralises serials a spreadsheet would run as a formula, keeping the others as they are', async () => {
    const product = await productIn('Camping');
    for (const serial of ['=1+2', '-2+3', '+SUM(1)', 'PLAIN-1']) {
      await send(manager, 'post', '/bff/api/entry/qualifiers/', {
        qualifierPath: `/21/${encodeURIComponent(serial)}`,
        identifierCode: '21',
        entryId: product.entry.entry_id,
        entryPath: product.entry.entryPath,
        gcp: product.entry.gcp,
      }).expect(201);
    }
    const csv = await get(manager, `/bff/api/service/data/export/${product.entry.entry_id}?type=serial_material&ext=csv`)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    const firstCells = (csv.body as string).split(/\r?\n/).filter(Boolean).map((line) => line.split(',')[0]);
    expect(firstCells).toEqual(expect.arrayContaining(["'=1+2", "'-2+3", "'+SUM(1)", 'PLAIN-1']));
    expect(firstCells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});

describe("a sub-admin and the link limit of another project's product", () => {
  it('is refused outside its projects and answered for its own', async () => {
    const foreign = await productIn('Winter Collection');
    const own = await productIn('Trail Gear');

    const refused = await get(subAdmin, `/bff/api/service/plan/check/link?productId=${foreign.productId}`);
    expect([403, 404]).toContain(refused.status);
    expect(refused.body).not.toHaveProperty('isLimit');
    await get(subAdmin, `/bff/api/service/plan/check/link?productId=${own.productId}`).expect(200, { isLimit: false });

    // The gateway's own check treats any refusal as "limit reached" and so tells nothing either.
    await get(subAdmin, `/bff/plan/check/link?productId=${foreign.productId}`).expect(200, { isLimit: true });
    await get(subAdmin, `/bff/plan/check/link?productId=${own.productId}`).expect(200, { isLimit: false });
    // The manager still sees every product's status.
    await get(manager, `/bff/api/service/plan/check/link?productId=${foreign.productId}`).expect(200, { isLimit: false });
  });
});
