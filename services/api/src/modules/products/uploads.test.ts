import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, gtin14, thumbnailPath } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { multipart, png } from '../../test/multipart.js';

let t: TestApp;
let acme: string;
let projectIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => t?.close());

/** A PNG whose signature and header (type, width, height) are right but whose pixel data is garbage. */
async function brokenPng(): Promise<Buffer> {
  const picture = Buffer.from(await png('#3a5a8c', 64));
  const data = picture.indexOf('IDAT') + 4;
  picture.fill(0xaa, data, data + 16);
  return picture;
}

function expectFieldError(response: { statusCode: number; json(): { code: string; details: { path: string }[] } }, path: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe(ERROR_CODES.VALIDATION);
  expect(response.json().details).toEqual([expect.objectContaining({ path })]);
}

const newProduct = (reference: number, files: { field: string; data: Buffer }[] = []) =>
  call(t.app, acme, {
    method: 'POST',
    url: '/api/product/?service=DL',
    ...multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Aurora Headlamp', gtin: gtin14(0, '0614142', reference) }]) }, files),
  });

describe('a picture with a valid header over broken data', () => {
  it('is refused with a field error on every upload: product images, content media, company logo, profile image', async () => {
    const broken = await brokenPng();

    expectFieldError(await newProduct(960, [{ field: 'productImg', data: broken }]), 'productImg[0]');

    const created = await newProduct(961);
    expect(created.statusCode).toBe(201);
    const { productId } = created.json() as { productId: number };
    const media = await call(t.app, acme, { method: 'POST', url: `/api/product/content/media?productId=${productId}`, ...multipart({}, [{ field: 'file', data: broken }]) });
    expectFieldError(media, 'file');

    const logo = await call(t.app, acme, { method: 'PUT', url: '/api/auth/me/company-info', ...multipart({ updateInfo: '{}' }, [{ field: 'primaryLogo', data: broken }]) });
    expectFieldError(logo, 'primaryLogo');

    const profile = await call(t.app, acme, { method: 'PUT', url: '/api/auth/me/profile', ...multipart({ updateInfo: '{}' }, [{ field: 'profileImage', data: broken }]) });
    expectFieldError(profile, 'profileImage');
  });

  it('leaves whole pictures welcome, stored with their thumbnail', async () => {
    const created = await newProduct(962, [{ field: 'productImg', data: await png() }]);
    expect(created.statusCode).toBe(201);
    const read = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${created.json().productId}` });
    const [image] = read.json().product.image as string[];
    const thumbnail = await t.app.inject({ method: 'GET', url: `/api${thumbnailPath(image)}` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
  });
});
