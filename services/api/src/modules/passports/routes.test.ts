import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  RESOLVER_INVALIDATE_HEADER,
  gtin14,
  restrictedPaths,
  type AccessLink,
  type AccessOverrides,
  type CertificateView,
  type PassportData,
  type PublicPassport,
} from '@product-console/shared';
import { DEMO_PASSPORT_ACCESS_TOKEN } from '../../seed/seed-passports.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { expectClosedWithTheLanding } from '../../test/public-visibility.js';
import { demoSetUp, setSubAdminProductAccess } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { links } from '../links/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { products } from '../products/tables.js';
import { passportAccessLinks, passportVersions, passports } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let nextReference = 900;

async function newProduct(service: 'DL' | 'DPP' = 'DPP', project = 'Camping'): Promise<number> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({ product: JSON.stringify([{ project_id: projectIds[project], product_name: 'Aurora Headlamp', gtin }]) });
  const response = await call(t.app, acme, { method: 'POST', url: `/api/product/?service=${service}`, ...body });
  expect(response.statusCode).toBe(201);
  return response.json().productId;
}

const FULL: PassportData = {
  uniqueProductIdentifier: 'https://id.example/01/00614142009007',
  granularity: 'model',
  commodityCode: '85131000',
  manufacturer: { name: 'Acme Outdoor Ltd', gln: '0614142000011', address: { city: 'Berlin', country: 'DE' } },
  euResponsibleOperator: { name: 'Acme Outdoor Ltd', eori: 'DE1234567' },
  importer: { name: 'Acme Europe GmbH', eori: 'DE7654321' },
  manufacturingFacilities: [{ name: 'Acme Works', address: { city: 'Porto', country: 'PT' } }],
  materialComposition: [
    { material: 'Aluminium', sharePercent: 60 },
    { material: 'Polycarbonate', sharePercent: 40 },
  ],
  substancesOfConcern: [{ name: 'Lead', casNumber: '7439-92-1', concentrationPercent: 0.01 }],
  recycledContentPercent: 30,
  carbonFootprint: { kgCo2ePerUnit: 2.4, method: 'ISO 14067' },
  durability: { expectedLifetimeYears: 5, expectedLifetimeCycles: 500 },
  repairability: { score: 8, sparePartsYears: 6, repairInstructions: 'Open the four screws of the back.' },
  endOfLife: 'Take it back to the store.',
  battery: {
    generalProductInformation: { category: 'portable', chemistry: 'LFP', weightKg: 0.05 },
    carbonFootprint: { totalKgCo2ePerKWh: 60, perStage: { mainProduction: 20, rawMaterialExtraction: 35 } },
    circularity: { recycledContent: { cobalt: 10, lithium: 5 }, dismantlingInformation: 'Slide the pack out.' },
    materialComposition: { cathodeMaterials: ['LiFePO4'], anodeMaterials: ['Graphite'], electrolyteMaterials: ['LiPF6'] },
  },
};

const { battery: _battery, ...FULL_CORE } = FULL;

const putPassport = (productId: number, payload: Record<string, unknown>, authorization = acme) =>
  call(t.app, authorization, { method: 'PUT', url: '/api/product/passport', payload: { productId, ...payload } });
const publish = (productId: number, authorization = acme) => call(t.app, authorization, { method: 'POST', url: '/api/product/passport/publish', payload: { productId } });
/** Uploads a small PDF to the product's passport files; answers its stored path. */
const uploadPdf = async (productId: number) =>
  (
    await call(t.app, acme, {
      method: 'POST',
      url: `/api/product/passport/document?productId=${productId}`,
      ...multipart({}, [{ field: 'file', data: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'doc.pdf', contentType: 'application/pdf' }]),
    })
  ).json().result.path as string;
const getPassport = (productId: number, authorization = acme) => call(t.app, authorization, { method: 'GET', url: `/api/product/passport?productId=${productId}` });
const getVersion = (productId: number, version: number, authorization = acme) =>
  call(t.app, authorization, { method: 'GET', url: `/api/product/passport/version?productId=${productId}&version=${version}` });
