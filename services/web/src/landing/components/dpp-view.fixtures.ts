import type { PublicPassport } from '@product-console/shared';

/** A public passport as the API gives the landing (public fields, valid certificates only). */
export const corePassport = (overrides: Partial<PublicPassport> = {}): PublicPassport => ({
  productId: 7,
  template: 'core',
  version: 3,
  publishedAt: '2026-03-05T10:00:00.000Z',
  level: 'public',
  data: {
    uniqueProductIdentifier: 'https://id.acme.example/01/00614142000017',
    granularity: 'model',
    gtin: '00614142000017',
    commodityCode: '640399',
    manufacturer: { name: 'Acme Footwear S.p.A.', address: { city: 'Milano', country: 'IT' } },
    complianceDocuments: [{ kind: 'declarationOfConformity', title: 'EU declaration of conformity', filePath: '/files/passports/7/doc.pdf' }],
    materialComposition: [
      { material: 'Leather', sharePercent: 62.5 },
      { material: 'Natural rubber', sharePercent: 30 },
    ],
    substancesOfConcern: [{ name: 'Chromium(III) oxide', casNumber: '1308-38-9', concentrationPercent: 0.02 }],
    recycledContentPercent: 12,
    carbonFootprint: { kgCo2ePerUnit: 14.2, method: 'ISO 14067' },
    durability: { expectedLifetimeYears: 5 },
    repairability: { score: 7.5, sparePartsYears: 8, repairInstructions: 'Resole at any cobbler.' },
    endOfLife: 'Return to any Acme store for take-back.',
  },
  certificates: [
    {
      id: 11,
      certificationId: 2,
      code: 'LWG',
      name: 'Leather Working Group',
      number: 'LWG-2026-77',
      issuer: 'LWG Auditor Ltd',
      validFrom: '2026-01-01',
      validUntil: '2027-12-31',
      documentPath: null,
      valid: true,
    },
  ],
  ...overrides,
});

export const batteryPassport = (): PublicPassport =>
  corePassport({
    template: 'battery',
    data: {
      ...corePassport().data,
      battery: {
        generalProductInformation: { category: 'lmt', chemistry: 'NMC811', weightKg: 2.4 },
        carbonFootprint: { totalKgCo2ePerKWh: 61.4, perStage: { mainProduction: 40.1 } },
        circularity: { recycledContent: { cobalt: 16 }, renewableContentPercent: 4 },
        materialComposition: { cathodeMaterials: ['Nickel manganese cobalt oxide'] },
      },
    },
  });
