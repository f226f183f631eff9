import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DESK_EXPORT_MAX_ROWS,
  SERIAL_AI,
  STORY_ITEMS_MAX,
  qualifierPathOf,
  type CounterfeitReport,
  type FlaggedSerial,
  type PageInfo,
  type SerialStory,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { analyticsScope } from '../analytics/dashboard-scope.js';
import { scans, suspiciousSerials } from '../analytics/tables.js';
import { csvOf } from '../data/spreadsheet.js';
import { verifications } from '../landing/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { counterfeitReports, nfcTaps, serialStatusChanges } from './tables.js';

/*
 * The Authenticity desk (issue 25 part 3, decision 071): the company's flagged serials and
 * shoppers' reports, each listed, filtered, paged and exported as CSV, and the story of one serial.
 * Roles 1 and 2 read every product of the company (deleted ones included: their signals stay
 * true); a sub-admin reads the products of its projects only, scoped as the analytics dashboard is.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The product filter of a desk list: every product (`undefined`), or the ids the caller reads. */
async function deskScope(db: Db, auth: AuthContext, companyId: number, productId: number | undefined): Promise<number[] | null> {
  return analyticsScope(db, auth, companyId, { productId });
}

const inScope = (column: Parameters<typeof inArray>[0], scope: number[] | null): SQL | undefined =>
  scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(column, scope);

const countriesOf = (evidence: { country: string | null }[]) => [...new Set(evidence.flatMap((item) => (item.country ? [item.country] : [])))];

// ---------------------------------------------------------------------------------------------
// Flagged serials

export interface FlaggedFilter {
  productId?: number;
  dismissed: boolean;
}

function flaggedWhere(companyId: number, scope: number[] | null, filter: FlaggedFilter) {
  return and(eq(suspiciousSerials.companyId, companyId), eq(suspiciousSerials.dismissed, filter.dismissed), inScope(suspiciousSerials.productId, scope));
}

async function readFlagged(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<FlaggedSerial[]> {
  const rows = await db
    .select({ flag: suspiciousSerials, productName: products.productName })
    .from(suspiciousSerials)
    .leftJoin(products, eq(products.id, suspiciousSerials.productId))
    .where(where)
    .orderBy(desc(suspiciousSerials.flaggedAt), desc(suspiciousSerials.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ flag, productName }) => ({
    id: flag.id,
    productId: flag.productId,
    productName: productName ?? `#${flag.productId}`,
    serial: flag.serial,
    reason: flag.reason === 'volume' ? 'volume' : 'countries',
    countries: countriesOf(flag.evidence),
    flaggedAt: flag.flaggedAt.toISOString(),
    dismissed: flag.dismissed,
  }));
}

/** `GET /api/authenticity/flagged`: newest first. */
export async function listFlagged(
  db: Db,
  auth: AuthContext,
  companyId: number,
  query: FlaggedFilter & { page: number; size: number },
): Promise<{ result: FlaggedSerial[]; pageInfo: PageInfo }> {
  const scope = await deskScope(db, auth, companyId, query.productId);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(suspiciousSerials).where(flaggedWhere(companyId, scope, query));
  const result = await readFlagged(db, flaggedWhere(companyId, scope, query), query.size, (query.page - 1) * query.size);
  return { result, pageInfo: { total, page: query.page, size: query.size } };
}

/** `PUT /api/authenticity/flagged/dismiss`: dismisses a flag (the verification view stops warning of it), or undoes that. */
export async function dismissFlag(db: Db, auth: AuthContext, companyId: number, id: number, dismissed: boolean): Promise<FlaggedSerial> {
  const [flag] = await db
    .select()
    .from(suspiciousSerials)
    .where(and(eq(suspiciousSerials.id, id), eq(suspiciousSerials.companyId, companyId)));
  if (!flag) throw notFound();
  await authorizeProduct(db, auth, companyId, flag.productId, 'write');
  await db.update(suspiciousSerials).set({ dismissed }).where(eq(suspiciousSerials.id, id));
  const [updated] = await readFlagged(db, eq(suspiciousSerials.id, id), 1, 0);
  return updated;
}

