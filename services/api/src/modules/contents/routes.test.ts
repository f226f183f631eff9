import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DESIGN,
  ERROR_CODES,
  PRODUCT_LANGUAGE_MAX,
  RESOLVER_INVALIDATE_HEADER,
  TEMPLATE_DEFAULTS,
  gtin14,
  type ContentBlock,
  type ContentBlockInput,
  type Design,
} from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { expectClosedWithTheLanding } from '../../test/public-visibility.js';
import { demoSetUp, setSubAdminProductAccess } from '../../test/demo.js';
import { multipart, png } from '../../test/multipart.js';
import { links } from '../links/tables.js';
import { products } from '../products/tables.js';
import { productContents, productDesigns, productLanguages, productTexts } from './tables.js';
import { qualifiers } from '../qualifiers/tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let nextReference = 700;

interface Created {
  productId: number;
  entryId: number;
  entryPath: string;
}

async function newProduct(project = 'Camping'): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({
    product: JSON.stringify([{ project_id: projectIds[project], product_name: 'Aurora Headlamp', description: 'Bright and light', gtin }]),
  });
  const response = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...body });
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}` };
}

const putContents = (productId: number, contents: ContentBlockInput[], authorization = acme) =>
  call(t.app, authorization, { method: 'PUT', url: '/api/product/content', payload: { productId, contents } });

const getContents = async (productId: number): Promise<ContentBlock[]> => {
  const response = await call(t.app, acme, { method: 'GET', url: `/api/product/content?productId=${productId}` });
  expect(response.statusCode).toBe(200);
  return response.json().result;
};

const addLanguage = (productId: number, languageCode: string, authorization = acme) =>
  call(t.app, authorization, { method: 'POST', url: '/api/product/languages', payload: { productId, languageCode } });
const deleteLanguage = (productId: number, languageCode: string, authorization = acme) =>
  call(t.app, authorization, { method: 'DELETE', url: `/api/product/languages?productId=${productId}&languageCode=${languageCode}` });

const text = (type: 'text' | 'title' | 'html' | 'footer', inputData: string, languageCode = 'DEFAULT'): ContentBlockInput => ({
  type,
  inputs: [{ languageCode, inputData }],
});
const media = (type: 'link' | 'image' | 'video', inputData: string, label = ''): ContentBlockInput => ({
  type,
  inputs: [{ languageCode: 'DEFAULT', inputData }],
  label,
});

async function uploadMedia(productId: number, data: Buffer, filename = 'picture.png', authorization = acme) {
  return call(t.app, authorization, { method: 'POST', url: `/api/product/content/media?productId=${productId}`, ...multipart({}, [{ field: 'file', data, filename }]) });
}

/** The smallest MP4 file-type recognises: an `ftyp` box of brand isom. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(64)]);

const fileExists = async (path: string) => (await t.app.storage.get(path.replace(/^\/files\//, ''))) !== null;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(() => t.close());

describe('PUT /api/product/content', () => {
  it('stores the blocks in order with inputs for every language, the footer last, and answers them', async () => {
    const product = await newProduct();
    const response = await putContents(product.productId, [
      text('footer', '© Acme'),
      text('title', 'Aurora'),
      media('link', 'https://acme.example/manual', 'Manual'),
      text('text', 'Light for the trail'),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toBe('success');
    expect(body.contents.map((block: ContentBlock) => block.type)).toEqual(['title', 'link', 'text', 'footer']);
    expect(body.contents.map((block: ContentBlock) => block.order)).toEqual([1, 2, 3, 4]);
    expect(body.contents[1]).toMatchObject({ label: 'Manual', inputs: [{ languageCode: 'DEFAULT', inputData: 'https://acme.example/manual' }] });
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect(await getContents(product.productId)).toEqual(body.contents);

    // Saving again replaces everything; a block sent with its id keeps it.
    const kept = body.contents[2] as ContentBlock;
    const again = await putContents(product.productId, [{ ...text('text', 'Edited'), content_id: kept.content_id }, text('text', 'New')]);
    expect(again.statusCode).toBe(200);
    const after = await getContents(product.productId);
    expect(after.map((block) => block.inputs)).toEqual([[{ languageCode: 'DEFAULT', inputData: 'Edited' }], [{ languageCode: 'DEFAULT', inputData: 'New' }]]);
    expect(after[0].content_id).toBe(kept.content_id);
    expect(after[1].content_id).not.toBe(kept.content_id);
    // Another product's block id is not taken over: it makes a new block.
    const other = await newProduct();
    const foreign = await putContents(other.productId, [{ ...text('text', 'Mine'), content_id: kept.content_id }]);
    expect(foreign.json().contents[0].content_id).not.toBe(kept.content_id);
    expect((await getContents(product.productId))[0].inputs[0].inputData).toBe('Edited');
  });

  it('refuses a second footer with a field error instead of dropping it', async () => {
    const product = await newProduct();
    const response = await putContents(product.productId, [text('footer', 'one'), text('text', 'x'), text('footer', 'two')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: 'fail', code: ERROR_CODES.VALIDATION, details: [{ path: 'contents.2.type' }] });
    expect(await getContents(product.productId)).toEqual([]);
  });

  it('keeps link, image and video blocks at exactly one DEFAULT input', async () => {
    const product = await newProduct();
    expect((await addLanguage(product.productId, 'ko')).statusCode).toBe(200);
    const two = await putContents(product.productId, [
      { type: 'link', inputs: [{ languageCode: 'DEFAULT', inputData: 'https://acme.example' }, { languageCode: 'ko', inputData: 'https://acme.example/ko' }] },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().details).toEqual([expect.objectContaining({ path: 'contents.0.inputs' })]);
    const korean = await putContents(product.productId, [text('text', 'x'), { type: 'image', inputs: [{ languageCode: 'ko', inputData: 'https://cdn.example/a.png' }] }]);
    expect(korean.statusCode).toBe(400);
    expect(korean.json().details).toEqual([expect.objectContaining({ path: 'contents.1.inputs' })]);
  });

  it('refuses link targets that are not http(s) with field errors', async () => {
    const product = await newProduct();
    const response = await putContents(product.productId, [
      media('link', 'javascript:alert(1)'),
      media('link', 'ftp://acme.example/file'),
      media('link', 'data:text/html,<script>alert(1)</script>'),
      media('link', 'http://acme.example/ok'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { path: string }) => detail.path)).toEqual([
      'contents.0.inputs.0.inputData',
      'contents.1.inputs.0.inputData',
      'contents.2.inputs.0.inputData',
    ]);
  });

  it('accepts YouTube, Vimeo and uploaded MP4 videos and images of the product, nothing else', async () => {
    const product = await newProduct();
    const other = await newProduct();
    const picture = (await uploadMedia(product.productId, await png())).json().result.path as string;
    const video = await uploadMedia(product.productId, mp4(), 'clip.mp4');
    expect(video.statusCode).toBe(200);
    expect(video.json().result).toMatchObject({ contentType: 'video/mp4', path: expect.stringMatching(new RegExp(`^/files/content/${product.productId}/.+\\.mp4$`)) });
    const ok = await putContents(product.productId, [
      media('video', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'),
      media('video', 'https://youtu.be/dQw4w9WgXcQ'),
      media('video', 'https://youtube.com/shorts/dQw4w9WgXcQ'),
      media('video', 'https://vimeo.com/76979871'),
      media('video', video.json().result.path),
      media('image', picture, 'Aurora on a rock'),
      media('image', 'https://cdn.example/aurora.png'),
    ]);
    expect(ok.statusCode).toBe(200);

    const bad = await putContents(other.productId, [
      media('video', 'https://example.com/movie.mp4'),
      media('image', picture),
      media('image', 'http://cdn.example/plain-http.png'),
      media('image', ''),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((detail: { path: string }) => detail.path)).toEqual([
      'contents.0.inputs.0.inputData',
      'contents.1.inputs.0.inputData',
      'contents.2.inputs.0.inputData',
      'contents.3.inputs.0.inputData',
    ]);
  });

  it('cleans HTML blocks: no script, no event handlers, no javascript: or data: URLs', async () => {
    const product = await newProduct();
    const dirty =
      '<h2 onclick="steal()">Care</h2><script>alert(1)</script><style>body{display:none}</style>' +
      '<p style="color:red" onmouseover="x()">Wash <a href="javascript:alert(1)">cold</a>, <a href="mailto:care@acme.example">mail</a>, ' +
      '<a href="https://acme.example/care" target="_blank">read</a></p><img src="data:image/png;base64,AAAA" onerror="x()"><iframe src="https://evil.example"></iframe>';
    const response = await putContents(product.productId, [text('html', dirty)]);
    expect(response.statusCode).toBe(200);
    const html = response.json().contents[0].inputs[0].inputData as string;
    expect(html).not.toMatch(/script|alert|onclick|onmouseover|onerror|javascript:|data:|iframe|style|display:none/i);
    expect(html).toContain('<h2>Care</h2>');
    expect(html).toContain('href="mailto:care@acme.example"');
    expect(html).toContain('href="https://acme.example/care"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('refuses inputs in unregistered or repeated languages and fills missing ones from DEFAULT (a footer empty)', async () => {
    const product = await newProduct();
    const unknown = await putContents(product.productId, [{ type: 'text', inputs: [{ languageCode: 'DEFAULT', inputData: 'Hi' }, { languageCode: 'ja', inputData: 'こんにちは' }] }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ path: 'contents.0.inputs.1.languageCode' })]);
    const twice = await putContents(product.productId, [{ type: 'title', inputs: [{ languageCode: 'DEFAULT', inputData: 'A' }, { languageCode: 'DEFAULT', inputData: 'B' }] }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([expect.objectContaining({ path: 'contents.0.inputs.1.languageCode' })]);

    await addLanguage(product.productId, 'ko');
    const filled = await putContents(product.productId, [text('text', 'Hello'), text('footer', '© Acme')]);
    expect(filled.json().contents.map((block: ContentBlock) => block.inputs)).toEqual([
      [{ languageCode: 'DEFAULT', inputData: 'Hello' }, { languageCode: 'ko', inputData: 'Hello' }],
      [{ languageCode: 'DEFAULT', inputData: '© Acme' }, { languageCode: 'ko', inputData: '' }],
    ]);
  });

  it('leaves the old content whole when the write fails half way, answering result: fail', async () => {
    const product = await newProduct();
    await putContents(product.productId, [text('title', 'Kept'), text('text', 'Also kept')]);
    const before = await getContents(product.productId);
    // The database refuses the second new row, after the old rows were deleted in the same transaction.
    await t.app.db.execute(sql.raw(`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin if new.label = 'boom' then raise exception 'refused by the test'; end if; return new; end $$`));
    await t.app.db.execute(sql.raw('create trigger refuse_boom before insert on product_contents for each row execute function refuse_boom()'));
    try {
      const response = await putContents(product.productId, [text('text', 'New'), { ...media('link', 'https://acme.example'), label: 'boom' }]);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ result: 'fail', code: expect.any(String) });
      expect(response.body).not.toContain('refused by the test');
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_boom on product_contents'));
      await t.app.db.execute(sql.raw('drop function refuse_boom()'));
    }
    expect(await getContents(product.productId)).toEqual(before);
  });

  it('removes an uploaded file once no block or design shows it', async () => {
    const product = await newProduct();
    const first = (await uploadMedia(product.productId, await png('#aa0000'))).json().result.path as string;
    const second = (await uploadMedia(product.productId, await png('#00aa00'))).json().result.path as string;
    await putContents(product.productId, [media('image', first), media('image', second)]);
    await putContents(product.productId, [media('image', second)]);
    expect(await fileExists(first)).toBe(false);
    expect(await fileExists(second)).toBe(true);
  });
});

describe('product languages', () => {
  it('adding a language reaches every text block, every link title and the details, and nothing else', async () => {
    const product = await newProduct();
    const untouched = await newProduct();
    await putContents(untouched.productId, [text('text', 'Other product')]);
    await putContents(product.productId, [
      text('title', 'Aurora'),
      text('text', 'Light for the trail'),
      text('html', '<p>Care</p>'),
      media('link', 'https://acme.example/manual'),
      media('image', 'https://cdn.example/aurora.png'),
      media('video', 'https://vimeo.com/76979871'),
      text('footer', '© Acme'),
    ]);
    // An entry-level link (added with the product) and a link of one of its serials.
    const [qualifier] = await t.app.db
      .insert(qualifiers)
      .values({ companyId: await companyOf(product.productId), entryId: product.entryId, identifierCode: '21', qualifierPath: '/21/S1', value: 'S1' })
      .returning();
    await t.app.db.insert(links).values({ productId: product.productId, entryId: product.entryId, qualifierId: qualifier.id, linkType: 'gs1:homepage', title: 'Serial home', targetUrl: 'https://acme.example/s1' });
    const linksBefore = await t.app.db.select().from(links).where(eq(links.productId, product.productId));
    expect(linksBefore.length).toBeGreaterThanOrEqual(2);

    const added = await addLanguage(product.productId, 'ko');
    expect(added.statusCode).toBe(200);
    expect(added.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect(added.json().result).toEqual([{ id: expect.any(Number), value: 'ko' }]);
    expect(added.json().productDetails).toEqual([
      { languageCode: 'DEFAULT', productName: 'Aurora Headlamp', description: 'Bright and light', features: '', details: '' },
      { languageCode: 'ko', productName: 'Aurora Headlamp', description: 'Bright and light', features: '', details: '' },
    ]);

    const blocks = await getContents(product.productId);
    const inputsOf = (type: string) => blocks.find((block) => block.type === type)!.inputs;
    expect(inputsOf('title')).toEqual([{ languageCode: 'DEFAULT', inputData: 'Aurora' }, { languageCode: 'ko', inputData: 'Aurora' }]);
    expect(inputsOf('text').map((input) => input.languageCode)).toEqual(['DEFAULT', 'ko']);
    expect(inputsOf('html')).toEqual([{ languageCode: 'DEFAULT', inputData: '<p>Care</p>' }, { languageCode: 'ko', inputData: '<p>Care</p>' }]);
    expect(inputsOf('footer').map((input) => input.languageCode)).toEqual(['DEFAULT', 'ko']);
    for (const type of ['link', 'image', 'video']) expect(inputsOf(type)).toHaveLength(1);

    const linksAfter = await t.app.db.select().from(links).where(eq(links.productId, product.productId));
    for (const link of linksAfter) {
      expect(link.modifiedTitle).toContainEqual({ languageCode: 'ko', inputData: expect.any(String) });
      const ko = link.modifiedTitle.find((item) => item.languageCode === 'ko')!;
      expect(ko.inputData).toBe(link.modifiedTitle.find((item) => item.languageCode === 'DEFAULT')?.inputData ?? link.title);
    }
    expect((await getContents(untouched.productId))[0].inputs).toEqual([{ languageCode: 'DEFAULT', inputData: 'Other product' }]);

    // The same language twice is a conflict; DEFAULT and malformed codes are refused.
    expect((await addLanguage(product.productId, 'ko')).statusCode).toBe(409);
    expect((await addLanguage(product.productId, 'DEFAULT')).statusCode).toBe(400);
    expect((await addLanguage(product.productId, 'kor')).statusCode).toBe(400);

    const deleted = await deleteLanguage(product.productId, 'ko');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ result: [], productDetails: [{ languageCode: 'DEFAULT' }] });
    expect(deleted.json().productDetails).toHaveLength(1);
    for (const block of await getContents(product.productId)) expect(block.inputs.map((input) => input.languageCode)).toEqual(['DEFAULT']);
    const linksFinally = await t.app.db.select().from(links).where(eq(links.productId, product.productId));
    expect(linksFinally.map((link) => link.modifiedTitle)).toEqual(linksBefore.map((link) => link.modifiedTitle));
    expect((await deleteLanguage(product.productId, 'ko')).statusCode).toBe(404);
  });

  it(`registers at most ${PRODUCT_LANGUAGE_MAX} languages beside DEFAULT`, async () => {
    const product = await newProduct();
    const codes = Array.from({ length: PRODUCT_LANGUAGE_MAX }, (_, index) => `x${String.fromCharCode(97 + index)}`);
    await t.app.db.insert(productLanguages).values(codes.map((code) => ({ productId: product.productId, code })));
    const over = await addLanguage(product.productId, 'ko');
    expect(over.statusCode).toBe(400);
    expect(over.json().details).toEqual([expect.objectContaining({ path: 'languageCode' })]);
    expect((await deleteLanguage(product.productId, 'xa')).statusCode).toBe(200);
    expect((await addLanguage(product.productId, 'ko')).statusCode).toBe(200);
  });

  it('saves texts per language with PUT /api/product/details; DEFAULT is the product itself, unregistered languages are 400', async () => {
    const product = await newProduct();
    await addLanguage(product.productId, 'ko');
    const saved = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/details',
      payload: {
        productId: product.productId,
        dynamicInfo: [{ label: 'Lumen', value: '400' }],
        productDetails: [
          { languageCode: 'DEFAULT', productName: 'Aurora Headlamp 2', description: 'Brighter', features: 'USB-C', details: 'IPX4' },
          { languageCode: 'ko', productName: '오로라 헤드램프', description: '더 밝게', features: 'USB-C 충전', details: '생활 방수' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ result: 'success' });
    const read = (await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${product.productId}` })).json().product;
    expect(read).toMatchObject({ product_name: 'Aurora Headlamp 2', description: 'Brighter', features: 'USB-C', details: 'IPX4', dynamicInfo: [{ label: 'Lumen', value: '400' }] });
    const languages = (await call(t.app, acme, { method: 'GET', url: `/api/product/languages?productId=${product.productId}` })).json();
    expect(languages.productDetails[1]).toEqual({ languageCode: 'ko', productName: '오로라 헤드램프', description: '더 밝게', features: 'USB-C 충전', details: '생활 방수' });

    const unknown = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/details',
      payload: { productId: product.productId, productDetails: [{ languageCode: 'ja', productName: 'オーロラ' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ result: 'fail', details: [{ path: 'productDetails.0.languageCode' }] });
  });
});

