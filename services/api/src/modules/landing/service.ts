import { and, eq, sql } from 'drizzle-orm';
import {
  SERIAL_AI,
  qualifierPathOf,
  serialProblem,
  type LandingPageData,
  type LandingVerification,
  type LandingViewQuery,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Translator } from '../../plugins/translation.js';
import { shownToPublic } from '../access/public-products.js';
import { companies } from '../companies/tables.js';
import { landingContents, landingDesign } from '../contents/service.js';
import { entries } from '../entries/tables.js';
import { landingLinks, landingProductInfo, translateLinkTitles } from '../links/landing-routes.js';
import { landingPassport } from '../passports/service.js';
import { certificationsOf } from '../products/service.js';
import { products, type ProductRow } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { landingTrace } from '../trace/landing.js';
import { verifications } from './tables.js';

/** Category values whose products carry a smart label (spec point 9). */
const SMART_LABEL_CATEGORIES = [2, 3];

/**
 * A product the consumer landing may show under `serviceName`: live, its entry live and active, its
 * company approved and named `serviceName` in the address. Anything else is 404, so one company's
 * address never shows another company's product.
 */
async function landingProduct(db: Db, productId: number, serviceName: string) {
  const [row] = await db
    .select({ product: products, entryId: entries.id, companyId: companies.id })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(
      and(
        eq(products.id, productId),
        shownToPublic(),
        eq(companies.serviceName, serviceName),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** A check repeated within this time by the same visitor, with the same answer, is counted with the first (decision 065). */
export const REPEATED_CHECK_SECONDS = 60;

/** The checking visitor's key of the day for a company (`addressKeyOf`), or null when unknown. */
export type VisitorKeyOf = (companyId: number) => Promise<string | null>;

type CheckTarget = { productId: number; entryId: number; companyId: number };

/**
 * Checks a scanned serial against the product's entry: `genuine` only for a live `/21/{serial}`
 * qualifier of this entry (stored percent-encoded, as the qualifiers module writes it); an unknown,
 * deleted, malformed or other product's serial is `unverified`; no serial is `noSerial`. Every check
 * is made afresh and recorded (product, serial, answer, time, the visitor's address key of the day),
 * except that the same answer to the same visitor within REPEATED_CHECK_SECONDS is counted with the
 * first: a reloading shopper, or a script from one address, writes one row a minute, and a serial
 * deleted in between is `unverified` (another answer, another row) at once.
 */
export async function verifySerial(
  db: Db,
  target: CheckTarget,
  serial: string | undefined,
  visitor: string | null = null,
): Promise<LandingVerification> {
  const value = serial?.length ? serial : null;
  let status: LandingVerification['status'] = 'noSerial';
  if (value !== null) {
    status = 'unverified';
    if (!serialProblem(value)) {
      const [found] = await db
        .select({ id: qualifiers.id })
        .from(qualifiers)
        .where(and(eq(qualifiers.entryId, target.entryId), eq(qualifiers.qualifierPath, qualifierPathOf(SERIAL_AI, value)), eq(qualifiers.isDeleted, false)));
      if (found) status = 'genuine';
    }
  }
  const checkedAt = visitor === null ? await recordCheck(db, target, value, status) : await recordVisitorCheck(db, target, value, status, visitor);
  return { status, serial: value, checkedAt: checkedAt.toISOString() };
}

async function recordCheck(db: Db, target: CheckTarget, serial: string | null, result: LandingVerification['status']): Promise<Date> {
  const [row] = await db
    .insert(verifications)
    .values({ companyId: target.companyId, productId: target.productId, entryId: target.entryId, serial, result })
    .returning({ checkedAt: verifications.checkedAt });
  return row.checkedAt;
}

/** Records the check unless the visitor had the same answer within the window; the time of the check that counts it. */
async function recordVisitorCheck(db: Db, target: CheckTarget, serial: string | null, result: LandingVerification['status'], visitor: string): Promise<Date> {
  const { rows } = (await db.execute(sql`
    with recent as (
      select checked_at from verifications
      where product_id = ${target.productId} and visitor = ${visitor} and serial is not distinct from ${serial}::text and result = ${result}
        and checked_at > now() - make_interval(secs => ${REPEATED_CHECK_SECONDS})
      order by checked_at desc limit 1
    ), inserted as (
      insert into verifications (company_id, product_id, entry_id, serial, result, visitor)
      select ${target.companyId}::int, ${target.productId}::int, ${target.entryId}::int, ${serial}::text, ${result}::text, ${visitor}::text
      where not exists (select 1 from recent)
      returning checked_at
    )
    select checked_at from inserted union all select checked_at from recent
  `)) as unknown as { rows: { checked_at: Date | string }[] };
  return new Date(rows[0].checked_at);
}

async function smartLabelOf(db: Db, product: ProductRow): Promise<LandingPageData['smartLabel']> {
  if (!SMART_LABEL_CATEGORIES.includes(product.categoryId)) return null;
  return {
    details: product.details,
    dynamicInfo: product.dynamicInfo,
    options: product.options,
    certifications: await certificationsOf(db, product.certification),
  };
}

/**
 * `GET /api/product/landing-page/page` (public): everything one view of the consumer landing shows,
 * in one read. Product info, links (titles translated with `lang` when the design asks), contents
 * (translated likewise) and design come from the same functions as the single public reads.
 */
export async function landingPage(
  db: Db,
  translator: Translator,
  templateOrigin: string,
  query: LandingViewQuery,
  visitorKeyOf?: VisitorKeyOf,
): Promise<LandingPageData> {
  const { product, entryId, companyId } = await landingProduct(db, query.productId, query.serviceName);
  const [info, shown, content, design, smartLabel] = await Promise.all([
    landingProductInfo(db, templateOrigin, product.id),
    landingLinks(db, product.id),
    landingContents(db, translator, product.id, query.lang),
    landingDesign(db, product.id),
    smartLabelOf(db, product),
  ]);
  const passport = await landingPassport(db, product, query.access);
  const links = await translateLinkTitles(db, translator, product.id, shown, query.lang);
  const verification =
    query.view === 'verification'
      ? await verifySerial(db, { productId: product.id, entryId, companyId }, query.serial, (await visitorKeyOf?.(companyId)) ?? null)
      : null;
  const trace = query.view === 'traceability' ? await landingTrace(db, product, query.serial) : null;
  return { view: query.view, product: info, links, content, design, smartLabel, verification, passport, trace };
}
