import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SMART_LABEL_CATEGORIES } from '@product-console/shared';
import { companies } from '../modules/companies/tables.js';
import { productDesigns } from '../modules/contents/tables.js';
import { epcisEvents } from '../modules/epcis/tables.js';
import { links } from '../modules/links/tables.js';
import { products } from '../modules/products/tables.js';
import { qualifiers } from '../modules/qualifiers/tables.js';
import { traces } from '../modules/trace/tables.js';
import { DEMO_TRACE_SERIALS, DEMO_TRACED_PRODUCTS } from './seed-traces.js';
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
    // Food is not said to be repairable.
    const food = await t.app.db.select({ features: products.features }).from(products).where(eq(products.categoryId, 2));
    for (const { features } of food) expect(features).not.toMatch(/repairable|made to last/);
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

  it("traces two of Acme's DPP products with a journey from commissioning to the shop, the boots' serials packed into a case", async () => {
    const traced = await t.app.db
      .select({ id: products.id, name: products.productName, service: products.service, gtin: products.gtin, entryId: products.entryId })
      .from(traces)
      .innerJoin(products, eq(products.id, traces.productId));
    expect(traced.map((row) => row.name).sort()).toEqual([...DEMO_TRACED_PRODUCTS].sort());
    for (const product of traced) {
      expect(product.service).toBe('DPP');
      const steps = await t.app.db
        .select({ bizStep: epcisEvents.bizStep, eventType: epcisEvents.eventType, origin: epcisEvents.origin })
        .from(epcisEvents)
        .where(sql`${epcisEvents.gtins} @> ARRAY[${product.gtin}]::text[]`)
        .orderBy(epcisEvents.eventTime);
      expect(steps[0].bizStep, product.name).toBe('commissioning');
      expect(steps.at(-1)?.bizStep, product.name).toBe('retail_selling');
      expect(steps.map((step) => step.bizStep)).toContain('shipping');
      const [link] = await t.app.db.select().from(links).where(and(eq(links.productId, product.id), eq(links.linkType, 'gs1:traceability')));
      expect(link?.targetUrl, product.name).toMatch(/\/preview\/traceability$/);
    }
    const boots = traced.find((row) => row.name === 'Trailhead Hiking Boots')!;
    const serials = await t.app.db.select({ value: qualifiers.value }).from(qualifiers).where(eq(qualifiers.entryId, boots.entryId!));
    expect(serials.map((row) => row.value).sort()).toEqual([...DEMO_TRACE_SERIALS]);
    const packing = await t.app.db
      .select({ parentId: epcisEvents.parentId, children: epcisEvents.epcList })
      .from(epcisEvents)
      .where(and(eq(epcisEvents.eventType, 'AggregationEvent'), eq(epcisEvents.action, 'ADD'), sql`${epcisEvents.gtins} @> ARRAY[${boots.gtin}]::text[]`));
    expect(packing).toHaveLength(1);
    expect(packing[0].parentId).toMatch(/^https:\/\/id\.gs1\.org\/00\/\d{18}$/);
    expect(packing[0].children).toHaveLength(DEMO_TRACE_SERIALS.length);
  });
});

describe('demo scans', () => {
  it("gives Acme 90 days of scans whose rollups add up to them, with one flagged serial, and Nordic none", async () => {
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [acme] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'acme'));
    const [nordic] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'nordic'));
    const [raw] = await rows<{ n: number; days: number; countries: number; products: number; serials: number }>(sql`
      select count(*)::int as n, count(distinct scanned_at::date)::int as days, count(distinct country)::int as countries,
             count(distinct product_id)::int as products, count(distinct serial)::int as serials
      from scans where company_id = ${acme!.id}`);
    expect(raw!.n).toBeGreaterThan(4_000);
    expect(raw!.days).toBeGreaterThanOrEqual(89);
    expect(raw!.countries).toBeGreaterThanOrEqual(6);
    expect(raw!.products).toBe(8);
    expect(raw!.serials).toBe(DEMO_TRACE_SERIALS.length);

    // Every dimension of the rollups adds up to the raw scans that carry it.
    const sums = await rows<{ dimension: string; scans: number }>(sql`
      select dimension, sum(scans)::int as scans from scan_rollups where company_id = ${acme!.id} group by dimension`);
    const byDimension = Object.fromEntries(sums.map((row) => [row.dimension, row.scans]));
    const [carried] = await rows<Record<string, number>>(sql`
      select count(*)::int as total, count(country)::int as country, count(os)::int as os, count(lang)::int as language,
             count(serial)::int as serial, count(view)::int as view, count(link_type)::int as "linkType"
      from scans where company_id = ${acme!.id}`);
    for (const [dimension, count] of Object.entries(carried!)) expect(byDimension[dimension], dimension).toBe(count);
    expect(byDimension.visitors).toBeGreaterThan(raw!.n / 2);
    expect(byDimension.visitors).toBeLessThan(raw!.n);

    const flagged = await rows<{ serial: string; reason: string; evidence: { country: string }[] | string }>(sql`
      select serial, reason, evidence from suspicious_serials where company_id = ${acme!.id}`);
    expect(flagged).toHaveLength(1);
    const evidence = typeof flagged[0]!.evidence === 'string' ? JSON.parse(flagged[0]!.evidence) : flagged[0]!.evidence;
    expect(evidence.map((e: { country: string }) => e.country)).toEqual(['DE', 'CN']);
    expect(flagged[0]).toMatchObject({ serial: DEMO_TRACE_SERIALS[1], reason: 'countries' });

    const [none] = await rows<{ n: number }>(sql`select count(*)::int as n from scan_rollups where company_id = ${nordic!.id}`);
    expect(none!.n).toBe(0);
  });
});