// ---------------------------------------------------------------------------------------------
// Reports

export interface ReportsFilter {
  productId?: number;
  status?: CounterfeitReport['status'];
}

function reportsWhere(companyId: number, scope: number[] | null, filter: ReportsFilter) {
  return and(
    eq(counterfeitReports.companyId, companyId),
    filter.status ? eq(counterfeitReports.status, filter.status) : undefined,
    inScope(counterfeitReports.productId, scope),
  );
}

type ReportRow = typeof counterfeitReports.$inferSelect;

function toReport(row: ReportRow, productName: string | null): CounterfeitReport {
  return {
    id: row.id,
    productId: row.productId,
    productName: productName ?? `#${row.productId}`,
    serial: row.serial,
    purchasePlace: row.purchasePlace,
    purchaseDate: row.purchaseDate,
    seller: row.seller,
    hasPhoto: row.photoPath !== null,
    canAnswer: row.emailConsent && row.email !== null,
    language: row.language,
    country: row.country,
    status: row.status,
    note: row.note,
    answer: row.answer,
    answeredAt: iso(row.answeredAt),
    handledAt: iso(row.handledAt),
    createdAt: row.createdAt.toISOString(),
  };
}

async function readReports(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<CounterfeitReport[]> {
  const rows = await db
    .select({ report: counterfeitReports, productName: products.productName })
    .from(counterfeitReports)
    .leftJoin(products, eq(products.id, counterfeitReports.productId))
    .where(where)
    .orderBy(desc(counterfeitReports.createdAt), desc(counterfeitReports.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ report, productName }) => toReport(report, productName));
}

/** `GET /api/authenticity/reports`: newest first. */
export async function listReports(
  db: Db,
  auth: AuthContext,
  companyId: number,
  query: ReportsFilter & { page: number; size: number },
): Promise<{ result: CounterfeitReport[]; pageInfo: PageInfo }> {
  const scope = await deskScope(db, auth, companyId, query.productId);
  const where = reportsWhere(companyId, scope, query);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(counterfeitReports).where(where);
  const result = await readReports(db, where, query.size, (query.page - 1) * query.size);
  return { result, pageInfo: { total, page: query.page, size: query.size } };
}

/** `GET /api/authenticity/reports/one`: one report of a product the caller reads. */
export async function getReport(db: Db, auth: AuthContext, companyId: number, id: number): Promise<CounterfeitReport> {
  const [found] = await readReports(db, and(eq(counterfeitReports.id, id), eq(counterfeitReports.companyId, companyId)), 1, 0);
  if (!found) throw notFound();
  await authorizeProduct(db, auth, companyId, found.productId, 'read');
  return found;
}

// ---------------------------------------------------------------------------------------------
// CSV exports

export async function exportFlagged(db: Db, auth: AuthContext, companyId: number, filter: FlaggedFilter): Promise<Buffer> {
  const scope = await deskScope(db, auth, companyId, filter.productId);
  const rows = await readFlagged(db, flaggedWhere(companyId, scope, filter), DESK_EXPORT_MAX_ROWS, 0);
  return csvOf(
    ['id', 'flaggedAt', 'productId', 'productName', 'serial', 'reason', 'countries', 'dismissed'],
    rows.map((row) => [row.id, row.flaggedAt, row.productId, row.productName, row.serial, row.reason, row.countries.join(' '), String(row.dismissed)]),
  );
}

