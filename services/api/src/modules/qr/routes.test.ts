import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, QR_CALL_TO_ACTION, SERIAL_AI, gtin14, qualifierPathOf, qrContentSchema, type QrContentInput, type UiLanguage } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, readProduct } from '../../test/demo.js';
import { multipart, type MultipartFile } from '../../test/multipart.js';
import { decodeImage } from '../../test/qr-decode.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
/** A seeded Acme product in Camping (the sub-admin has no access there) and its read-back. */
let camping: { productId: number; entryId: number; companyId: number; gtin: string; digitalLink: string };
let nextReference = 700;

/** The text a PNG's QR code carries, the symbol version jsQR found and the image's size. */
const decodePng = decodeImage;

const getQr = (authorization: string, query: string) => call(t.app, authorization, { method: 'GET', url: `/api/product/qr?${query}` });

const readBack = (productId: number) => readProduct(t.app, acme, productId);

/** Creates an Acme product in Camping with this QR content, answering the raw response. */
function postProduct(qrContent: QrContentInput | Record<string, unknown>, files: MultipartFile[] = []) {
  const product = JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Trail Lantern', gtin: gtin14(0, '0614142', nextReference++) }]);
  const body = multipart({ product, qrContent: JSON.stringify(qrContent) }, files);
  return call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...body });
}

async function createProduct(qrContent: QrContentInput, files: MultipartFile[] = []) {
  const response = await postProduct(qrContent, files);
  expect(response.statusCode, response.body).toBe(201);
  const { productId } = response.json() as { productId: number };
  return { productId, ...(await readBack(productId)) };
}

async function addSerial(serial: string, isDeleted = false) {
  await t.app.db.insert(qualifiers).values({
    companyId: camping.companyId,
    entryId: camping.entryId,
    identifierCode: SERIAL_AI,
    qualifierPath: qualifierPathOf(SERIAL_AI, serial),
    value: serial,
    isDeleted,
  });
}

