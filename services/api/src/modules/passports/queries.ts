import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  isCertificateValid,
  type AccessOverrides,
  type CertificateView,
  type PassportData,
  type PassportTemplate,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { certifications } from '../certifications/tables.js';
import { products } from '../products/tables.js';
import { passportVersions, passports, productCertificates, type PassportVersionRow } from './tables.js';

/*
 * Reads of passports shared by the passport calls, the landing read and the credentials module.
 */

/** A product's certificates in their order, with the catalogue's code and name and whether each holds `now`. */
export async function readCertificates(db: Db, productId: number, now: Date = new Date()): Promise<CertificateView[]> {
  const rows = await db
    .select({ certificate: productCertificates, code: certifications.code, name: certifications.name })
    .from(productCertificates)
    .innerJoin(certifications, eq(certifications.id, productCertificates.certificationId))
    .where(eq(productCertificates.productId, productId))
    .orderBy(asc(productCertificates.position), asc(productCertificates.id));
  return rows.map(({ certificate, code, name }) => ({
    id: certificate.id,
    certificationId: certificate.certificationId,
    code,
    name,
    number: certificate.number,
    issuer: certificate.issuer,
    validFrom: certificate.validFrom,
    validUntil: certificate.validUntil,
    documentPath: certificate.documentPath,
    valid: isCertificateValid(certificate, now),
  }));
}

export async function readPassport(db: Db, productId: number) {
  const [row] = await db.select().from(passports).where(eq(passports.productId, productId));
  return row;
}

/** One version row of the product's passport: the draft (0), a given published version, or the latest published one. */
export async function readVersion(db: Db, productId: number, version: number | 'latest'): Promise<PassportVersionRow | undefined> {
  const [row] = await db
    .select({ version: passportVersions })
    .from(passportVersions)
    .innerJoin(passports, eq(passports.id, passportVersions.passportId))
    .where(
      and(
        eq(passports.productId, productId),
        version === 'latest' ? eq(passportVersions.status, 'published') : eq(passportVersions.version, version),
      ),
    )
    .orderBy(desc(passportVersions.version))
    .limit(1);
  return row?.version;
}

/** The published versions of a product's passport, newest first (no data). */
export async function readVersionSummaries(db: Db, passportId: number) {
  return db
    .select({ version: passportVersions.version, status: passportVersions.status, publishedAt: passportVersions.publishedAt })
    .from(passportVersions)
    .where(and(eq(passportVersions.passportId, passportId), eq(passportVersions.status, 'published')))
    .orderBy(desc(passportVersions.version));
}

export async function nextVersionNumber(db: Db, passportId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${passportVersions.version}), 0)::int` })
    .from(passportVersions)
    .where(eq(passportVersions.passportId, passportId));
  return (row?.max ?? 0) + 1;
}

export interface PublishedPassport {
  productId: number;
  companyId: number;
  template: PassportTemplate;
  version: number;
  publishedAt: string;
  /** The full data: filter it with `filterPassport(data, level, accessOverrides)` before showing it to anyone. */
  data: PassportData;
  accessOverrides: AccessOverrides;
  /** Every certificate of the product with `valid` as of now. */
  certificates: CertificateView[];
}

/**
 * A published version of a product's passport (the latest without `version`), or null when there
 * is none. Product scope only: callers check the product is live or the caller's.
 */
export async function getPublishedPassport(db: Db, { productId, version }: { productId: number; version?: number }): Promise<PublishedPassport | null> {
  const [row] = await db
    .select({ version: passportVersions, companyId: products.companyId })
    .from(passportVersions)
    .innerJoin(passports, eq(passports.id, passportVersions.passportId))
    .innerJoin(products, eq(products.id, passports.productId))
    .where(
      and(
        eq(passports.productId, productId),
        eq(passportVersions.status, 'published'),
        version === undefined ? undefined : eq(passportVersions.version, version),
      ),
    )
    .orderBy(desc(passportVersions.version))
    .limit(1);
  if (!row || !row.version.publishedAt) return null;
  return {
    productId,
    companyId: row.companyId,
    template: row.version.template,
    version: row.version.version,
    publishedAt: row.version.publishedAt.toISOString(),
    data: row.version.data,
    accessOverrides: row.version.accessOverrides,
    certificates: await readCertificates(db, productId),
  };
}
