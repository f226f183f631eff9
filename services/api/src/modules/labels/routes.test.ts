import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER, gtin14, landingPageResponseSchema } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';
import { verifications } from '../landing/tables.js';

/*
 * The labels a brand is obliged to show (issue 29): `PUT /api/product/label` checks every field with
 * the shared schema (400 naming the field), takes them on smart-label products only, and the landing
 * and the resolver read them back; a wine e-label's code is resolved without a scan record.
 */

let t: TestApp;
let acme: string;
let nordic: string;
let campingId: number;
let nextReference = 2900;

interface Created {
  productId: number;
  entryId: number;
  entryPath: string;
}

async function newProduct(category: number): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const product = { project_id: campingId, category_id: category, product_name: 'Trail Oat Bar', gtin };
  const response = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...multipart({ product: JSON.stringify([product]) }) });
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}` };
}

const nutrition = { energyKj: 1046, energyKcal: 250, fat: 10, saturates: 4, carbohydrate: 30, sugars: 5, protein: 8, salt: 1.2 };
const food = {
  kind: 'food',
  ingredients: [
    { name: 'Oat flakes', allergen: 'cereals', percent: 55 },
    { name: 'Honey', percent: 20 },
    { name: 'Hazelnuts', allergen: 'nuts', percent: 10 },
  ],
  nutrition,
  portionSize: 40,
  netQuantity: { amount: 200, unit: 'g' },
  storage: 'Store in a cool, dry place.',
  operator: { name: 'Acme Foods', address: '1 Main Street, Springfield' },
};
const wine = {
  kind: 'wine',
  ingredients: [{ name: 'Grapes' }, { name: 'Sulphites', allergen: 'sulphites' }],
  nutrition: { energyKj: 301, energyKcal: 72, fat: 0, saturates: 0, carbohydrate: 2.6, sugars: 0.6, protein: 0, salt: 0 },
  alcohol: 12.5,
};

const putLabel = (authorization: string, productId: number, label: unknown) =>
  call(t.app, authorization, { method: 'PUT', url: '/api/product/label', payload: { productId, label } });

const resolverEntry = (entryPath: string) =>
  t.app.inject({ method: 'GET', url: `/api/internal/resolver/entry?entryPath=${encodeURIComponent(entryPath)}`, headers: { [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN } });

const smartLabelOf = async (productId: number, extra = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${productId}&serviceName=acme&view=smartLabel${extra}` });
  expect(response.statusCode).toBe(200);
  return landingPageResponseSchema.parse(response.json()).result;
};

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  const list = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  campingId = list.find((project) => project.project_name === 'Camping')!.project_id;
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/product/label', () => {
  it('stores a food label with its defaults, answers it on the product and the smartLabel view, and removes it with null', async () => {
    const product = await newProduct(2);
    const saved = await putLabel(acme, product.productId, food);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['x-resolver-invalidate']).toBe(product.entryPath);
    expect(saved.json().result.label).toMatchObject({ kind: 'food', dateMarking: 'bestBefore', origin: '', ingredients: [{ name: 'Oat flakes', allergen: 'cereals', percent: 55 }, { name: 'Honey', allergen: null }, {}] });

    const read = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${product.productId}` });
    expect(read.json().product.label).toEqual(saved.json().result.label);
    expect((await smartLabelOf(product.productId)).smartLabel?.label).toEqual(saved.json().result.label);
    // A food label's code is scanned as any other.
    expect((await resolverEntry(product.entryPath)).json().untracked).toBeUndefined();

    expect((await putLabel(acme, product.productId, null)).statusCode).toBe(200);
    expect((await smartLabelOf(product.productId)).smartLabel?.label).toBeNull();
  });

  it('answers 400 naming each field that is wrong', async () => {
    const product = await newProduct(3);
    const details = async (label: unknown) => {
      const response = await putLabel(acme, product.productId, label);
      expect(response.statusCode).toBe(400);
      return (response.json().details as { path: string }[]).map((detail) => detail.path).sort();
    };
    expect(await details({ ...food, nutrition: { ...nutrition, saturates: 12 } })).toEqual(['label.nutrition.saturates']);
    expect(await details({ ...food, ingredients: [{ name: 'Honey', percent: 20 }, { name: 'Oats', percent: 55 }] })).toEqual(['label.ingredients.1.percent']);
    expect(await details({ ...food, operator: { name: '', address: 'x' } })).toEqual(['label.operator.name']);
    expect(await details({ kind: 'textile', fibres: [{ fibre: 'cotton', percent: 80 }, { fibre: 'elastane', percent: 5 }] })).toEqual(['label.fibres']);
    expect(await details({ kind: 'textile', fibres: [{ fibre: 'cotton', percent: 100 }], care: { washing: 'boil' } })).toEqual(['label.care.washing']);
    expect(await details({ ...food, storage: 'x'.repeat(501) })).toEqual(['label.storage']);
    // Nothing was stored by a refused request.
    const read = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${product.productId}` });
    expect(read.json().product.label).toBeNull();
  });

  it('takes a textile label on a category 3 product', async () => {
    const product = await newProduct(3);
    const textile = { kind: 'textile', fibres: [{ fibre: 'cotton', percent: 95 }, { fibre: 'elastane', percent: 5 }], care: { washing: 'wash40', ironing: 'ironLow', professional: 'doNotDryClean' } };
    const saved = await putLabel(acme, product.productId, textile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.label.care).toEqual({ washing: 'wash40', bleaching: null, drying: null, ironing: 'ironLow', professional: 'doNotDryClean' });
  });

  it('refuses a label on a product without a smart label, and another company’s product is not found', async () => {
    const plain = await newProduct(1);
    const refused = await putLabel(acme, plain.productId, food);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: 'label' })]);
    const product = await newProduct(2);
    expect((await putLabel(nordic, product.productId, food)).statusCode).toBe(404);
    expect((await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${product.productId}` })).json().product.label).toBeNull();
  });

  it("marks a wine e-label's resolver record untracked", async () => {
    const product = await newProduct(2);
    expect((await putLabel(acme, product.productId, wine)).statusCode).toBe(200);
    const entry = await resolverEntry(product.entryPath);
    expect(entry.statusCode).toBe(200);
    expect(entry.json().untracked).toBe(true);
    expect((await smartLabelOf(product.productId)).smartLabel?.label).toMatchObject({ kind: 'wine', alcohol: 12.5, netQuantity: null });
  });
});

describe("a wine e-label's verification view", () => {
  it('records the check without the visitor: no address key, no country, no visitor of the day', async () => {
    const product = await newProduct(2);
    expect((await putLabel(acme, product.productId, wine)).statusCode).toBe(200);
    const serial = await call(t.app, acme, {
      method: 'POST',
      url: '/api/entry/qualifiers/',
      payload: { qualifierPath: '/21/WINE-1', identifierCode: '21', entryId: product.entryId, entryPath: product.entryPath, gcp: '0614142' },
    });
    expect(serial.statusCode).toBeLessThan(300);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/product/landing-page/page?productId=${product.productId}&serviceName=acme&view=verification&serial=WINE-1`,
      headers: { [VISITOR_ADDRESS_HEADER]: '81.2.69.142', [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
    });
    expect(response.statusCode).toBe(200);
    expect(landingPageResponseSchema.parse(response.json()).result.verification).toMatchObject({ status: 'registered', country: null });
    const rows = await t.app.db.select().from(verifications).where(eq(verifications.productId, product.productId));
    expect(rows.map((row) => ({ visitor: row.visitor, country: row.country }))).toEqual([{ visitor: null, country: null }]);
    const { rows: visitors } = (await t.app.db.execute(sql`select 1 from scan_serial_visitors where product_id = ${product.productId}`)) as unknown as { rows: unknown[] };
    expect(visitors).toEqual([]);
  });
});