const versionAt = (text: string, errorCorrectionLevel: 'M' | 'H') => QRCode.create(text, { errorCorrectionLevel }).version;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  const [row] = await t.app.db.select().from(products).where(eq(products.projectId, projectIds.Camping)).limit(1);
  const { entry, product } = await readBack(row.id);
  camping = { productId: row.id, entryId: entry.entry_id, companyId: row.companyId, gtin: product.gtin, digitalLink: entry.digitalLink };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/product/qr', () => {
  it("answers a PNG of 1024 px carrying the product's Digital Link URI, cached privately", async () => {
    const response = await getQr(acme, `productId=${camping.productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    expect(response.headers['content-disposition']).toBeUndefined();
    const decoded = await decodePng(response.rawPayload);
    expect(decoded).toMatchObject({ text: camping.digitalLink, width: 1024, height: 1024 });
    expect(decoded.text).toMatch(/^https?:\/\/[^/]+\/01\/\d{14}$/);
    // Without a logo the code uses error correction M.
    expect(decoded.version).toBe(versionAt(camping.digitalLink, 'M'));
  });

  it('appends a live serial, percent-encoded, and names the download after GTIN, serial and size', async () => {
    await addSerial('LOT/7-A');
    const response = await getQr(acme, `productId=${camping.productId}&serial=${encodeURIComponent('LOT/7-A')}&size=512&download=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="qr-${camping.gtin}-LOT_7-A-512.png"`);
    const decoded = await decodePng(response.rawPayload);
    expect(decoded).toMatchObject({ text: `${camping.digitalLink}/21/LOT%2F7-A`, width: 512 });
  });

  it('answers 404 for a serial the entry does not have, or one that was deleted', async () => {
    await addSerial('GONE-1', true);
    for (const serial of ['NOPE-1', 'GONE-1']) {
      const response = await getQr(acme, `productId=${camping.productId}&serial=${serial}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(ERROR_CODES.NOT_FOUND);
    }
  });

  it('draws a text logo in the middle and raises error correction to H', async () => {
    const created = await createProduct({ customDesign: { logoType: 'text', logoText: 'ACME & <Co>' } });
    const decoded = await decodePng((await getQr(acme, `productId=${created.productId}&size=256`)).rawPayload);
    expect(decoded.text).toBe(created.entry.digitalLink);
    expect(decoded.version).toBe(versionAt(created.entry.digitalLink, 'H'));
    expect(decoded.version).toBeGreaterThan(versionAt(created.entry.digitalLink, 'M'));

    const svg = await getQr(acme, `productId=${created.productId}&format=svg`);
    expect(svg.body).toContain('>ACME &amp; &lt;Co&gt;</text>');
  });

  it('frames the code with the call to action in each language, taller than wide, and it still decodes', async () => {
    for (const [language, words] of Object.entries(QR_CALL_TO_ACTION)) {
      const created = await createProduct({ customDesign: { frame: 'cta', frameLanguage: language as UiLanguage, quietZone: 5 } });
      const png = await decodePng((await getQr(acme, `productId=${created.productId}&size=512`)).rawPayload);
      expect(png, language).toMatchObject({ text: created.entry.digitalLink, width: 512 });
      expect(png.height).toBeGreaterThan(560);
      const svg = await getQr(acme, `productId=${created.productId}&format=svg&size=512`);
      expect(svg.body).toContain('class="frame"');
      // The words are drawn as outlines, the same on every machine: no font is needed, no text is left.
      expect(svg.body).not.toContain(words);
      expect((await decodePng(Buffer.from(svg.body))).text).toBe(created.entry.digitalLink);
    }
  });

  it('refuses a quiet zone under 4 modules when the product is saved, and draws a wider one as asked', async () => {
    const refused = await postProduct({ customDesign: { quietZone: 2 } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().details)).toContain('quietZone');
    const wide = await createProduct({ customDesign: { quietZone: 10 } });
    const svg = (await getQr(acme, `productId=${wide.productId}&format=svg`)).body;
    const side = versionAt(wide.entry.digitalLink, 'M') * 4 + 17 + 20;
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect((await decodePng(Buffer.from(svg))).text).toBe(wide.entry.digitalLink);
  });

  it('composites an image logo, and embeds it as a PNG data URI in the SVG', async () => {
    const created = await createProduct({ customDesign: { logoType: 'image' } }, [
      { field: 'logoImg', data: await sharp({ create: { width: 60, height: 40, channels: 3, background: '#cc0000' } }).jpeg().toBuffer(), contentType: 'image/jpeg', filename: 'logo.jpg' },
    ]);
    const response = await getQr(acme, `productId=${created.productId}&size=2048`);
    const decoded = await decodePng(response.rawPayload);
    expect(decoded).toMatchObject({ text: created.entry.digitalLink, width: 2048 });
    expect(decoded.version).toBe(versionAt(created.entry.digitalLink, 'H'));
    // The middle of the code is the red logo (give or take JPEG rounding).
    const { data } = await sharp(response.rawPayload).extract({ left: 1024, top: 1024, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    const [red, green, blue] = data;
    expect(Math.abs(red - 204) + green + blue).toBeLessThan(8);

    const svg = await getQr(acme, `productId=${created.productId}&format=svg`);
    expect(svg.body).toMatch(/<image [^>]*href="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
  });

  it('paints the custom colours, in PNG and in a well-formed SVG that decodes too', async () => {
    const created = await createProduct({ customDesign: { logoType: 'text', logoText: '', foreground: '#1A3D7C', background: '#f5e6c8' } });
    const pngAnswer = await getQr(acme, `productId=${created.productId}&size=512`);
    expect((await decodePng(pngAnswer.rawPayload)).text).toBe(created.entry.digitalLink);
    const { data } = await sharp(pngAnswer.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xf5, 0xe6, 0xc8]);

    const svg = await getQr(acme, `productId=${created.productId}&format=svg&size=256&download=true`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers['cache-control']).toBe('private, max-age=60');
    expect(svg.headers['content-disposition']).toBe(`attachment; filename="qr-${created.product.gtin}-256.svg"`);
    expect(svg.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="256"/);
    expect(svg.body).toContain('fill="#1A3D7C"');
    expect(svg.body).toContain('fill="#f5e6c8"');
    // sharp refuses malformed XML: rasterising the SVG proves it well-formed and still readable.
    expect((await decodePng(await sharp(Buffer.from(svg.body)).png().toBuffer())).text).toBe(created.entry.digitalLink);
  });

  it('encodes the website instead when the QR content says so, but keeps the Digital Link for a serial', async () => {
    const created = await createProduct({ data: 'website', websiteUrl: 'https://acme.example/lantern?from=qr' });
    expect((await decodePng((await getQr(acme, `productId=${created.productId}`)).rawPayload)).text).toBe('https://acme.example/lantern?from=qr');
    await t.app.db.insert(qualifiers).values({
      companyId: camping.companyId,
      entryId: created.entry.entry_id,
      identifierCode: SERIAL_AI,
      qualifierPath: qualifierPathOf(SERIAL_AI, 'S1'),
      value: 'S1',
    });
    const serialised = await getQr(acme, `productId=${created.productId}&serial=S1`);
    expect((await decodePng(serialised.rawPayload)).text).toBe(`${created.entry.digitalLink}/21/S1`);
  });

  it('refuses colours scanners cannot read with 400 when the product is saved', async () => {
    for (const [foreground, background] of [
      ['#777777', '#888888'],
      ['#ffffff', '#000000'],
    ]) {
      const response = await postProduct({ customDesign: { logoType: 'text', foreground, background } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'qrContent.customDesign.foreground' }] });
    }
    const malformed = await postProduct({ customDesign: { foreground: 'navy' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses unknown sizes and formats, and malformed serials, with 400', async () => {
    for (const query of ['size=300', 'format=gif', 'serial=', 'serial=has%20space', 'serial=123456789012345678901']) {
      const response = await getQr(acme, `productId=${camping.productId}&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe(ERROR_CODES.VALIDATION);
    }
  });

  it("answers 404 for another company's product and 403 to a sub-admin without product access", async () => {
    expect((await getQr(nordic, `productId=${camping.productId}`)).statusCode).toBe(404);
    expect((await getQr(sub, `productId=${camping.productId}`)).statusCode).toBe(403);
    const [trailGear] = await t.app.db.select({ id: products.id }).from(products).where(eq(products.projectId, projectIds['Trail Gear'])).limit(1);
    expect((await getQr(sub, `productId=${trailGear.id}&size=256`)).statusCode).toBe(200);
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/product/qr?productId=${camping.productId}` })).statusCode).toBe(401);
  });
});

describe('qrContentSchema colours', () => {
  it('defaults to black on white and accepts dark on light with at least 3:1', () => {
    expect(qrContentSchema.safeParse({}).success).toBe(true);
    expect(qrContentSchema.safeParse({ customDesign: { foreground: '#1a3d7c', background: '#ffffff' } }).success).toBe(true);
    // #767676 on white is about 4.5:1, #a0a0a0 about 2.6:1.
    expect(qrContentSchema.safeParse({ customDesign: { foreground: '#767676' } }).success).toBe(true);
    expect(qrContentSchema.safeParse({ customDesign: { foreground: '#a0a0a0' } }).success).toBe(false);
    expect(qrContentSchema.safeParse({ customDesign: { background: '#000000' } }).success).toBe(false);
  });
});
