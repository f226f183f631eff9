import { and, eq, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  REPORT_HONEYPOT_FIELD,
  REPORT_PHOTO_MAX_BYTES,
  REPORT_PHOTO_TYPES,
  REPORTS_PER_ADDRESS_PER_DAY,
  SERIAL_AI,
  qualifierPathOf,
  type CounterfeitReportForm,
  type ReportAnswer,
  type ReportDecision,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, tooManyReports, validationFailed } from '../../errors.js';
import type { Publish } from '../../events.js';
import { checkImage } from '../../images.js';
import { mailMessages } from '../../mail/catalogue.js';
import type { Mailer } from '../../plugins/mailer.js';
import { randomKey, type FileStorage } from '../../plugins/storage.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { shownToPublic } from '../access/public-products.js';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { recordSerialStatusWebhook, setSerialStatus } from './serial-status.js';
import { recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import { counterfeitReports } from './tables.js';

/*
 * Shoppers' reports of suspected fakes (issue 25 part 3, decision 071): filed from the landing
 * without an account, through the gateway, which names the shopper's address; handled by the brand
 * on the Authenticity desk (confirm, optionally blacklisting the serial, or dismiss; answer by mail
 * when the shopper agreed to one).
 */

/** Photos are stored under `reports/{reportId}/`; the files route never serves that folder. */
export const REPORT_PHOTO_FOLDER = 'reports/';
const PHOTO_MAX_SIDE = 2048;
const PHOTO_MAX_PIXELS = 40_000_000;
/** A handled report's e-mail and photo are erased this long after the brand decided on it. */
export const REPORT_PERSONAL_DATA_DAYS = 180;

const photoProblem = (message: string) => validationFailed([{ path: 'photo', message }]);

/**
 * The photo as it is kept: a JPEG, PNG or WebP that decodes whole (by its bytes), turned upright,
 * at most PHOTO_MAX_SIDE a side, re-encoded as JPEG. Re-encoding keeps no metadata (EXIF, GPS, XMP).
 */
export async function cleanReportPhoto(data: Buffer): Promise<Buffer> {
  if (data.length > REPORT_PHOTO_MAX_BYTES) throw photoProblem(`The photo is larger than ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB`);
  const image = await checkImage(data);
  if (!image || !(REPORT_PHOTO_TYPES as readonly string[]).includes(image.mime)) throw photoProblem('The photo must be a JPEG, PNG or WebP image');
  return sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS })
    .rotate()
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The shopper as the gateway named them: the day's address key (decision 065) and its country. */
export interface ReportingVisitor {
  key: string | null;
  country: string | null;
}

export interface FileReportContext {
  db: Db;
  storage: FileStorage;
  publish: Publish;
  /** Queues the `report.received` webhooks, in the report's transaction (decision 086). */
  jobs: WebhookSender;
}

/**
 * Files a shopper's report: the product as the landing shows it (else 404), the photo cleaned, at
 * most REPORTS_PER_ADDRESS_PER_DAY per address key a day (429 beyond; counted under a lock on the
 * key, so parallel posts cannot pass it), the e-mail only with consent. A filled honeypot is
 * answered as received and nothing is kept. Publishes `authenticity.reportFiled`.
 */
