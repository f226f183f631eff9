import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  MESSAGES,
  filterPassport,
  passportPublishProblems,
  type AccessLevel,
  type AccessLink,
  type AccessOverrides,
  type CreateAccessLinkBody,
  type PassportData,
  type PassportVersion,
  type PublicPassport,
  type PutCertificatesBody,
  type PutPassportBody,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed, type FieldError } from '../../errors.js';
import { recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import type { FileStorage } from '../../plugins/storage.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { publicProduct, shownToPublic } from '../access/public-products.js';
import { certifications } from '../certifications/tables.js';
import { companies } from '../companies/tables.js';
import { entryPathOf, lockProduct } from '../contents/queries.js';
import { entries } from '../entries/tables.js';
import { FILES_PATH_PREFIX, isStoredFileIn } from '../products/images.js';
import { products } from '../products/tables.js';
import { certificationsOf } from '../products/service.js';
import { readParts } from '../products/uploads.js';
import { getPublishedPassport, nextVersionNumber, readCertificates, readPassport, readVersion, readVersionSummaries } from './queries.js';
import { passportAccessLinks, passportVersions, passports, productCertificates, type PassportAccessLinkRow, type PassportVersionRow } from './tables.js';

export { getPublishedPassport } from './queries.js';

/** Who asks; routes build it per request. */
export interface PassportContext {
  db: Db;
  storage: FileStorage;
  auth: AuthContext;
  companyId: number;
  /** Queues the product-data webhooks of a publication, in its transaction (decision 086). */
  jobs: WebhookSender;
}

const authorize = (ctx: PassportContext, productId: number, action: 'read' | 'write') => authorizeProduct(ctx.db, ctx.auth, ctx.companyId, productId, action);

export const NOT_A_DPP_PRODUCT = 'The product is not on the DPP service';

/** A passport is written for a DPP product only (409 otherwise). */
async function authorizePassportWrite(ctx: PassportContext, productId: number) {
  const product = await authorize(ctx, productId, 'write');
  if (product.service !== 'DPP') throw conflict(NOT_A_DPP_PRODUCT);
  return product;
}

// ----- files -----

export const passportFolder = (productId: number) => `passports/${productId}`;

/** A stored file of this product's passport (`/files/passports/{id}/...`), in its canonical form. */
export const isPassportFilePath = (path: string, productId: number): boolean => isStoredFileIn(path, passportFolder(productId));

const DOCUMENT_MESSAGE = 'Send a PDF, JPEG or PNG file';

/**
 * `POST /api/product/passport/document?productId`: a compliance document or certificate file,
 * checked by content: a PDF (`%PDF-`), a JPEG or a PNG, at most `maxBytes`.
 */
export async function uploadPassportDocument(ctx: PassportContext, request: FastifyRequest, productId: number, maxBytes: number) {
  const product = await authorize(ctx, productId, 'write');
  const { raw } = await readParts(request, ['file'], { oneEach: true });
  const data = raw.find((part) => part.field === 'file')?.data;
  if (!data) throw validationFailed([{ path: 'file', message: 'Required' }]);
  if (data.length > maxBytes) throw validationFailed([{ path: 'file', message: MESSAGES.fileTooLarge }]);
  const kind = sniffDocument(data);
  if (!kind) throw validationFailed([{ path: 'file', message: DOCUMENT_MESSAGE }]);
  const key = `${passportFolder(product.id)}/${randomBytes(16).toString('hex')}.${kind.extension}`;
  await ctx.storage.put(key, data, kind.mime);
  return { path: `${FILES_PATH_PREFIX}${key}`, contentType: kind.mime };
}

function sniffDocument(data: Buffer): { mime: string; extension: string } | null {
  if (data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-') return { mime: 'application/pdf', extension: 'pdf' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' };
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', extension: 'png' };
  return null;
}

/** File paths a passport names must be this product's passport files. */
function filePathProblems(data: PassportData, productId: number): FieldError[] {
  const problems: FieldError[] = [];
  const check = (path: string | undefined, at: string) => {
    if (path !== undefined && !isPassportFilePath(path, productId)) problems.push({ path: at, message: 'Must be a file uploaded to this passport' });
  };
  data.complianceDocuments?.forEach((document, index) => check(document.filePath, `data.complianceDocuments.${index}.filePath`));
  check(data.userManual?.filePath, 'data.userManual.filePath');
  check(data.safetyInformation?.filePath, 'data.safetyInformation.filePath');
  return problems;
}

// ----- drafts and versions -----

function versionView(row: PassportVersionRow): PassportVersion {
  return {
    version: row.version,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    template: row.template,
    data: row.data,
    accessOverrides: row.accessOverrides as Record<string, AccessLevel>,
  };
}

/** `GET /api/product/passport?productId`: the template, the draft and the published versions (newest first). */
export async function getPassport(ctx: PassportContext, productId: number) {
  const product = await authorize(ctx, productId, 'read');
  const passport = await readPassport(ctx.db, product.id);
  if (!passport) return { productId: product.id, template: 'core' as const, draft: null, versions: [] };
  const draft = await readVersion(ctx.db, product.id, 0);
  const versions = await readVersionSummaries(ctx.db, passport.id);
  return {
    productId: product.id,
    template: passport.template,
    draft: draft ? versionView(draft) : null,
    versions: versions.map((row) => ({ version: row.version, status: row.status, publishedAt: row.publishedAt?.toISOString() ?? null })),
  };
}

/** `GET /api/product/passport/version?productId&version`: one published version with all its fields. */
export async function getPassportVersion(ctx: PassportContext, productId: number, version: number): Promise<PassportVersion> {
  const product = await authorize(ctx, productId, 'read');
  const row = await readVersion(ctx.db, product.id, version);
  if (!row) throw notFound();
  return versionView(row);
}

/**
 * `PUT /api/product/passport`: saves the draft (version 0) and the passport's template in one
 * transaction; any field error answers 400 and changes nothing.
 */
export async function savePassportDraft(ctx: PassportContext, body: PutPassportBody) {
  const product = await authorizePassportWrite(ctx, body.productId);
  const problems = filePathProblems(body.data, product.id);
  if (body.template !== 'battery' && body.data.battery !== undefined) problems.push({ path: 'data.battery', message: 'Only on the battery template' });
  if (problems.length > 0) throw validationFailed(problems);
  await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const now = new Date();
    const [passport] = await tx
      .insert(passports)
      .values({ productId: product.id, template: body.template })
      .onConflictDoUpdate({ target: passports.productId, set: { template: body.template, updatedAt: now } })
      .returning();
    await tx
      .insert(passportVersions)
      .values({ passportId: passport.id, version: 0, status: 'draft', template: body.template, data: body.data, accessOverrides: body.accessOverrides })
      .onConflictDoUpdate({
        target: [passportVersions.passportId, passportVersions.version],
        set: { template: body.template, data: body.data, accessOverrides: body.accessOverrides, updatedAt: now },
      });
  });
  return getPassport(ctx, product.id);
}