const publicRead = (productId: number, extra = '') => t.app.inject({ method: 'GET', url: `/api/product/landing-page/passport?productId=${productId}${extra}` });

/** Whether a dotted path has a value in a JSON object. */
function hasPath(value: unknown, path: string): boolean {
  let node = value;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}

async function acmeDppProducts() {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
  return t.app.db
    .select()
    .from(products)
    .where(and(eq(products.companyId, company.id), eq(products.service, 'DPP')))
    .orderBy(products.id);
}

async function setNordicPlan(name: string) {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
  const [plan] = await t.app.db.select().from(plans).where(eq(plans.name, name));
  await t.app.db.update(subscriptions).set({ planId: plan.id }).where(eq(subscriptions.companyId, company.id));
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => t?.close());

describe('demo passports', () => {
  it("has Acme's DPP products published, one on the battery template, with certificates (one expired) and an access link", async () => {
    const dpp = await acmeDppProducts();
    expect(dpp.length).toBeGreaterThanOrEqual(2);
    const templates: string[] = [];
    for (const product of dpp) {
      const response = await getPassport(product.id);
      expect(response.statusCode).toBe(200);
      const { result } = response.json();
      expect(result.versions).toEqual([expect.objectContaining({ version: 1, status: 'published' })]);
      templates.push(result.template);
    }
    expect(templates).toContain('battery');
    expect(templates).toContain('core');

    const certInfo = (await call(t.app, acme, { method: 'GET', url: `/api/product/cert-info?productId=${dpp[0].id}` })).json();
    expect(Array.isArray(certInfo.result)).toBe(true);
    const validity = (certInfo.certificates as CertificateView[]).map((certificate) => certificate.valid).sort();
    expect(validity).toEqual([false, true]);
    const accessLinks = (await call(t.app, acme, { method: 'GET', url: `/api/product/passport/access-links?productId=${dpp[0].id}` })).json().result as AccessLink[];
    expect(accessLinks).toHaveLength(1);

    const landing = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${dpp[0].id}&serviceName=acme&view=dpp` });
    expect(landing.statusCode).toBe(200);
    const passport = landing.json().result.passport as PublicPassport;
    expect(passport).toMatchObject({ version: 1, level: 'public' });
    expect(passport.certificates.every((certificate) => certificate.valid)).toBe(true);
    expect(passport.certificates).toHaveLength(1);
    for (const path of restrictedPaths('public')) expect(hasPath(passport.data, path), path).toBe(false);
  });
});

describe('drafts and published versions', () => {
  it('publishes the draft as version 1, an edit after it as version 2, and version 1 stays as it was', async () => {
    const productId = await newProduct();
    expect((await getPassport(productId)).json().result).toMatchObject({ draft: null, versions: [] });
    expect((await putPassport(productId, { template: 'battery', data: FULL })).statusCode).toBe(200);
    const first = await publish(productId);
    expect(first.statusCode).toBe(200);
    expect(first.headers[RESOLVER_INVALIDATE_HEADER]).toMatch(/^\/01\/\d{14}$/);
    expect(first.json().result).toMatchObject({ version: 1, status: 'published' });

    const edited = { ...FULL, recycledContentPercent: 45, endOfLife: 'Send it back by post.' };
    expect((await putPassport(productId, { template: 'battery', data: edited })).statusCode).toBe(200);
    const v1 = (await getVersion(productId, 1)).json().result;
    expect(v1.data).toEqual(FULL);
    expect(v1.template).toBe('battery');
    expect((await publish(productId)).json().result).toMatchObject({ version: 2 });
    expect((await getVersion(productId, 1)).json().result.data).toEqual(FULL);
    expect((await getVersion(productId, 2)).json().result.data).toMatchObject({ recycledContentPercent: 45 });
    expect((await getPassport(productId)).json().result.versions.map((row: { version: number }) => row.version)).toEqual([2, 1]);
    expect((await publicRead(productId)).json().result.version).toBe(2);
    expect((await publicRead(productId, '&version=1')).json().result.data.recycledContentPercent).toBe(30);
    expect((await getVersion(productId, 3)).statusCode).toBe(404);
  });

  it('keeps passports to DPP products: a DL product cannot get one, and one switched back to DL shows none', async () => {
    const dl = await newProduct('DL');
    const refused = await putPassport(dl, { template: 'core', data: FULL_CORE });
    expect(refused.statusCode).toBe(409);
    expect((await getPassport(dl)).json().result).toMatchObject({ draft: null, versions: [] });

    const productId = await newProduct();
    await putPassport(productId, { template: 'core', data: FULL_CORE });
    expect((await publish(productId)).statusCode).toBe(200);
    expect((await publicRead(productId)).statusCode).toBe(200);
    const toDl = await call(t.app, acme, {
      method: 'PUT',
      url: `/api/product/?productId=${productId}&service=DL`,
      ...multipart({ product: JSON.stringify([{ product_name: 'Aurora Headlamp' }]) }),
    });
    expect(toDl.statusCode).toBe(200);
    expect((await publicRead(productId)).statusCode).toBe(404);
    expect((await publish(productId)).statusCode).toBe(409);
    // Still readable in the console.
    expect((await getVersion(productId, 1)).json().result.data).toEqual(FULL_CORE);
  });

  it("answers the public as the landing does, 404, while the product's entry is deactivated or once its company's approval is withdrawn", async () => {
    const productId = await newProduct();
    await putPassport(productId, { template: 'core', data: FULL_CORE });
    expect((await publish(productId)).statusCode).toBe(200);
    const entryPath = (await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${productId}` })).json().entry.entryPath as string;
    await expectClosedWithTheLanding(t.app, acme, { productId, entryPath }, [() => publicRead(productId)]);
  });

  it('refuses any direct update of a published row in the database', async () => {
    const productId = await newProduct();
    await putPassport(productId, { template: 'core', data: { ...FULL, battery: undefined } });
    await publish(productId);
    const [passport] = await t.app.db.select().from(passports).where(eq(passports.productId, productId));
    const published = and(eq(passportVersions.passportId, passport.id), eq(passportVersions.version, 1));
    await expect(t.app.db.update(passportVersions).set({ data: { endOfLife: 'changed' } }).where(published)).rejects.toThrow();
    await expect(t.app.db.update(passportVersions).set({ status: 'draft', version: 0, publishedAt: null }).where(published)).rejects.toThrow();
    const [row] = await t.app.db.select().from(passportVersions).where(published);
    expect(row.data.endOfLife).toBe(FULL.endOfLife);
    // The draft is still the working copy and may change.
    await t.app.db.update(passportVersions).set({ data: { endOfLife: 'draft' } }).where(and(eq(passportVersions.passportId, passport.id), eq(passportVersions.version, 0)));
  });

  it('answers 400 with field errors and changes nothing on bad input', async () => {
    const productId = await newProduct();
    await putPassport(productId, { template: 'battery', data: FULL });
    const bad = await putPassport(productId, {
      template: 'battery',
      data: {
        ...FULL,
        manufacturer: { name: 'Acme', gln: '0614142000012' },
        importer: { name: 'X', eori: 'D1234' },
        commodityCode: '123',
        materialComposition: [
          { material: 'A', sharePercent: 70 },
          { material: 'B', sharePercent: 40 },
        ],
        substancesOfConcern: [{ name: 'Lead', casNumber: '7439-92-2', concentrationPercent: 101 }],
        repairability: { score: 11 },
      },
      accessOverrides: { manufacturingFacilities: 'public', nonsense: 'authority' },
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'data.manufacturer.gln',
        'data.importer.eori',
        'data.commodityCode',
        'data.materialComposition',
        'data.substancesOfConcern.0.casNumber',
        'data.substancesOfConcern.0.concentrationPercent',
        'data.repairability.score',
        'accessOverrides.manufacturingFacilities',
        'accessOverrides.nonsense',
      ]),
    );
    expect((await putPassport(productId, { template: 'core', data: FULL })).json().details).toEqual([expect.objectContaining({ path: 'data.battery' })]);
    expect((await putPassport(productId, { template: 'core', data: { complianceDocuments: [{ kind: 'testReport', title: 'Report', filePath: '/files/passports/1/x.pdf' }] } })).statusCode).toBe(400);
    const { result } = (await getPassport(productId)).json();
    expect(result.template).toBe('battery');
    expect(result.draft.data).toEqual(FULL);

    const empty = await newProduct();
    await putPassport(empty, { template: 'battery', data: { granularity: 'item' } });
    const refused = await publish(empty);
    expect(refused.statusCode).toBe(400);
    expect((refused.json().details as { path: string }[]).map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['data.uniqueProductIdentifier', 'data.manufacturer.name', 'data.battery.generalProductInformation.category']),
    );
    expect((await getPassport(empty)).json().result.versions).toEqual([]);
  });
});