export async function fileReport(
  context: FileReportContext,
  form: CounterfeitReportForm,
  photo: Buffer | null,
  visitorOf: (companyId: number) => Promise<ReportingVisitor | null>,
): Promise<void> {
  if ((form[REPORT_HONEYPOT_FIELD] ?? '').trim() !== '') return;
  const { db, storage, publish } = context;
  const [product] = await db
    .select({ id: products.id, companyId: products.companyId })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, form.productId), shownToPublic(), eq(companies.serviceName, form.serviceName)));
  if (!product) throw notFound();
  const cleaned = photo ? await cleanReportPhoto(photo) : null;
  const visitor = await visitorOf(product.companyId);
  const keepEmail = form.emailConsent && form.email !== undefined;

  const reportId = await db.transaction(async (tx) => {
    if (visitor?.key) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${visitor.key}`}))`);
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(counterfeitReports)
        .where(and(eq(counterfeitReports.visitor, visitor.key), sql`${counterfeitReports.createdAt} > now() - interval '1 day'`));
      if (count >= REPORTS_PER_ADDRESS_PER_DAY) throw tooManyReports(REPORTS_PER_ADDRESS_PER_DAY);
    }
    const [row] = await tx
      .insert(counterfeitReports)
      .values({
        companyId: product.companyId,
        productId: product.id,
        serial: form.serial ?? null,
        purchasePlace: form.purchasePlace,
        purchaseDate: form.purchaseDate ?? null,
        seller: form.seller ?? '',
        email: keepEmail ? form.email : null,
        emailConsent: keepEmail,
        language: form.language,
        visitor: visitor?.key ?? null,
        country: visitor?.country ?? null,
      })
      .returning({ id: counterfeitReports.id });
    if (cleaned) {
      const key = randomKey(`${REPORT_PHOTO_FOLDER}${row.id}`, 'jpg');
      await storage.put(key, cleaned, 'image/jpeg');
      await tx.update(counterfeitReports).set({ photoPath: `/files/${key}` }).where(eq(counterfeitReports.id, row.id));
    }
    // What the shopper wrote stays in the console: the webhook names the report, not its contents.
    await recordWebhookEvents(tx, context.jobs, product.companyId, [
      { type: 'report.received', productId: product.id, data: { reportId: row.id, serial: form.serial ?? null } },
    ]);
    return row.id;
  });
  await publish({ type: 'authenticity.reportFiled', companyId: product.companyId, productId: product.id, reportId, serial: form.serial ?? null });
}

/** A report of the caller's company on a product the caller may act on ('write') or read. */
async function reportOf(db: Db, auth: AuthContext, companyId: number, id: number, action: 'read' | 'write') {
  const [report] = await db
    .select()
    .from(counterfeitReports)
    .where(and(eq(counterfeitReports.id, id), eq(counterfeitReports.companyId, companyId)));
  if (!report) throw notFound();
  await authorizeProduct(db, auth, companyId, report.productId, action);
  return report;
}