/**
 * `POST /api/product/passport/publish`: the draft becomes a new published version n+1 (the draft
 * stays as the working copy). Published rows are only ever inserted, never updated. The entry path
 * is answered so that the gateway drops its cached landing page of the product.
 */
export async function publishPassport(ctx: PassportContext, productId: number): Promise<{ version: PassportVersion; entryPaths: string[] }> {
  const product = await authorizePassportWrite(ctx, productId);
  const row = await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const passport = await readPassport(tx, product.id);
    const draft = passport ? await readVersion(tx, product.id, 0) : undefined;
    if (!passport || !draft) throw validationFailed([{ path: 'productId', message: 'No draft to publish' }]);
    const problems = passportPublishProblems(draft.template, draft.data);
    if (problems.length > 0) throw validationFailed(problems);
    const [created] = await tx
      .insert(passportVersions)
      .values({
        passportId: passport.id,
        version: await nextVersionNumber(tx, passport.id),
        status: 'published',
        template: draft.template,
        data: draft.data,
        accessOverrides: draft.accessOverrides,
        publishedAt: new Date(),
      })
      .returning();
    await recordWebhookEvents(tx, ctx.jobs, ctx.companyId, [
      { type: 'passport.published', productId: product.id, data: { version: created.version, publishedAt: created.publishedAt?.toISOString() ?? null } },
    ]);
    return created;
  });
  return { version: versionView(row), entryPaths: await entryPathOf(ctx.db, product) };
}

// ----- public read -----

export const hashAccessToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * What an access token opens on a product: its link's level when the link is live (not revoked, not
 * expired; the use is recorded), the public level otherwise. `accessLink` tells which, only when a token was given.
 */