export async function exportReports(db: Db, auth: AuthContext, companyId: number, filter: ReportsFilter): Promise<Buffer> {
  const scope = await deskScope(db, auth, companyId, filter.productId);
  const rows = await readReports(db, reportsWhere(companyId, scope, filter), DESK_EXPORT_MAX_ROWS, 0);
  return csvOf(
    ['id', 'createdAt', 'productId', 'productName', 'serial', 'purchasePlace', 'purchaseDate', 'seller', 'country', 'language', 'status', 'note', 'answeredAt'],
    rows.map((row) => [
      row.id,
      row.createdAt,
      row.productId,
      row.productName,
      row.serial,
      row.purchasePlace,
      row.purchaseDate,
      row.seller,
      row.country,
      row.language,
      row.status,
      row.note,
      row.answeredAt,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// The story of a serial

/**
 * `GET /api/authenticity/serial-story`: what is known of one serial of a product the caller reads:
 * its status and the history of it, its resolver scans (time, country, region, link type), its
 * checks on the verification view, its NFC taps, its reports and its flags; the latest
 * STORY_ITEMS_MAX of each, newest first.
 */
export async function serialStory(db: Db, auth: AuthContext, companyId: number, productId: number, serial: string): Promise<SerialStory> {
  const product = await authorizeProduct(db, auth, companyId, productId, 'read');
  const entryId = product.entryId;
  const [qualifier] =
    entryId === null
      ? []
      : await db
          .select({ status: qualifiers.status, reason: qualifiers.statusReason })
          .from(qualifiers)
          .where(and(eq(qualifiers.entryId, entryId), eq(qualifiers.qualifierPath, qualifierPathOf(SERIAL_AI, serial)), eq(qualifiers.isDeleted, false)));
  const limit = STORY_ITEMS_MAX;
  const [changes, scanRows, checks, taps, reports, flags] = await Promise.all([
    db
      .select()
      .from(serialStatusChanges)
      .where(and(eq(serialStatusChanges.productId, productId), eq(serialStatusChanges.serial, serial)))
      .orderBy(desc(serialStatusChanges.changedAt), desc(serialStatusChanges.id))
      .limit(limit),
    db
      .select({ at: scans.scannedAt, country: scans.country, region: scans.region, linkType: scans.linkType })
      .from(scans)
      .where(and(eq(scans.productId, productId), eq(scans.serial, serial)))
      .orderBy(desc(scans.scannedAt), desc(scans.id))
      .limit(limit),
    db
      .select({ at: verifications.checkedAt, result: verifications.result, country: verifications.country })
      .from(verifications)
      .where(and(eq(verifications.productId, productId), eq(verifications.serial, serial)))
      .orderBy(desc(verifications.checkedAt), desc(verifications.id))
      .limit(limit),
    db
      .select({ at: nfcTaps.tappedAt, counter: nfcTaps.counter, result: nfcTaps.result, country: nfcTaps.country })
      .from(nfcTaps)
      .where(and(eq(nfcTaps.productId, productId), eq(nfcTaps.serial, serial)))
      .orderBy(desc(nfcTaps.tappedAt), desc(nfcTaps.id))
      .limit(limit),
    db
      .select()
      .from(counterfeitReports)
      .where(and(eq(counterfeitReports.companyId, companyId), eq(counterfeitReports.productId, productId), eq(counterfeitReports.serial, serial)))
      .orderBy(desc(counterfeitReports.createdAt), desc(counterfeitReports.id))
      .limit(limit),
    db
      .select()
      .from(suspiciousSerials)
      .where(and(eq(suspiciousSerials.companyId, companyId), eq(suspiciousSerials.productId, productId), eq(suspiciousSerials.serial, serial)))
      .orderBy(desc(suspiciousSerials.flaggedAt))
      .limit(limit),
  ]);
  return {
    productId,
    productName: product.productName,
    serial,
    registered: qualifier !== undefined,
    status: qualifier?.status ?? null,
    statusReason: qualifier?.reason ?? null,
    changes: changes.map((row) => ({ at: row.changedAt.toISOString(), from: row.fromStatus, to: row.toStatus, reason: row.reason, by: row.changedByName })),
    scans: scanRows.map((row) => ({ at: row.at.toISOString(), country: row.country, region: row.region, linkType: row.linkType })),
    checks: checks.map((row) => ({ at: row.at.toISOString(), result: row.result, country: row.country })),
    taps: taps.map((row) => ({ at: row.at.toISOString(), counter: row.counter, result: row.result, country: row.country })),
    reports: reports.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), status: row.status, purchasePlace: row.purchasePlace, country: row.country })),
    flags: flags.map((row) => ({ id: row.id, reason: row.reason, flaggedAt: row.flaggedAt.toISOString(), dismissed: row.dismissed, countries: countriesOf(row.evidence) })),
  };
}
