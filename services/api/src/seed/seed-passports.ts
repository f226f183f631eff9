import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PassportData, PassportTemplate } from '@product-console/shared';
import { certifications } from '../modules/certifications/tables.js';
import { hashAccessToken } from '../modules/passports/service.js';
import { passportAccessLinks, passportVersions, passports, productCertificates } from '../modules/passports/tables.js';
import { products } from '../modules/products/tables.js';
import type { Db } from '../db/client.js';
import { seedCertifications } from './seed-products.js';

/*
 * Demo passports (issue 16): Acme's DPP products have a published passport; the first on the core
 * template, the second (a heated jacket with its battery pack) on the battery template, the others
 * on the core template. The first has certificates (one expired) and an access link whose token is
 * DEMO_PASSPORT_ACCESS_TOKEN, so the restricted view can be tried.
 */

/** The token of the demo access link (legitimate interest, one year). Demo data only. */
export const DEMO_PASSPORT_ACCESS_TOKEN = 'demo-passport-legitimate-interest';

const ACME_GLN = '0614142000011';

function coreData(productName: string, gtin: string | null, digitalLink: string): PassportData {
  return {
    uniqueProductIdentifier: digitalLink,
    granularity: 'model',
    ...(gtin ? { gtin } : {}),
    commodityCode: '6306220000',
    manufacturer: { name: 'Acme Outdoor Ltd', address: { street: '1 Trail Road', postalCode: '10115', city: 'Berlin', country: 'DE' }, gln: ACME_GLN },
    euResponsibleOperator: { name: 'Acme Outdoor Ltd', address: { city: 'Berlin', country: 'DE' }, eori: 'DE123456789012345' },
    importer: { name: 'Acme Outdoor Europe GmbH', address: { city: 'Hamburg', country: 'DE' }, eori: 'DE987654321' },
    manufacturingFacilities: [{ name: 'Acme Sewing Works', address: { city: 'Porto', country: 'PT' } }],
    userManual: { text: `Read the care label of the ${productName} before the first use.` },
    safetyInformation: { text: 'Keep away from open flames.' },
    materialComposition: [
      { material: 'Recycled polyamide', sharePercent: 62 },
      { material: 'Polyester', sharePercent: 30 },
      { material: 'Aluminium', sharePercent: 8 },
    ],
    substancesOfConcern: [{ name: 'Bis(2-ethylhexyl) phthalate', casNumber: '117-81-7', concentrationPercent: 0.05 }],
    recycledContentPercent: 62,
    carbonFootprint: { kgCo2ePerUnit: 14.2, method: 'ISO 14067' },
    durability: { expectedLifetimeYears: 8 },
    repairability: { score: 7.5, sparePartsYears: 7, repairInstructions: 'Buckles and zips are stitched separately; any tailor can replace them.' },
    endOfLife: 'Bring it back to any Acme store: we repair, resell or recycle it.',
  };
}

function batteryData(productName: string, gtin: string | null, digitalLink: string): PassportData {
  return {
    ...coreData(productName, gtin, digitalLink),
    battery: {
      generalProductInformation: { category: 'portable', chemistry: 'NMC811', weightKg: 0.21, manufacturingDate: '2026-03-02', manufacturingPlace: 'Wrocław, PL' },
      carbonFootprint: { totalKgCo2ePerKWh: 72.4, perStage: { rawMaterialExtraction: 41.3, mainProduction: 24.9, distribution: 2.1, endOfLife: 4.1 } },
      circularity: {
        recycledContent: { cobalt: 16, lithium: 6, nickel: 6, lead: 0 },
        renewableContentPercent: 4,
        dismantlingInformation: 'Unscrew the four Torx T6 screws of the pack cover; the cells are held by a clip, not glue.',
      },
      materialComposition: {
        cathodeMaterials: ['Lithium nickel manganese cobalt oxide'],
        anodeMaterials: ['Graphite'],
        electrolyteMaterials: ['Lithium hexafluorophosphate in carbonate solvents'],
        hazardousSubstances: [{ name: 'Lithium hexafluorophosphate', casNumber: '21324-40-3', concentrationPercent: 1.2 }],
      },
    },
  };
}

/** Seeds the demo passports of a company's DPP products (inside the demo seed's transaction). */
export async function seedDemoPassports(tx: Db, companyId: number, digitalLinkOrigin: string): Promise<void> {
  const rows = await tx
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.service, 'DPP'), isNull(products.deletedAt)))
    .orderBy(asc(products.id));
  const publishedAt = new Date('2026-03-15T09:00:00Z');
  for (const [index, product] of rows.entries()) {
    const template: PassportTemplate = index === rows.length - 1 && rows.length > 1 ? 'battery' : 'core';
    const digitalLink = product.gtin ? `${digitalLinkOrigin.replace(/\/+$/, '')}/01/${product.gtin}` : `urn:product:${product.id}`;
    const data = template === 'battery' ? batteryData(product.productName, product.gtin, digitalLink) : coreData(product.productName, product.gtin, digitalLink);
    const [passport] = await tx.insert(passports).values({ productId: product.id, template }).returning();
    await tx.insert(passportVersions).values([
      { passportId: passport.id, version: 0, status: 'draft', template, data },
      { passportId: passport.id, version: 1, status: 'published', template, data, publishedAt },
    ]);
  }
  const first = rows[0];
  if (!first) return;
  await seedCertifications(tx);
  const catalogue = await tx.select().from(certifications).where(inArray(certifications.code, ['OEKO-TEX', 'BLUESIGN']));
  const idOf = (code: string) => catalogue.find((row) => row.code === code)!.id;
  await tx.insert(productCertificates).values([
    { productId: first.id, certificationId: idOf('OEKO-TEX'), position: 1, number: 'OTS-2026-04417', issuer: 'Hohenstein Institute', validFrom: '2026-01-10', validUntil: '2030-01-09' },
    { productId: first.id, certificationId: idOf('BLUESIGN'), position: 2, number: 'BS-2021-0093', issuer: 'bluesign technologies', validFrom: '2021-05-01', validUntil: '2024-04-30' },
  ]);
  await tx.insert(passportAccessLinks).values({
    productId: first.id,
    name: 'Repair partner (demo)',
    level: 'legitimateInterest',
    tokenHash: hashAccessToken(DEMO_PASSPORT_ACCESS_TOKEN),
    expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
  });
}
