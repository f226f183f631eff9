import { describe, expect, it } from 'vitest';
import {
  accessOverridesSchema,
  fieldAccessLevel,
  filterPassport,
  isCertificateValid,
  isValidCasNumber,
  passportDataSchema,
  restrictedPaths,
  type PassportData,
} from './passport.js';

const data: PassportData = {
  uniqueProductIdentifier: 'https://id.example/01/00614142009007',
  manufacturer: { name: 'Acme' },
  manufacturingFacilities: [{ name: 'Works' }],
  repairability: { score: 8, repairInstructions: 'Four screws.' },
  complianceDocuments: [
    { kind: 'testReport', title: 'Report', filePath: '/files/passports/1/a.pdf' },
    { kind: 'declarationOfConformity', title: 'DoC', filePath: '/files/passports/1/b.pdf' },
  ],
  battery: { carbonFootprint: { totalKgCo2ePerKWh: 60, perStage: { mainProduction: 20 } }, circularity: { dismantlingInformation: 'Slide it out.' } },
};

describe('passport schema', () => {
  it('checks GLN and CAS check digits, EORI, commodity codes and the sum of material shares', () => {
    expect(isValidCasNumber('7732-18-5')).toBe(true);
    expect(isValidCasNumber('7732-18-4')).toBe(false);
    const result = passportDataSchema.safeParse({
      manufacturer: { name: 'A', gln: '0614142000012' },
      importer: { name: 'B', eori: 'de123' },
      commodityCode: '12345',
      materialComposition: [
        { material: 'A', sharePercent: 60 },
        { material: 'B', sharePercent: 50 },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['manufacturer.gln', 'importer.eori', 'commodityCode', 'materialComposition']));
    expect(passportDataSchema.safeParse({ manufacturer: { name: 'A', gln: '0614142000011' }, importer: { name: 'B', eori: 'DE123' } }).success).toBe(true);
  });

  it('lets overrides only tighten known fields', () => {
    expect(accessOverridesSchema.safeParse({ carbonFootprint: 'authority' }).success).toBe(true);
    expect(accessOverridesSchema.safeParse({ manufacturingFacilities: 'public' }).success).toBe(false);
    expect(accessOverridesSchema.safeParse({ unknownField: 'authority' }).success).toBe(false);
    expect(fieldAccessLevel('manufacturingFacilities', { manufacturingFacilities: 'public' })).toBe('legitimateInterest');
    expect(fieldAccessLevel('carbonFootprint', { carbonFootprint: 'authority' })).toBe('authority');
    expect(fieldAccessLevel('battery.carbonFootprint.perStage.mainProduction')).toBe('legitimateInterest');
  });

  it('filters a passport to the reader level without changing the input', () => {
    const copy = structuredClone(data);
    const publicView = filterPassport(data, 'public');
    expect(data).toEqual(copy);
    expect(publicView).toEqual({
      uniqueProductIdentifier: data.uniqueProductIdentifier,
      manufacturer: { name: 'Acme' },
      repairability: { score: 8 },
      complianceDocuments: [{ kind: 'declarationOfConformity', title: 'DoC', filePath: '/files/passports/1/b.pdf' }],
      battery: { carbonFootprint: { totalKgCo2ePerKWh: 60 } },
    });
    const interested = filterPassport(data, 'legitimateInterest');
    expect(interested.repairability?.repairInstructions).toBe('Four screws.');
    expect(interested.complianceDocuments?.map((document) => document.kind)).toEqual(['declarationOfConformity']);
    expect(filterPassport(data, 'legitimateInterest', { 'complianceDocuments.declarationOfConformity': 'authority' }).complianceDocuments).toBeUndefined();
    expect(filterPassport(data, 'legitimateInterest', { complianceDocuments: 'authority' }).complianceDocuments).toBeUndefined();
    expect(filterPassport(data, 'authority')).toEqual(data);
    expect(restrictedPaths('authority')).toEqual([]);
    expect(filterPassport(data, 'legitimateInterest', { repairability: 'authority' }).repairability).toBeUndefined();
  });

  it('holds a certificate from its first through its last day', () => {
    const cert = { validFrom: '2026-01-01', validUntil: '2026-12-31' };
    expect(isCertificateValid(cert, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(isCertificateValid(cert, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isCertificateValid(cert, new Date('2026-12-31T23:59:59Z'))).toBe(true);
    expect(isCertificateValid(cert, new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(isCertificateValid({ validFrom: '2020-01-01', validUntil: null }, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
});