describe('design', () => {
  it('answers the default design until one is saved, then the saved one; the logo must be an image of the product', async () => {
    const product = await newProduct();
    const first = await call(t.app, acme, { method: 'GET', url: `/api/product/design?productId=${product.productId}` });
    expect(first.json()).toEqual({ result: DEFAULT_DESIGN });

    const logo = (await uploadMedia(product.productId, await png('#222222'))).json().result.path as string;
    const design: Design = { ...DEFAULT_DESIGN, ...TEMPLATE_DEFAULTS.basic_black_v1, logo: { logoType: 'image', logoText: 'Aurora', logoImage: logo } };
    const saved = await call(t.app, acme, { method: 'PUT', url: '/api/product/design', payload: { productId: product.productId, design } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ result: 'success' });
    expect((await call(t.app, acme, { method: 'GET', url: `/api/product/design?productId=${product.productId}` })).json()).toEqual({ result: design });

    const other = await newProduct();
    const foreignLogo = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/design',
      payload: { productId: other.productId, design: { ...design, logo: { ...design.logo, logoImage: logo } } },
    });
    expect(foreignLogo.statusCode).toBe(400);
    expect(foreignLogo.json()).toMatchObject({ result: 'fail', details: [{ path: 'design.logo.logoImage' }] });

    // A logo the design no longer uses is removed.
    await call(t.app, acme, { method: 'PUT', url: '/api/product/design', payload: { productId: product.productId, design: DEFAULT_DESIGN } });
    expect(await fileExists(logo)).toBe(false);
  });
});

