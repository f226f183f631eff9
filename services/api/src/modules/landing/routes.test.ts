import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESIGN, INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER, gtin14, landingPageResponseSchema, type LandingPageData } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { DEMO_JACKET_LOT } from '../../seed/seed-traces.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { verifications } from './tables.js';

let t: TestApp;
let acme: string;
let campingId: number;
let nextReference = 1900;

interface Created {
  productId: number;
  entryId: number;
  entryPath: string;
}

async function newProduct(fields: Record<string, unknown> = {}): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const product = { project_id: campingId, product_name: 'Aurora Headlamp', product_number: 'AO-CA-190', features: 'Bright', description: 'A headlamp', gtin, ...fields };
  const response = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...multipart({ product: JSON.stringify([product]) }) });
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}` };
}

async function addSerial(product: Created, qualifierPath: string): Promise<number> {
  const response = await call(t.app, acme, {
    method: 'POST',
    url: '/api/entry/qualifiers/',
    payload: { qualifierPath, identifierCode: '21', entryId: product.entryId, entryPath: product.entryPath, gcp: '0614142' },
  });
  expect(response.statusCode).toBeLessThan(300);
  return (response.json().result ?? response.json()).qualifierId;
}

const page = (query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}` });

async function view(productId: number, viewName: string, extra: Record<string, string> = {}): Promise<LandingPageData> {
  const response = await page({ productId, serviceName: 'acme', view: viewName, ...extra });
  expect(response.statusCode).toBe(200);
  return landingPageResponseSchema.parse(response.json()).result;
}