/** The photo of a report, for the brand only; null when it has none (or it was erased). */
export async function reportPhoto(db: Db, storage: FileStorage, auth: AuthContext, companyId: number, id: number) {
  const report = await reportOf(db, auth, companyId, id, 'read');
  const key = report.photoPath?.replace(/^\/files\//, '');
  if (!key?.startsWith(REPORT_PHOTO_FOLDER)) return null;
  return storage.get(key);
}

async function userName(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return user ? `${user.firstName} ${user.lastName}`.trim() : '';
}

/**
 * The brand's decision on a report, with its note: `confirmed` (and, with `blacklist`, the
 * report's serial blacklisted in the same transaction, reason "confirmed copy (report #id)") or
 * `dismissed`. A decision may be changed; blacklisting needs a registered serial (409 otherwise).
 * Answers the entry path to invalidate when a serial's status changed.
 */
export async function decideReport(db: Db, jobs: WebhookSender, auth: AuthContext, companyId: number, id: number, decision: ReportDecision): Promise<{ entryPath: string | null }> {
  const report = await reportOf(db, auth, companyId, id, 'write');
  if (decision.blacklist && decision.status !== 'confirmed') throw validationFailed([{ path: 'blacklist', message: 'Only a confirmed report blacklists its serial' }]);
  const byName = decision.blacklist ? await userName(db, auth.userId) : '';
  return db.transaction(async (tx) => {
    await tx
      .update(counterfeitReports)
      .set({ status: decision.status, note: decision.note, handledBy: auth.userId, handledAt: new Date() })
      .where(eq(counterfeitReports.id, report.id));
    if (!decision.blacklist) return { entryPath: null };
    const [serial] = report.serial
      ? await tx
          .select({ id: qualifiers.id, entryPath: entries.entryPath })
          .from(qualifiers)
          .innerJoin(products, eq(products.entryId, qualifiers.entryId))
          .innerJoin(entries, eq(entries.id, qualifiers.entryId))
          .where(
            and(
              eq(products.id, report.productId),
              eq(qualifiers.qualifierPath, qualifierPathOf(SERIAL_AI, report.serial)),
              eq(qualifiers.isDeleted, false),
            ),
          )
      : [];
    if (!serial) throw conflict('The report names no registered serial of the product to blacklist.');
    const changed = await setSerialStatus(tx, {
      companyId,
      productId: report.productId,
      qualifierIds: [serial.id],
      to: 'blacklisted',
      reason: `confirmed copy (report #${report.id})`,
      changedBy: { id: auth.userId, name: byName },
    });
    if (changed.length > 0) {
      await recordSerialStatusWebhook(tx, jobs, companyId, report.productId, {
        status: 'blacklisted',
        reason: `confirmed copy (report #${report.id})`,
        changed: changed.length,
        serials: changed.map((row) => row.serial),
      });
    }
    return { entryPath: changed.length > 0 ? serial.entryPath : null };
  });
}

export interface AnswerContext {
  db: Db;
  mailer: Mailer;
}

export const REPORT_ANSWER_MAIL = 'report-answer';

/**
 * Mails the brand's answer to the shopper, in the shopper's language, through the product's mail
 * queue; 409 when the shopper gave no address with consent (or it was erased). The answer sent is
 * kept, and the mail leaves exactly when it is.
 */
export async function answerReport({ db, mailer }: AnswerContext, auth: AuthContext, companyId: number, id: number, body: ReportAnswer): Promise<void> {
  const report = await reportOf(db, auth, companyId, id, 'write');
  if (!report.emailConsent || !report.email) throw conflict('The shopper did not leave an e-mail address for an answer.');
  const email = report.email;
  await db.transaction(async (tx) => {
    await tx.update(counterfeitReports).set({ answer: body.message, answeredAt: new Date() }).where(eq(counterfeitReports.id, report.id));
    await mailer.send({ kind: REPORT_ANSWER_MAIL, to: email, data: { reportId: report.id } }, tx);
  });
}

/** How an answer is mailed when its job runs: the report's latest answer, unless its address was erased meanwhile. */
export function defineReportAnswerMail({ db, mailer }: AnswerContext): void {
  mailer.define(REPORT_ANSWER_MAIL, async ({ to, data }) => {
    const [report] = await db
      .select({
        email: counterfeitReports.email,
        answer: counterfeitReports.answer,
        language: counterfeitReports.language,
        createdAt: counterfeitReports.createdAt,
        productName: products.productName,
        companyName: companies.companyName,
      })
      .from(counterfeitReports)
      .innerJoin(products, eq(products.id, counterfeitReports.productId))
      .innerJoin(companies, eq(companies.id, counterfeitReports.companyId))
      .where(eq(counterfeitReports.id, Number(data?.reportId)));
    if (!report || report.email !== to || report.answer === null) return null;
    return mailMessages(report.language).reportAnswer({
      companyName: report.companyName,
      productName: report.productName,
      reportedOn: report.createdAt.toISOString().slice(0, 10),
      message: report.answer,
    });
  });
}

/**
 * Retention (decision 071): the e-mail address, the photo and the address key of a report the
 * brand decided on more than REPORT_PERSONAL_DATA_DAYS ago are erased; what was reported stays.
 */
export async function erasePersonalData(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPORT_PERSONAL_DATA_DAYS * 86_400_000);
  const erased = await db
    .update(counterfeitReports)
    .set({ email: null, photoPath: null, visitor: null })
    .where(
      and(
        lt(counterfeitReports.handledAt, before),
        sql`(${counterfeitReports.email} is not null or ${counterfeitReports.photoPath} is not null or ${counterfeitReports.visitor} is not null)`,
      ),
    )
    .returning({ id: counterfeitReports.id });
  for (const { id } of erased) await storage.deletePrefix(`${REPORT_PHOTO_FOLDER}${id}`).catch(() => undefined);
  return erased.length;
}