async function readerAccess(db: Db, productId: number, token: string | undefined): Promise<{ level: AccessLevel; accessLink?: 'open' | 'invalid' }> {
  if (!token) return { level: 'public' };
  const now = new Date();
  const [link] = await db
    .update(passportAccessLinks)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(passportAccessLinks.productId, productId),
        eq(passportAccessLinks.tokenHash, hashAccessToken(token)),
        isNull(passportAccessLinks.revokedAt),
        gt(passportAccessLinks.expiresAt, now),
      ),
    )
    .returning({ level: passportAccessLinks.level });
  return link ? { level: link.level, accessLink: 'open' } : { level: 'public', accessLink: 'invalid' };
}

/**
 * The passport a reader sees at `level`: the fields of that level (the version's overrides apply)
 * and the certificates that hold today.
 */
export function passportForLevel(published: NonNullable<Awaited<ReturnType<typeof getPublishedPassport>>>, level: AccessLevel): PublicPassport {
  return {
    productId: published.productId,
    template: published.template,
    version: published.version,
    publishedAt: published.publishedAt,
    level,
    data: filterPassport(published.data, level, published.accessOverrides),
    certificates: published.certificates.filter((certificate) => certificate.valid),
  };
}

/**
 * A published version as the holder of `token` reads it (no token: the public fields). Both public
 * reads, `landing-page/passport` and the landing page's `passport`, answer through this function.
 */
async function passportForReader(db: Db, productId: number, version: number | undefined, token: string | undefined): Promise<PublicPassport | null> {
  const published = await getPublishedPassport(db, { productId, version });
  if (!published) return null;
  const access = await readerAccess(db, productId, token);
  const passport = passportForLevel(published, access.level);
  if (access.accessLink === 'open') return { ...passport, accessLink: 'open', accessToken: token };
  return access.accessLink ? { ...passport, accessLink: access.accessLink } : passport;
}

/**
 * `GET /api/product/landing-page/passport?productId&version?&access?` (public): a live product's
 * published passport, public fields only, or the fields of the access link's level for a live token.
 * A product no longer on the DPP service shows none (404).
 */
export async function publicPassport(db: Db, query: { productId: number; version?: number; access?: string }): Promise<PublicPassport> {
  const { product } = await publicProduct(db, query.productId);
  if (product.service !== 'DPP') throw notFound();
  const passport = await passportForReader(db, product.id, query.version, query.access);
  if (!passport) throw notFound();
  return passport;
}

/**
 * The landing read's passport: the latest published version's public fields, or with a live access
 * link's token the fields of its level; null when nothing is published or the product is no longer on DPP.
 */
export async function landingPassport(db: Db, product: { id: number; service: string }, access?: string): Promise<PublicPassport | null> {
  if (product.service !== 'DPP') return null;
  return passportForReader(db, product.id, undefined, access);
}

/** The stored files (`/files/passports/…`) a passport's fields name. */
function filePathsOf(data: PassportData): string[] {
  return [
    ...(data.complianceDocuments ?? []).map((document) => document.filePath),
    ...(data.userManual?.filePath ? [data.userManual.filePath] : []),
    ...(data.safetyInformation?.filePath ? [data.safetyInformation.filePath] : []),
  ];
}

/**
 * Who may read a stored file of a product's passport (`/files/passports/{productId}/…`) without
 * signing in: anyone (`public`) when a published version shows it among its public fields or it is
 * a certificate's document; the holder of a live access link (`restricted`) when a published version
 * shows it at the link's level; nobody (null) otherwise: a draft's file, a restricted file without
 * the link, a product no longer on the DPP service or not shown to the public (deleted, its entry
 * deactivated or deleted, its company's approval withdrawn: `shownToPublic`, as the landing).
 */
export async function passportFileReader(db: Db, productId: number, path: string, token: string | undefined): Promise<'public' | 'restricted' | null> {
  // The landing's own rule: a document goes with the page when the product, its entry or its company's approval does.
  const [product] = await db
    .select({ service: products.service })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, productId), shownToPublic()));
  if (product?.service !== 'DPP') return null;
  const versions = await db
    .select({ data: passportVersions.data, accessOverrides: passportVersions.accessOverrides })
    .from(passportVersions)
    .innerJoin(passports, eq(passports.id, passportVersions.passportId))
    .where(and(eq(passports.productId, productId), eq(passportVersions.status, 'published')));
  if (versions.length === 0) return null;
  const shownAt = (level: AccessLevel) => versions.some((version) => filePathsOf(filterPassport(version.data, level, version.accessOverrides as AccessOverrides)).includes(path));
  if (shownAt('public')) return 'public';
  const certificate = await db
    .select({ id: productCertificates.id })
    .from(productCertificates)
    .where(and(eq(productCertificates.productId, productId), eq(productCertificates.documentPath, path)))
    .limit(1);
  if (certificate.length > 0) return 'public';
  const access = await readerAccess(db, productId, token);
  return access.level !== 'public' && shownAt(access.level) ? 'restricted' : null;
}