describe('access levels', () => {
  it('answers the public only public fields; a live access link shows its level; revoked and expired links do not', async () => {
    const productId = await newProduct();
    const overrides: AccessOverrides = { carbonFootprint: 'legitimateInterest', 'battery.circularity.recycledContent': 'authority' };
    const upload = () => uploadPdf(productId);
    const complianceDocuments = [
      { kind: 'declarationOfConformity' as const, title: 'EU declaration of conformity', filePath: await upload() },
      { kind: 'testReport' as const, title: 'Secret lab test report', filePath: await upload() },
    ];
    expect((await putPassport(productId, { template: 'battery', data: { ...FULL, complianceDocuments }, accessOverrides: overrides })).statusCode).toBe(200);
    await publish(productId);

    const walk = (passport: PublicPassport, level: 'public' | 'legitimateInterest') => {
      for (const path of restrictedPaths(level, overrides)) expect(hasPath(passport.data, path), path).toBe(false);
    };
    const anonymous = (await publicRead(productId)).json().result as PublicPassport;
    expect(anonymous.level).toBe('public');
    walk(anonymous, 'public');
    expect(hasPath(anonymous.data, 'carbonFootprint')).toBe(false);
    expect(hasPath(anonymous.data, 'manufacturer.name')).toBe(true);
    expect(JSON.stringify(anonymous)).not.toContain('Open the four screws');
    expect(JSON.stringify(anonymous)).not.toContain('LiFePO4');
    expect(anonymous.data.complianceDocuments).toEqual([complianceDocuments[0]]);
    expect(JSON.stringify(anonymous)).not.toContain(complianceDocuments[1].filePath);

    const created = await call(t.app, acme, {
      method: 'POST',
      url: '/api/product/passport/access-links',
      payload: { productId, name: 'Repairer', level: 'legitimateInterest', expiresInDays: 30 },
    });
    expect(created.statusCode).toBe(200);
    const { token, accessLinkId } = created.json().result;
    expect(token).toEqual(expect.any(String));
    const [stored] = await t.app.db.select().from(passportAccessLinks).where(eq(passportAccessLinks.id, accessLinkId));
    expect(stored.tokenHash).not.toContain(token);
    const listed = (await call(t.app, acme, { method: 'GET', url: `/api/product/passport/access-links?productId=${productId}` })).json().result;
    expect(JSON.stringify(listed)).not.toContain(token);

    const repairer = (await publicRead(productId, `&access=${token}`)).json().result as PublicPassport;
    expect(repairer.level).toBe('legitimateInterest');
    walk(repairer, 'legitimateInterest');
    expect(repairer.data.carbonFootprint).toEqual(FULL.carbonFootprint);
    expect(repairer.data.repairability?.repairInstructions).toBe('Open the four screws of the back.');
    expect(repairer.data.battery?.materialComposition?.cathodeMaterials).toEqual(['LiFePO4']);
    expect(hasPath(repairer.data, 'battery.circularity.recycledContent')).toBe(false);
    expect(repairer.data.complianceDocuments).toEqual([complianceDocuments[0]]);
    const authority = await call(t.app, acme, {
      method: 'POST',
      url: '/api/product/passport/access-links',
      payload: { productId, name: 'Market surveillance', level: 'authority', expiresInDays: 1 },
    });
    const full = (await publicRead(productId, `&access=${authority.json().result.token}`)).json().result as PublicPassport;
    expect(full.level).toBe('authority');
    expect(full.data).toEqual({ ...FULL, complianceDocuments });
    const [used] = await t.app.db.select().from(passportAccessLinks).where(eq(passportAccessLinks.id, accessLinkId));
    expect(used.lastUsedAt).not.toBeNull();

    // Another product's token gives nothing here.
    const demo = (await acmeDppProducts())[0];
    expect((await publicRead(productId, `&access=${DEMO_PASSPORT_ACCESS_TOKEN}`)).json().result.level).toBe('public');
    expect((await publicRead(demo.id, `&access=${DEMO_PASSPORT_ACCESS_TOKEN}`)).json().result.level).toBe('legitimateInterest');

    await t.app.db.update(passportAccessLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passportAccessLinks.id, accessLinkId));
    const expired = (await publicRead(productId, `&access=${token}`)).json().result as PublicPassport;
    expect(expired.level).toBe('public');
    walk(expired, 'public');
    await t.app.db.update(passportAccessLinks).set({ expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(passportAccessLinks.id, accessLinkId));
    expect((await publicRead(productId, `&access=${token}`)).json().result.level).toBe('legitimateInterest');

    const revoked = await call(t.app, acme, { method: 'DELETE', url: `/api/product/passport/access-links?productId=${productId}&accessLinkId=${accessLinkId}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().result.revokedAt).not.toBeNull();
    const afterRevoke = (await publicRead(productId, `&access=${token}`)).json().result as PublicPassport;
    expect(afterRevoke.level).toBe('public');
    walk(afterRevoke, 'public');
  });

  it("opens the landing page read's passport with a live access link only, never cached; a revoked or expired one shows the public fields", async () => {
    const productId = await newProduct();
    expect((await putPassport(productId, { template: 'battery', data: FULL })).statusCode).toBe(200);
    await publish(productId);
    const pageRead = (access?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/product/landing-page/page?productId=${productId}&serviceName=acme&view=dpp${access === undefined ? '' : `&access=${encodeURIComponent(access)}`}`,
      });
    const restricted = ['manufacturingFacilities', 'repairability.repairInstructions', 'battery.circularity.dismantlingInformation', 'battery.materialComposition.cathodeMaterials'];

    const plain = await pageRead();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const plainPassport = plain.json().result.passport as PublicPassport;
    expect(plainPassport.level).toBe('public');
    expect(plainPassport.accessLink).toBeUndefined();
    for (const path of restricted) expect(hasPath(plainPassport.data, path), path).toBe(false);
    expect(JSON.stringify(plain.json())).not.toContain('Acme Works');

    const created = await call(t.app, acme, {
      method: 'POST',
      url: '/api/product/passport/access-links',
      payload: { productId, name: 'Recycler', level: 'legitimateInterest', expiresInDays: 7 },
    });
    const { token, accessLinkId } = created.json().result as { token: string; accessLinkId: number };
    const opened = await pageRead(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    const openedPassport = opened.json().result.passport as PublicPassport;
    expect(openedPassport).toMatchObject({ level: 'legitimateInterest', accessLink: 'open' });
    for (const path of restricted) expect(hasPath(openedPassport.data, path), path).toBe(true);
    expect(openedPassport.data.manufacturingFacilities).toEqual(FULL.manufacturingFacilities);
    // The same function as the passport read: the same fields for the same token.
    expect(openedPassport).toEqual((await publicRead(productId, `&access=${token}`)).json().result);
    // A token for another product, or garbage, opens nothing and says so.
    for (const other of [DEMO_PASSPORT_ACCESS_TOKEN, 'not-a-token']) {
      const answer = await pageRead(other);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.json().result.passport).toMatchObject({ level: 'public', accessLink: 'invalid' });
      expect(JSON.stringify(answer.json())).not.toContain('Acme Works');
    }
    expect((await pageRead('x'.repeat(201))).statusCode).toBe(400);

    await t.app.db.update(passportAccessLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passportAccessLinks.id, accessLinkId));
    const expired = (await pageRead(token)).json().result.passport as PublicPassport;
    expect(expired).toMatchObject({ level: 'public', accessLink: 'invalid' });
    for (const path of restricted) expect(hasPath(expired.data, path), path).toBe(false);
    await t.app.db.update(passportAccessLinks).set({ expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(passportAccessLinks.id, accessLinkId));
    expect((await pageRead(token)).json().result.passport.level).toBe('legitimateInterest');
    await call(t.app, acme, { method: 'DELETE', url: `/api/product/passport/access-links?productId=${productId}&accessLinkId=${accessLinkId}` });
    const revoked = (await pageRead(token)).json().result.passport as PublicPassport;
    expect(revoked).toMatchObject({ level: 'public', accessLink: 'invalid' });
    for (const path of restricted) expect(hasPath(revoked.data, path), path).toBe(false);
  });

  it('refuses an access link body out of range', async () => {
    const productId = await newProduct();
    const response = await call(t.app, acme, {
      method: 'POST',
      url: '/api/product/passport/access-links',
      payload: { productId, name: '', level: 'public', expiresInDays: 400 },
    });
    expect(response.statusCode).toBe(400);
    expect((response.json().details as { path: string }[]).map((detail) => detail.path).sort()).toEqual(['expiresInDays', 'level', 'name']);
  });
});