describe('media upload', () => {
  it('stores images with a thumbnail and MP4 videos, refusing anything else', async () => {
    const product = await newProduct();
    const image = await uploadMedia(product.productId, await png());
    expect(image.statusCode).toBe(200);
    expect(image.json().result).toMatchObject({ contentType: 'image/png', path: expect.stringMatching(new RegExp(`^/files/content/${product.productId}/`)) });
    expect(await fileExists(image.json().result.path.replace(/\.png$/, '.thumb.webp'))).toBe(true);
    const text = await uploadMedia(product.productId, Buffer.from('<svg onload="x()"></svg>'), 'evil.mp4');
    expect(text.statusCode).toBe(400);
    expect(text.json().details).toEqual([expect.objectContaining({ path: 'file' })]);
  });

  it('accepts an MP4 larger than the image limit, but not an image over it', async () => {
    const small = await createTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
    try {
      const session = (await demoSetUp(small.app)).acme;
      const [product] = (await call(small.app, session, { method: 'GET', url: '/api/product/all?size=1' })).json().result;
      const upload = (data: Buffer, filename: string) =>
        call(small.app, session, { method: 'POST', url: `/api/product/content/media?productId=${product.productId}`, ...multipart({}, [{ field: 'file', data, filename }]) });
      const video = Buffer.concat([mp4(), Buffer.alloc(200 * 1024)]);
      expect((await upload(video, 'clip.mp4')).statusCode).toBe(200);
      // A real PNG with trailing bytes past the image limit.
      const padded = Buffer.concat([await png('#123456', 64), Buffer.alloc(100 * 1024)]);
      const refused = await upload(padded, 'padded.png');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([expect.objectContaining({ path: 'file' })]);
    } finally {
      await small.close();
    }
  });
});

