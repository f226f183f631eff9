import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { SMART_LABEL_CATEGORIES } from '@product-console/shared';
import { companies } from '../modules/companies/tables.js';
import { productDesigns } from '../modules/contents/tables.js';
import { links } from '../modules/links/tables.js';
import { products } from '../modules/products/tables.js';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it("gives every demo product a design whose logo names its company, never the editor's 'Logo Here'", async () => {
    const rows = await t.app.db
      .select({ company: companies.companyName, design: productDesigns.design })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .leftJoin(productDesigns, eq(productDesigns.productId, products.id))
      .where(and(isNull(products.deletedAt), eq(companies.permission, true)));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.design?.logo.logoText, row.company).toBe(row.company);
  });

  it('puts each product in the category that fits it: care information for gear and clothes, smart labels for food and household goods', async () => {
    const rows = await t.app.db
      .select({ company: companies.serviceName, name: products.productName, categoryId: products.categoryId, subcategoryId: products.subcategoryId, care: products.careInfoText })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .where(isNull(products.deletedAt));
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName['Glacier Down Jacket']).toMatchObject({ categoryId: 1, subcategoryId: 3 });
    expect(byName['Nightfall Sleeping Bag']).toMatchObject({ categoryId: 1 });
    expect(byName['Ember Camp Stove']).toMatchObject({ categoryId: 3, subcategoryId: 10, care: '' });
    for (const row of rows.filter((product) => product.company === 'nordic')) expect(row, row.name).toMatchObject({ categoryId: 2, care: '' });
    expect(byName['Vanilla Skyr 500g'].subcategoryId).toBe(5);
    expect(byName['Rye Crispbread'].subcategoryId).toBe(6);
    // Category 1 has care information (spec point 3), each product its own.
    const careTexts = rows.filter((row) => row.categoryId === 1).map((row) => row.care);
    expect(careTexts.every((care) => care.length > 0)).toBe(true);
    expect(new Set(careTexts).size).toBe(careTexts.length);
  });

  it('gives the smart-label products, and only them, a smart-label link', async () => {
    const withSmartLabel = await t.app.db
      .selectDistinct({ name: products.productName, categoryId: products.categoryId })
      .from(links)
      .innerJoin(products, eq(products.id, links.productId))
      .where(and(eq(links.linkType, 'gs1:smartLabel'), eq(links.display, true)));
    expect(withSmartLabel.length).toBeGreaterThan(0);
    for (const product of withSmartLabel) expect(SMART_LABEL_CATEGORIES, product.name).toContain(product.categoryId);
    expect(withSmartLabel.map((product) => product.name).sort()).toEqual(
      ['Cinnamon Buns 6-pack', 'Ember Camp Stove', 'Organic Whole Milk 1L', 'Rye Crispbread', 'Vanilla Skyr 500g'].sort(),
    );
  });
});