// ----- access links -----

function accessLinkView(row: PassportAccessLinkRow): AccessLink {
  return {
    accessLinkId: row.id,
    name: row.name,
    level: row.level,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `POST /api/product/passport/access-links`: a new link; its token is in this answer only (the table keeps its SHA-256). */
export async function createAccessLink(ctx: PassportContext, body: CreateAccessLinkBody) {
  const product = await authorize(ctx, body.productId, 'write');
  const token = randomBytes(32).toString('base64url');
  const [row] = await ctx.db
    .insert(passportAccessLinks)
    .values({
      productId: product.id,
      name: body.name,
      level: body.level,
      tokenHash: hashAccessToken(token),
      expiresAt: new Date(Date.now() + body.expiresInDays * DAY_MS),
    })
    .returning();
  return { ...accessLinkView(row), token };
}

/** `GET /api/product/passport/access-links?productId`: newest first, revoked and expired ones too. */
export async function listAccessLinks(ctx: PassportContext, productId: number): Promise<AccessLink[]> {
  const product = await authorize(ctx, productId, 'read');
  const rows = await ctx.db
    .select()
    .from(passportAccessLinks)
    .where(eq(passportAccessLinks.productId, product.id))
    .orderBy(desc(passportAccessLinks.createdAt), desc(passportAccessLinks.id));
  return rows.map(accessLinkView);
}

/** `DELETE /api/product/passport/access-links?productId&accessLinkId`: revokes the link (kept, with its revocation time). */
export async function revokeAccessLink(ctx: PassportContext, productId: number, accessLinkId: number): Promise<AccessLink> {
  const product = await authorize(ctx, productId, 'write');
  const [existing] = await ctx.db
    .select()
    .from(passportAccessLinks)
    .where(and(eq(passportAccessLinks.id, accessLinkId), eq(passportAccessLinks.productId, product.id)));
  if (!existing) throw notFound();
  if (existing.revokedAt) return accessLinkView(existing);
  const [row] = await ctx.db.update(passportAccessLinks).set({ revokedAt: new Date() }).where(eq(passportAccessLinks.id, existing.id)).returning();
  return accessLinkView(row);
}

// ----- certificates -----

/** `GET /api/product/cert-info?productId`: the catalogue entries the product carries (as before) and its certificates with validity. */
export async function certInfo(ctx: PassportContext, productId: number) {
  const product = await authorize(ctx, productId, 'read');
  return { result: await certificationsOf(ctx.db, product.certification), certificates: await readCertificates(ctx.db, product.id) };
}

/** `PUT /api/product/cert-info`: replaces the product's certificates in one transaction; the landing's cached page of the product goes. */
export async function replaceCertificates(ctx: PassportContext, body: PutCertificatesBody) {
  const product = await authorize(ctx, body.productId, 'write');
  const problems: FieldError[] = [];
  const known = new Set((await ctx.db.select({ id: certifications.id }).from(certifications)).map((row) => row.id));
  body.certificates.forEach((certificate, index) => {
    if (!known.has(certificate.certificationId)) problems.push({ path: `certificates.${index}.certificationId`, message: 'Unknown certification' });
    if (certificate.documentPath !== null && !isPassportFilePath(certificate.documentPath, product.id))
      problems.push({ path: `certificates.${index}.documentPath`, message: 'Must be a file uploaded to this passport' });
  });
  if (problems.length > 0) throw validationFailed(problems);
  await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    await tx.delete(productCertificates).where(eq(productCertificates.productId, product.id));
    if (body.certificates.length > 0)
      await tx.insert(productCertificates).values(body.certificates.map((certificate, index) => ({ productId: product.id, position: index + 1, ...certificate })));
  });
  return { certificates: await readCertificates(ctx.db, product.id), entryPaths: await entryPathOf(ctx.db, product) };
}