describe('access', () => {
  it("answers 404 for another company's product and 403 to a sub-admin without access, on every content route", async () => {
    const product = await newProduct();
    const design = { productId: product.productId, design: DEFAULT_DESIGN };
    const routes = (authorization: string) => [
      call(t.app, authorization, { method: 'GET', url: `/api/product/content?productId=${product.productId}` }),
      putContents(product.productId, [text('text', 'x')], authorization),
      call(t.app, authorization, { method: 'GET', url: `/api/product/languages?productId=${product.productId}` }),
      addLanguage(product.productId, 'ja', authorization),
      deleteLanguage(product.productId, 'ko', authorization),
      call(t.app, authorization, { method: 'GET', url: `/api/product/design?productId=${product.productId}` }),
      call(t.app, authorization, { method: 'PUT', url: '/api/product/design', payload: design }),
      uploadMedia(product.productId, mp4(), 'clip.mp4', authorization),
      call(t.app, authorization, { method: 'PUT', url: '/api/product/details', payload: { productId: product.productId, details: 'x' } }),
    ];
    for (const response of await Promise.all(routes(nordic))) expect(response.statusCode).toBe(404);
    // The demo sub-admin has no access to Camping.
    for (const response of await Promise.all(routes(sub))) expect(response.statusCode).toBe(403);
  });

  it('lets a sub-admin with read access read a product page but not change it', async () => {
    const product = await newProduct('Trail Gear');
    await putContents(product.productId, [text('text', 'Original')]);
    const before = await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await call(t.app, sub, { method: 'GET', url: `/api/product/content?productId=${product.productId}` })).statusCode).toBe(200);
      expect((await call(t.app, sub, { method: 'GET', url: `/api/product/design?productId=${product.productId}` })).statusCode).toBe(200);
      expect((await putContents(product.productId, [text('text', 'Changed')], sub)).statusCode).toBe(403);
      expect((await call(t.app, sub, { method: 'PUT', url: '/api/product/design', payload: { productId: product.productId, design: DEFAULT_DESIGN } })).statusCode).toBe(403);
      expect((await addLanguage(product.productId, 'ko', sub)).statusCode).toBe(403);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], before.product ?? { r: false, w: false });
    }
    expect((await getContents(product.productId))[0].inputs[0].inputData).toBe('Original');
  });
});