const recorded = (productId: number) => t.app.db.select().from(verifications).where(eq(verifications.productId, productId)).orderBy(verifications.id);

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  const list = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  campingId = list.find((project) => project.project_name === 'Camping')!.project_id;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/product/landing-page/page (public)', () => {
  it('answers the index view in one read: product, links, contents and design, revalidated with an ETag', async () => {
    const product = await newProduct();
    const response = await page({ productId: product.productId, serviceName: 'acme' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    const { result } = landingPageResponseSchema.parse(response.json());
    expect(result.view).toBe('index');
    expect(result.product).toMatchObject({ productId: product.productId, product_name: 'Aurora Headlamp', serviceName: 'acme', entryPath: product.entryPath });
    expect(result.links.map((link) => link.linkType)).toEqual(expect.arrayContaining(['gs1:pip', 'gs1:certificationInfo', 'gs1:homepage']));
    expect(result.content.productDetails).toContainEqual(expect.objectContaining({ languageCode: 'DEFAULT', productName: 'Aurora Headlamp' }));
    expect(result.design).toEqual(DEFAULT_DESIGN);
    expect(result).toMatchObject({ smartLabel: null, verification: null, passport: null, trace: null });

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/product/landing-page/page?productId=${product.productId}&serviceName=acme`,
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leads every automatic link to one of the six views of this product', async () => {
    const product = await newProduct({ category_id: 2 });
    const result = await view(product.productId, 'index');
    const pattern = new RegExp(`/acme/product-details/${product.productId}/preview(/(homepage|verification|smartLabel|dpp|traceability))?$`);
    expect(result.links.length).toBeGreaterThanOrEqual(4);
    for (const link of result.links) expect(link.targetUrl).toMatch(pattern);
  });

  it('answers the homepage, dpp and traceability views with the company and nothing published', async () => {
    const product = await newProduct();
    const homepage = await view(product.productId, 'homepage');
    expect(homepage.view).toBe('homepage');
    expect(homepage.product.company).toMatchObject({ contactEmail: 'hello@acme.example', contactPhone: '+1 555 0100', website: 'https://acme.example' });
    expect(homepage.product.company.sns.length).toBe(2);
    for (const name of ['dpp', 'traceability']) {
      const result = await view(product.productId, name);
      expect(result).toMatchObject({ view: name, passport: null, trace: null, verification: null });
    }
    expect(await recorded(product.productId)).toEqual([]);
  });

  it("answers a traced product's journey on the traceability view only: the demo jacket's lot, oldest first", async () => {
    const [jacket] = await t.app.db.select().from(products).where(eq(products.productName, 'Glacier Down Jacket'));
    const result = await view(jacket.id, 'traceability');
    expect(result.trace).not.toBeNull();
    expect(result.trace!.serial).toBeNull();
    expect(result.trace!.total).toBe(4);
    expect(result.trace!.steps.map((step) => step.bizStep)).toEqual(['commissioning', 'shipping', 'receiving', 'retail_selling']);
    expect(result.trace!.steps[0].quantities).toEqual([{ epcClass: `https://id.gs1.org/01/${jacket.gtin}/10/${DEMO_JACKET_LOT}`, quantity: 40, uom: null }]);
    expect(result.trace!.steps[1].sensorReadings.map((reading) => reading.type)).toEqual(['Temperature', 'Temperature', 'Temperature']);
    expect(result.trace!.steps[1]).not.toHaveProperty('bizTransactions');
    for (const other of ['index', 'dpp', 'verification']) expect((await view(jacket.id, other)).trace, other).toBeNull();
  });

  it('answers smart-label data for category 2 and 3 products only', async () => {
    const label = await newProduct({
      category_id: 2,
      details: 'Keep cool',
      dynamicInfo: [{ label: 'Best before', value: '2027-01-01' }],
      options: [{ name: 'Size', value: '500 g', image: null }],
      certification: [1],
    });
    const result = await view(label.productId, 'smartLabel');
    expect(result.smartLabel).toMatchObject({
      details: 'Keep cool',
      dynamicInfo: [{ label: 'Best before', value: '2027-01-01' }],
      options: [{ name: 'Size', value: '500 g', image: null }],
    });
    expect(result.smartLabel!.certifications).toHaveLength(1);
    expect(result.smartLabel!.certifications[0]).toMatchObject({ id: 1 });
    const household = await newProduct({ category_id: 3, details: 'Store dry' });
    expect((await view(household.productId, 'smartLabel')).smartLabel).toMatchObject({ details: 'Store dry' });
    const gear = await newProduct({ category_id: 1, details: 'Not shown' });
    expect((await view(gear.productId, 'smartLabel')).smartLabel).toBeNull();
  });

  it("answers 404 for another company's address, deleted products, inactive or deleted entries and unapproved companies; 400 for bad queries", async () => {
    const product = await newProduct();
    expect((await page({ productId: product.productId, serviceName: 'nordic' })).statusCode).toBe(404);
    expect((await page({ productId: product.productId, serviceName: 'nobody' })).statusCode).toBe(404);
    expect((await page({ productId: product.productId, serviceName: 'acme', view: 'verification', serial: 'X' })).statusCode).toBe(200);

    const inactive = await newProduct();
    await t.app.db.update(entries).set({ isActive: false }).where(eq(entries.id, inactive.entryId));
    expect((await page({ productId: inactive.productId, serviceName: 'acme' })).statusCode).toBe(404);

    const entryGone = await newProduct();
    await t.app.db.update(entries).set({ isDeleted: true }).where(eq(entries.id, entryGone.entryId));
    expect((await page({ productId: entryGone.productId, serviceName: 'acme' })).statusCode).toBe(404);

    const deleted = await newProduct();
    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/product/${deleted.productId}` })).statusCode).toBe(200);
    const gone = await page({ productId: deleted.productId, serviceName: 'acme' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('E404001');

    const [company] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'acme'));
    await t.app.db.update(companies).set({ permission: false }).where(eq(companies.id, company.id));
    try {
      expect((await page({ productId: product.productId, serviceName: 'acme' })).statusCode).toBe(404);
      expect((await page({ productId: product.productId, serviceName: 'acme', view: 'verification', serial: 'X' })).statusCode).toBe(404);
    } finally {
      await t.app.db.update(companies).set({ permission: true }).where(eq(companies.id, company.id));
    }
    expect((await page({ productId: product.productId, serviceName: 'acme' })).statusCode).toBe(200);

    expect((await page({ productId: 'abc', serviceName: 'acme' })).statusCode).toBe(400);
    expect((await page({ productId: product.productId, serviceName: 'acme', view: 'console' })).statusCode).toBe(400);
    expect((await page({ productId: product.productId, serviceName: 'acme', view: 'verification', serial: 'S'.repeat(21) })).statusCode).toBe(400);
  });

  it('verifies a scanned serial against this product, never cached, and records every check without anything personal', async () => {
    const product = await newProduct();
    const other = await newProduct();
    await addSerial(product, '/21/SN-001');
    await addSerial(product, `/21/${encodeURIComponent('A/B%1')}`);
    const removed = await addSerial(product, '/21/SN-OLD');
    await addSerial(other, '/21/SN-OTHER');
    const deletion = await call(t.app, acme, {
      method: 'PUT',
      url: `/api/entry/qualifiers/delete?qualifierId=${removed}&entryId=${product.entryId}&entryPath=${encodeURIComponent(product.entryPath)}`,
    });
    expect(deletion.statusCode).toBe(200);

    const check = async (serial?: string) => {
      const response = await page({ productId: product.productId, serviceName: 'acme', view: 'verification', ...(serial === undefined ? {} : { serial }) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return landingPageResponseSchema.parse(response.json()).result.verification!;
    };
    // A printed code can be copied: a registered serial is never called genuine without a tag's proof.
    expect(await check('SN-001')).toMatchObject({ status: 'registered', serial: 'SN-001', warnings: [], reason: null, history: null });
    expect(await check('A/B%1')).toMatchObject({ status: 'registered', serial: 'A/B%1' });
    expect(await check('SN-404')).toMatchObject({ status: 'notGenuine', reason: 'unknown', serial: 'SN-404', history: null });
    expect(await check('SN-OLD')).toMatchObject({ status: 'notGenuine', reason: 'unknown', serial: 'SN-OLD' });
    expect(await check('SN-OTHER')).toMatchObject({ status: 'notGenuine', reason: 'otherProduct', serial: 'SN-OTHER' });
    expect(await check('bad serial')).toMatchObject({ status: 'notGenuine', reason: 'unknown' });
    const none = await check();
    expect(none).toMatchObject({ status: 'noSerial', serial: null });
    expect(Number.isNaN(Date.parse(none.checkedAt))).toBe(false);

    const rows = await recorded(product.productId);
    expect(rows.map((row) => [row.serial, row.result])).toEqual([
      ['SN-001', 'registered'],
      ['A/B%1', 'registered'],
      ['SN-404', 'notGenuine'],
      ['SN-OLD', 'notGenuine'],
      ['SN-OTHER', 'notGenuine'],
      ['bad serial', 'notGenuine'],
      [null, 'noSerial'],
    ]);
    expect(Object.keys(rows[0]).sort()).toEqual(['checkedAt', 'companyId', 'country', 'entryId', 'id', 'productId', 'result', 'serial', 'visitor']);
    // A call without the gateway's naming of the visitor: every check is its own row.
    expect(rows.every((row) => row.visitor === null)).toBe(true);
    expect(rows.every((row) => row.entryId === product.entryId)).toBe(true);
    expect(await t.app.db.select().from(verifications).where(and(eq(verifications.productId, other.productId)))).toEqual([]);
  });

  it("counts ten identical checks of one visitor once, answers each afresh, and records again another answer, another visitor or after a minute", async () => {
    const product = await newProduct();
    const serial = await addSerial(product, '/21/SN-TEN');
    const check = async (address: string, gateway = true) => {
      const headers: Record<string, string> = { [VISITOR_ADDRESS_HEADER]: address };
      if (gateway) headers[INTERNAL_TOKEN_HEADER] = t.config.INTERNAL_TOKEN;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/product/landing-page/page?productId=${product.productId}&serviceName=acme&view=verification&serial=SN-TEN`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return landingPageResponseSchema.parse(response.json()).result.verification!;
    };
    const answers: Awaited<ReturnType<typeof check>>[] = [];
    for (let i = 0; i < 10; i++) answers.push(await check('81.2.69.142'));
    expect(answers.every((answer) => answer.status === 'registered' && answer.checkedAt === answers[0].checkedAt)).toBe(true);
    let rows = await recorded(product.productId);
    expect(rows.map((row) => row.result)).toEqual(['registered']);
    // The visitor is the day's salted key of the address, not the address.
    expect(rows[0].visitor).toMatch(/^[0-9a-f]{16}$/);

    // The serial deleted in between: the next check says so at once, and is a check of its own.
    const deletion = await call(t.app, acme, {
      method: 'PUT',
      url: `/api/entry/qualifiers/delete?qualifierId=${serial}&entryId=${product.entryId}&entryPath=${encodeURIComponent(product.entryPath)}`,
    });
    expect(deletion.statusCode).toBe(200);
    expect(await check('81.2.69.142')).toMatchObject({ status: 'notGenuine', serial: 'SN-TEN' });
    expect(await check('::ffff:81.2.69.142')).toMatchObject({ status: 'notGenuine' });
    // Another visitor, and a header the gateway did not send (no internal token), count on their own.
    expect(await check('133.242.0.1')).toMatchObject({ status: 'notGenuine' });
    await check('133.242.0.1', false);
    await check('133.242.0.1', false);
    rows = await recorded(product.productId);
    expect(rows.map((row) => [row.result, row.visitor === null])).toEqual([
      ['registered', false],
      ['notGenuine', false],
      ['notGenuine', false],
      ['notGenuine', true],
      ['notGenuine', true],
    ]);
    // A minute later the same visitor's check counts again.
    await t.app.db.update(verifications).set({ checkedAt: sql`checked_at - interval '61 seconds'` }).where(eq(verifications.productId, product.productId));
    await check('81.2.69.142');
    expect(await recorded(product.productId)).toHaveLength(6);
  });

  it("tells a registered serial's history: the first check's day and country, then how many checks came before", async () => {
    const product = await newProduct();
    await addSerial(product, '/21/SN-HIST');
    const check = async (address: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/product/landing-page/page?productId=${product.productId}&serviceName=acme&view=verification&serial=SN-HIST`,
        headers: { [VISITOR_ADDRESS_HEADER]: address, [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
      });
      return landingPageResponseSchema.parse(response.json()).result.verification!;
    };
    const first = await check('81.2.69.142');
    expect(first).toMatchObject({ status: 'registered', history: null, country: 'GB' });
    // The same visitor again within the minute: the same answer, nothing added.
    expect((await check('81.2.69.142')).history).toBeNull();
    const second = await check('133.242.0.1');
    expect(second).toMatchObject({ status: 'registered', country: 'JP', history: { firstCheckedAt: first.checkedAt, firstCountry: 'GB', checks: 1 } });
    expect((await check('8.8.8.8')).history).toMatchObject({ firstCountry: 'GB', checks: 2 });
    // Each checking visitor counts among the serial's visitors of the day, as the copy rules read them.
    const visitors = (await t.app.db.execute(sql`select country from scan_serial_visitors where product_id = ${product.productId} and serial = 'SN-HIST' order by first_at`)) as unknown as {
      rows: { country: string | null }[];
    };
    expect(visitors.rows.map((row) => row.country)).toEqual(['GB', 'JP', 'US']);
    // An unknown serial has no history, and gets none.
    const unknown = await page({ productId: product.productId, serviceName: 'acme', view: 'verification', serial: 'SN-NOPE' });
    expect(landingPageResponseSchema.parse(unknown.json()).result.verification).toMatchObject({ status: 'notGenuine', history: null });
    const kept = (await t.app.db.execute(sql`select count(*)::int as n from serial_checks where product_id = ${product.productId}`)) as unknown as { rows: { n: number }[] };
    expect(kept.rows).toEqual([{ n: 1 }]);
  });

  it('warns about a registered serial flagged as copied, checked outside its markets or confirmed reported, and refuses a deactivated or blacklisted one', async () => {
    const product = await newProduct();
    const [{ companyId }] = await t.app.db.select({ companyId: products.companyId }).from(products).where(eq(products.id, product.productId));
    for (const serial of ['W-COPY', 'W-MARKET', 'W-REPORT', 'W-OFF', 'W-BLACK', 'W-FINE']) await addSerial(product, `/21/${serial}`);
    const check = async (serial: string, address = '81.2.69.142') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/product/landing-page/page?productId=${product.productId}&serviceName=acme&view=verification&serial=${serial}`,
        headers: { [VISITOR_ADDRESS_HEADER]: address, [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
      });
      return landingPageResponseSchema.parse(response.json()).result.verification!;
    };
    await t.app.db.execute(sql`insert into suspicious_serials (company_id, product_id, serial, reason, evidence) values (${companyId}, ${product.productId}, 'W-COPY', 'countries', '[]'::jsonb)`);
    await t.app.db.execute(sql`insert into counterfeit_reports (company_id, product_id, serial, status) values (${companyId}, ${product.productId}, 'W-REPORT', 'confirmed'), (${companyId}, ${product.productId}, 'W-FINE', 'open')`);
    await t.app.db.execute(sql`update qualifiers set status = 'deactivated' where value = 'W-OFF' and entry_id = ${product.entryId}`);
    await t.app.db.execute(sql`update qualifiers set status = 'blacklisted' where value = 'W-BLACK' and entry_id = ${product.entryId}`);
    await t.app.db.update(products).set({ intendedMarkets: ['GB', 'IE'] }).where(eq(products.id, product.productId));

    expect(await check('W-COPY')).toMatchObject({ status: 'warning', warnings: ['copied'], reason: null });
    expect(await check('W-REPORT')).toMatchObject({ status: 'warning', warnings: ['reported'] });
    // An open report (anyone can file one) is no sign by itself.
    expect(await check('W-FINE')).toMatchObject({ status: 'registered', warnings: [] });
    expect(await check('W-MARKET', '133.242.0.1')).toMatchObject({ status: 'warning', warnings: ['outsideMarket'], country: 'JP' });
    expect(await check('W-MARKET', '81.2.69.142')).toMatchObject({ status: 'registered' });
    expect(await check('W-COPY', '133.242.0.1')).toMatchObject({ status: 'warning', warnings: ['copied', 'outsideMarket'] });
    expect(await check('W-OFF')).toMatchObject({ status: 'notGenuine', reason: 'deactivated', history: null });
    expect(await check('W-BLACK')).toMatchObject({ status: 'notGenuine', reason: 'blacklisted', history: null });
    // A dismissed flag is no warning any more.
    await t.app.db.execute(sql`update suspicious_serials set dismissed = true where product_id = ${product.productId}`);
    expect(await check('W-COPY', '8.8.4.4')).toMatchObject({ status: 'warning', warnings: ['outsideMarket'] });
  });

  it('passes the viewer language through to the translated texts and link titles', async () => {
    const product = await newProduct();
    await call(t.app, acme, { method: 'PUT', url: '/api/product/design', payload: { productId: product.productId, design: { ...DEFAULT_DESIGN, isAutoTrans: true } } });
    const status = vi.spyOn(t.app.translator, 'status').mockReturnValue({ available: true, provider: 'libretranslate' });
    const translate = vi.spyOn(t.app.translator, 'translate').mockImplementation(async ({ texts, target }) => texts.map((item) => `[${target}] ${item}`));
    try {
      const result = await view(product.productId, 'index', { lang: 'ja' });
      expect(result.content.translatedTo).toBe('ja');
      expect(result.content.productDetails).toContainEqual(expect.objectContaining({ languageCode: 'ja', productName: '[ja] Aurora Headlamp' }));
      for (const link of result.links) expect(link.modifiedTitle).toContainEqual({ languageCode: 'ja', inputData: expect.stringMatching(/^\[ja\] /) });
    } finally {
      status.mockRestore();
      translate.mockRestore();
    }
  });
});
