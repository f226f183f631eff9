import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, gtin14, type ContentBlockInput } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { multipart, png } from '../../test/multipart.js';

/*
 * A stored file path a client sends (content blocks, the design's logo, passport documents,
 * certificates) ends up in a `src` or `href` of the company's public page. Only the canonical path
 * of a file uploaded to that product passes: nothing a browser would resolve to another address.
 */

let t: TestApp;
let acme: string;
let projectIds: Record<string, number>;
let nextReference = 970;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => t?.close());

async function newProduct(service: 'DL' | 'DPP'): Promise<number> {
  const body = multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Aurora Headlamp', gtin: gtin14(0, '0614142', nextReference++) }]) });
  const response = await call(t.app, acme, { method: 'POST', url: `/api/product/?service=${service}`, ...body });
  expect(response.statusCode).toBe(201);
  return response.json().productId;
}

/** Paths that start in the product's folder but lead a browser elsewhere, or break out of an attribute. */
const disguised = (folder: string, name: string) => [
  `/files/${folder}/%2e%2e/%2e%2e/%2e%2e/api/product/qr?productId=1&download=1`,
  `/files/${folder}/..%2f..%2f..%2fapi/product/qr`,
  `/files/${folder}/./${name}`,
  `/files/${folder}//${name}`,
  `/files/${folder}/sub/${name}`,
  `/files/${folder}/${name}?download=1`,
  `/files/${folder}/${name}#top`,
  `/files/${folder}/${name}" onerror="alert(1)`,
  `/files/${folder}/..\\..\\api\\product\\qr`,
];

const fieldPaths = (response: { json(): { details: { path: string }[] } }) => response.json().details.map((detail) => detail.path);

describe("the product page's stored files", () => {
  it('take the path the upload answered and refuse every disguise of it, in image and video blocks and as the logo', async () => {
    const productId = await newProduct('DL');
    const upload = await call(t.app, acme, { method: 'POST', url: `/api/product/content/media?productId=${productId}`, ...multipart({}, [{ field: 'file', data: await png() }]) });
    const picture = upload.json().result.path as string;
    const name = picture.split('/').pop()!;
    const block = (type: 'image' | 'video', inputData: string): ContentBlockInput => ({ type, inputs: [{ languageCode: 'DEFAULT', inputData }] });
    const putContents = (contents: ContentBlockInput[]) => call(t.app, acme, { method: 'PUT', url: '/api/product/content', payload: { productId, contents } });
    const putLogo = (logoImage: string) =>
      call(t.app, acme, { method: 'PUT', url: '/api/product/design', payload: { productId, design: { ...DEFAULT_DESIGN, logo: { logoType: 'image', logoText: '', logoImage } } } });

    expect((await putContents([block('image', picture)])).statusCode).toBe(200);
    expect((await putLogo(picture)).statusCode).toBe(200);

    const paths = disguised(`content/${productId}`, name);
    const images = await putContents(paths.map((path) => block('image', path)));
    expect(images.statusCode).toBe(400);
    expect(fieldPaths(images)).toEqual(paths.map((_, index) => `contents.${index}.inputs.0.inputData`));
    const videos = await putContents(disguised(`content/${productId}`, 'clip.mp4').map((path) => block('video', path)));
    expect(videos.statusCode).toBe(400);
    expect(fieldPaths(videos)).toHaveLength(paths.length);
    for (const path of paths) {
      const logo = await putLogo(path);
      expect(logo.statusCode, path).toBe(400);
      expect(fieldPaths(logo)).toEqual(['design.logo.logoImage']);
    }
    // What was saved before stays.
    const saved = await call(t.app, acme, { method: 'GET', url: `/api/product/content?productId=${productId}` });
    expect(saved.json().result.map((stored: { inputs: { inputData: string }[] }) => stored.inputs[0].inputData)).toEqual([picture]);
  });
});

describe("a passport's stored files", () => {
  it('take the path the upload answered and refuse disguises of it, in documents and certificates', async () => {
    const productId = await newProduct('DPP');
    const pdf = multipart({}, [{ field: 'file', data: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'doc.pdf', contentType: 'application/pdf' }]);
    const document = (await call(t.app, acme, { method: 'POST', url: `/api/product/passport/document?productId=${productId}`, ...pdf })).json().result.path as string;
    const name = document.split('/').pop()!;
    const putManual = (filePath: string) =>
      call(t.app, acme, { method: 'PUT', url: '/api/product/passport', payload: { productId, template: 'core', data: { userManual: { filePath } } } });
    const catalogue = (await call(t.app, acme, { method: 'GET', url: '/api/product/certifications' })).json().result as { id: number }[];
    const putCertificate = (documentPath: string) =>
      call(t.app, acme, {
        method: 'PUT',
        url: '/api/product/cert-info',
        payload: { productId, certificates: [{ certificationId: catalogue[0].id, number: 'CE-1', issuer: 'TÜV', validFrom: '2025-01-01', documentPath }] },
      });

    expect((await putManual(document)).statusCode).toBe(200);
    expect((await putCertificate(document)).statusCode).toBe(200);
    for (const path of [`/files/passports/${productId}/./${name}`, `/files/passports/${productId}//${name}`, `/files/passports/${productId}/sub/${name}`]) {
      const manual = await putManual(path);
      expect(manual.statusCode, path).toBe(400);
      expect(fieldPaths(manual)).toEqual(['data.userManual.filePath']);
      const certificate = await putCertificate(path);
      expect(certificate.statusCode, path).toBe(400);
      expect(fieldPaths(certificate)).toEqual(['certificates.0.documentPath']);
    }
  });
});