describe('certificates', () => {
  it('stores certificates with their validity, flags an expired one, and keeps the catalogue answer', async () => {
    const productId = await newProduct();
    const catalogue = (await call(t.app, acme, { method: 'GET', url: '/api/product/certifications' })).json().result as { id: number }[];
    const put = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/cert-info',
      payload: {
        productId,
        certificates: [
          { certificationId: catalogue[0].id, number: 'CE-1', issuer: 'TÜV', validFrom: '2025-01-01', validUntil: '2099-12-31' },
          { certificationId: catalogue[1].id, number: 'FSC-2', issuer: 'FSC', validFrom: '2020-01-01', validUntil: '2021-01-01' },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const info = (await call(t.app, acme, { method: 'GET', url: `/api/product/cert-info?productId=${productId}` })).json();
    expect(info.result).toEqual([]);
    expect(info.certificates.map((c: CertificateView) => [c.number, c.valid])).toEqual([
      ['CE-1', true],
      ['FSC-2', false],
    ]);

    const bad = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/cert-info',
      payload: { productId, certificates: [{ certificationId: 999_999, number: 'X', issuer: 'Y', validFrom: '2025-02-01', validUntil: '2025-01-01' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().details as { path: string }[]).map((detail) => detail.path)).toEqual(['certificates.0.validUntil']);
    expect((await call(t.app, acme, { method: 'GET', url: `/api/product/cert-info?productId=${productId}` })).json().certificates).toHaveLength(2);
  });

  it("serves a passport's files by who may read them: public ones to anyone, restricted ones with their access link, drafts' to the console", async () => {
    const productId = await newProduct();
    const upload = () => uploadPdf(productId);
    const [declaration, report, draftOnly] = [await upload(), await upload(), await upload()];
    const complianceDocuments = [
      { kind: 'declarationOfConformity' as const, title: 'EU declaration of conformity', filePath: declaration },
      { kind: 'testReport' as const, title: 'Lab test report', filePath: report },
    ];
    const file = (path: string, query = '', authorization?: string) =>
      t.app.inject({ method: 'GET', url: `/api${path}${query}`, headers: authorization ? { authorization } : {} });
    // Nothing published yet: the files are the console's only.
    expect((await file(declaration)).statusCode).toBe(404);
    expect((await putPassport(productId, { template: 'core', data: { ...FULL_CORE, complianceDocuments } })).statusCode).toBe(200);
    await publish(productId);
    await putPassport(productId, { template: 'core', data: { ...FULL_CORE, complianceDocuments: [...complianceDocuments, { kind: 'other', title: 'Next', filePath: draftOnly }] } });

    const open = await file(declaration);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await file(report)).statusCode).toBe(404);
    expect((await file(draftOnly)).statusCode).toBe(404);

    const link = async (level: 'legitimateInterest' | 'authority') =>
      (await call(t.app, acme, { method: 'POST', url: '/api/product/passport/access-links', payload: { productId, name: level, level, expiresInDays: 30 } })).json().result as {
        token: string;
        accessLinkId: number;
      };
    const authority = await link('authority');
    const repairer = await link('legitimateInterest');
    const restricted = await file(report, `?access=${authority.token}`);
    expect(restricted.statusCode).toBe(200);
    expect(restricted.headers['cache-control']).toBe('private, no-store');
    // The test report is for authorities: a repairer's link does not open it, nor a draft's file.
    expect((await file(report, `?access=${repairer.token}`)).statusCode).toBe(404);
    expect((await file(draftOnly, `?access=${authority.token}`)).statusCode).toBe(404);
    await call(t.app, acme, { method: 'DELETE', url: `/api/product/passport/access-links?productId=${productId}&accessLinkId=${authority.accessLinkId}` });
    expect((await file(report, `?access=${authority.token}`)).statusCode).toBe(404);

    // The console reads its own product's files, drafts included; another company's console does not.
    const console = await file(draftOnly, '', acme);
    expect(console.statusCode).toBe(200);
    expect(console.headers['cache-control']).toBe('private, no-store');
    expect((await file(draftOnly, '', nordic)).statusCode).toBe(404);
    expect((await file(draftOnly, '', 'Bearer not-a-token')).statusCode).toBe(401);
  });

  it('takes a PDF compliance document by its content and refuses other files', async () => {
    const productId = await newProduct();
    const pdf = multipart({}, [{ field: 'file', data: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), filename: 'doc.pdf', contentType: 'application/pdf' }]);
    const stored = await call(t.app, acme, { method: 'POST', url: `/api/product/passport/document?productId=${productId}`, ...pdf });
    expect(stored.statusCode).toBe(200);
    const { path } = stored.json().result;
    expect(path).toMatch(new RegExp(`^/files/passports/${productId}/[0-9a-f]+\\.pdf$`));
    const fake = multipart({}, [{ field: 'file', data: Buffer.from('not a pdf'), filename: 'doc.pdf', contentType: 'application/pdf' }]);
    expect((await call(t.app, acme, { method: 'POST', url: `/api/product/passport/document?productId=${productId}`, ...fake })).statusCode).toBe(400);
    const saved = await putPassport(productId, { template: 'core', data: { complianceDocuments: [{ kind: 'declarationOfConformity', title: 'DoC', filePath: path }] } });
    expect(saved.statusCode).toBe(200);
  });
});