describe('labels per language', () => {
  it("keeps a link's text and an image's alt text per registered language, refuses another language, and drops them with the language", async () => {
    const product = await newProduct();
    expect((await addLanguage(product.productId, 'ko')).statusCode).toBe(200);
    const link = { type: 'link' as const, inputs: [{ languageCode: 'DEFAULT', inputData: 'https://acme.example/care' }], label: 'Care guide' };
    const refused = await putContents(product.productId, [{ ...link, labels: [{ languageCode: 'ja', inputData: 'ケア' }] }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: 'contents.0.labels.0.languageCode' })]);
    expect((await putContents(product.productId, [{ ...link, labels: [{ languageCode: 'ko', inputData: ' 관리 안내 ' }] }])).statusCode).toBe(200);
    expect((await getContents(product.productId))[0]).toMatchObject({ label: 'Care guide', labels: [{ languageCode: 'ko', inputData: '관리 안내' }] });
    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/product/languages?productId=${product.productId}&languageCode=ko` })).statusCode).toBe(200);
    expect((await getContents(product.productId))[0]).toMatchObject({ label: 'Care guide', labels: [] });
  });
});

describe('public reads of the consumer page', () => {
  it("never publishes the placeholder a new block starts with: the editor keeps it, shoppers get the copy blank", async () => {
    const product = await newProduct();
    expect((await addLanguage(product.productId, 'ko')).statusCode).toBe(200);
    const written = { type: 'text' as const, inputs: [{ languageCode: 'DEFAULT', inputData: 'Made to last' }, { languageCode: 'ko', inputData: 'content here' }] };
    const untouched = { type: 'title' as const, inputs: [{ languageCode: 'DEFAULT', inputData: 'content here' }, { languageCode: 'ko', inputData: 'content here' }] };
    expect((await putContents(product.productId, [written, untouched])).statusCode).toBe(200);
    expect((await getContents(product.productId)).map((block) => block.inputs.map((input) => input.inputData))).toEqual([
      ['Made to last', 'content here'],
      ['content here', 'content here'],
    ]);
    const page = (await t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-contents?productId=${product.productId}` })).json().result as { contents: ContentBlock[] };
    expect(page.contents.map((block) => block.inputs.map((input) => input.inputData))).toEqual([
      ['Made to last', ''],
      ['', ''],
    ]);
  });

  it('answers the published page and design without a session, never stale, and 404 once the product is deleted', async () => {
    const product = await newProduct();
    await putContents(product.productId, [text('title', 'Aurora'), media('link', 'https://acme.example')]);
    const url = `/api/product/landing-page/preview-contents?productId=${product.productId}`;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.json().result).toMatchObject({ languages: [], translatedTo: null, productDetails: [{ languageCode: 'DEFAULT', productName: 'Aurora Headlamp' }] });
    expect(page.json().result.contents.map((block: ContentBlock) => block.type)).toEqual(['title', 'link']);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);

    // A save shows at once: the ETag changes.
    await putContents(product.productId, [text('title', 'Aurora 2')]);
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(page.headers.etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result.contents[0].inputs[0].inputData).toBe('Aurora 2');

    const design = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/design?productId=${product.productId}` });
    expect(design.json()).toEqual({ result: DEFAULT_DESIGN });

    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/product/${product.productId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/landing-page/design?productId=${product.productId}` })).statusCode).toBe(404);
  });

  it("answers as the landing does, 404, while the product's entry is deactivated or once its company's approval is withdrawn", async () => {
    const product = await newProduct();
    await putContents(product.productId, [text('title', 'Aurora')]);
    const read = (url: string) => () => t.app.inject({ method: 'GET', url });
    await expectClosedWithTheLanding(t.app, acme, product, [
      read(`/api/product/landing-page/preview-contents?productId=${product.productId}`),
      read(`/api/product/landing-page/design?productId=${product.productId}`),
    ]);
  });

  it("removes a deleted product's page and its files", async () => {
    const product = await newProduct();
    const picture = (await uploadMedia(product.productId, await png())).json().result.path as string;
    await addLanguage(product.productId, 'ko');
    await putContents(product.productId, [media('image', picture), text('text', 'Bye')]);
    await call(t.app, acme, { method: 'PUT', url: '/api/product/design', payload: { productId: product.productId, design: DEFAULT_DESIGN } });
    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/product/${product.productId}` })).statusCode).toBe(200);
    expect(await fileExists(picture)).toBe(false);
    for (const table of [productContents, productLanguages, productTexts, productDesigns]) {
      expect(await t.app.db.select().from(table).where(eq(table.productId, product.productId))).toEqual([]);
    }
  });

  it('translates the texts into the viewer language when the design asks for it, and shows them as written when the translator fails', async () => {
    const product = await newProduct();
    await putContents(product.productId, [
      text('title', 'Aurora'),
      text('html', '<p>Care</p>'),
      media('link', 'https://acme.example'),
      text('footer', ''),
    ]);
    await call(t.app, acme, { method: 'PUT', url: '/api/product/design', payload: { productId: product.productId, design: { ...DEFAULT_DESIGN, isAutoTrans: true } } });
    const status = vi.spyOn(t.app.translator, 'status').mockReturnValue({ available: true, provider: 'libretranslate' });
    const translate = vi
      .spyOn(t.app.translator, 'translate')
      .mockImplementation(async ({ texts, target }) => texts.map((item) => `[${target}] ${item}<script>x</script>`));
    try {
      const page = (await t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-contents?productId=${product.productId}&lang=ja` })).json().result;
      expect(page.translatedTo).toBe('ja');
      expect(translate).toHaveBeenCalledWith(expect.objectContaining({ source: 'en', target: 'ja', format: 'html', texts: ['<p>Care</p>'] }));
      expect(translate).toHaveBeenCalledWith(expect.objectContaining({ source: 'en', target: 'ja', format: 'text', texts: ['Aurora', 'Aurora Headlamp', 'Bright and light'] }));
      const [title, html, link, footer] = page.contents as ContentBlock[];
      expect(title.inputs).toContainEqual({ languageCode: 'ja', inputData: '[ja] Aurora<script>x</script>' });
      expect(html.inputs.find((input) => input.languageCode === 'ja')!.inputData).toBe('[ja] <p>Care</p>');
      expect(link.inputs).toHaveLength(1);
      expect(footer.inputs).toContainEqual({ languageCode: 'ja', inputData: '' });
      expect(page.productDetails).toContainEqual(expect.objectContaining({ languageCode: 'ja', productName: '[ja] Aurora Headlamp<script>x</script>' }));

      const linkTitles = (await t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-links?productId=${product.productId}&lang=ja-JP` })).json().result;
      expect(linkTitles.length).toBeGreaterThan(0);
      for (const link of linkTitles) expect(link.modifiedTitle).toContainEqual({ languageCode: 'ja', inputData: expect.stringMatching(/^\[ja\] /) });
      // A registered language shows the product's own texts, untranslated.
      translate.mockClear();
      await addLanguage(product.productId, 'ko');
      const korean = (await t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-contents?productId=${product.productId}&lang=ko` })).json().result;
      expect(korean.translatedTo).toBeNull();
      expect(translate).not.toHaveBeenCalled();

      translate.mockResolvedValue(null);
      const failed = (await t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-contents?productId=${product.productId}&lang=ja` })).json().result;
      expect(failed.translatedTo).toBeNull();
      expect(failed.contents[0].inputs).toEqual([{ languageCode: 'DEFAULT', inputData: 'Aurora' }, { languageCode: 'ko', inputData: 'Aurora' }]);
    } finally {
      status.mockRestore();
      translate.mockRestore();
    }
  });
});

async function companyOf(productId: number): Promise<number> {
  const [row] = await t.app.db.select({ companyId: products.companyId }).from(products).where(eq(products.id, productId));
  return row.companyId;
}

describe('demo pages', () => {
  it('gives every Acme product a page in English and Korean, saved again unchanged, with both templates in use', async () => {
    const list = (await call(t.app, acme, { method: 'GET', url: '/api/product/all?size=100' })).json().result as { productId: number; product_number: string }[];
    const demo = list.filter((product) => product.product_number.startsWith('AO-'));
    expect(demo.length).toBeGreaterThanOrEqual(8);
    const templates = new Set<string>();
    for (const { productId } of demo) {
      const blocks = await getContents(productId);
      expect(blocks.map((block) => block.type)).toEqual(['title', 'text', 'image', 'link', 'footer']);
      expect(blocks[0].inputs.map((input) => input.languageCode)).toEqual(['DEFAULT', 'ko']);
      const languages = (await call(t.app, acme, { method: 'GET', url: `/api/product/languages?productId=${productId}` })).json();
      expect(languages.result.map((language: { value: string }) => language.value)).toEqual(['ko']);
      expect(languages.productDetails[1].productName).toMatch(/[가-힣]/);
      templates.add((await call(t.app, acme, { method: 'GET', url: `/api/product/design?productId=${productId}` })).json().result.template);
      const shown = (await t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-links?productId=${productId}` })).json().result;
      for (const link of shown) expect(link.modifiedTitle).toContainEqual({ languageCode: 'ko', inputData: expect.stringMatching(/[가-힣]/) });
    }
    expect([...templates].sort()).toEqual(['basic_black_v1', 'basic_white_v1']);

    const [first] = demo;
    const saved = await putContents(first.productId, (await getContents(first.productId)).map(({ type, inputs, style, label }) => ({ type, inputs, style, label })));
    expect(saved.statusCode).toBe(200);
  });
});