describe('tenancy, roles and the DPP service', () => {
  it('refuses a plan without DPP a switch to DPP, and switching to DPP adds the gs1:dpp link', async () => {
    const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
    const [nordicProduct] = await t.app.db.select().from(products).where(eq(products.companyId, company.id)).limit(1);
    const switched = await call(t.app, nordic, {
      method: 'PUT',
      url: `/api/product/?productId=${nordicProduct.id}&service=DPP`,
      ...multipart({ product: JSON.stringify([{ product_name: nordicProduct.productName }]) }),
    });
    expect(switched.statusCode).toBe(403);
    expect(switched.json()).toMatchObject({ code: ERROR_CODES.PLAN_LIMIT_REACHED });
    const [after] = await t.app.db.select().from(products).where(eq(products.id, nordicProduct.id));
    expect(after.service).toBe('DL');
    const service = (await call(t.app, nordic, { method: 'GET', url: `/api/product/service?productId=${nordicProduct.id}` })).json().result;
    expect(service).toMatchObject({ service: 'DL', services: ['DL'] });
    // Without DPP in the plan the passport calls answer 403 E403004.
    expect((await getPassport(nordicProduct.id, nordic)).json()).toMatchObject({ code: ERROR_CODES.SERVICE_NOT_IN_PLAN });

    const productId = await newProduct('DL');
    const dppLinks = async () => (await t.app.db.select().from(links).where(and(eq(links.productId, productId), eq(links.linkType, 'gs1:dpp')))).filter((row) => row.display);
    expect(await dppLinks()).toHaveLength(0);
    const toDpp = await call(t.app, acme, {
      method: 'PUT',
      url: `/api/product/?productId=${productId}&service=DPP`,
      ...multipart({ product: JSON.stringify([{ product_name: 'Aurora Headlamp' }]) }),
    });
    expect(toDpp.statusCode).toBe(200);
    expect(await dppLinks()).toHaveLength(1);
    expect((await call(t.app, acme, { method: 'GET', url: `/api/product/service?productId=${productId}` })).json().result).toMatchObject({ service: 'DPP', services: ['DL', 'DPP'] });
  });

  it("answers another company 404 on Acme's passports, drafts, versions, access links and certificates", async () => {
    await setNordicPlan('Business');
    try {
      const [acmeProduct] = await acmeDppProducts();
      const answers = await Promise.all([
        getPassport(acmeProduct.id, nordic),
        getVersion(acmeProduct.id, 1, nordic),
        putPassport(acmeProduct.id, { template: 'core', data: {} }, nordic),
        publish(acmeProduct.id, nordic),
        call(t.app, nordic, { method: 'GET', url: `/api/product/passport/access-links?productId=${acmeProduct.id}` }),
        call(t.app, nordic, { method: 'POST', url: '/api/product/passport/access-links', payload: { productId: acmeProduct.id, name: 'x', level: 'authority', expiresInDays: 1 } }),
        call(t.app, nordic, { method: 'DELETE', url: `/api/product/passport/access-links?productId=${acmeProduct.id}&accessLinkId=1` }),
        call(t.app, nordic, { method: 'PUT', url: '/api/product/cert-info', payload: { productId: acmeProduct.id, certificates: [] } }),
        call(t.app, nordic, { method: 'GET', url: `/api/product/cert-info?productId=${acmeProduct.id}` }),
      ]);
      expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 404));
      expect((await getPassport(acmeProduct.id)).json().result.draft).not.toBeNull();
      expect((await call(t.app, acme, { method: 'GET', url: `/api/product/cert-info?productId=${acmeProduct.id}` })).json().certificates).toHaveLength(2);
    } finally {
      await setNordicPlan('Starter');
    }
  });

  it('lets a sub-admin read with product r and write only with w', async () => {
    const productId = await newProduct('DPP', 'Trail Gear');
    await putPassport(productId, { template: 'core', data: { granularity: 'batch' } });
    const before = await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await getPassport(productId, sub)).statusCode).toBe(200);
      expect((await putPassport(productId, { template: 'core', data: {} }, sub)).statusCode).toBe(403);
      expect((await publish(productId, sub)).statusCode).toBe(403);
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
      expect((await putPassport(productId, { template: 'core', data: { granularity: 'item' } }, sub)).statusCode).toBe(200);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], before.product ?? { r: true, w: true });
    }
    expect((await getPassport(productId)).json().result.draft.data).toEqual({ granularity: 'item' });
  });
});
