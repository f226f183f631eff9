import { and, eq, ne, sql } from 'drizzle-orm';
import {
  hasExpired,
  isUntrackedLabel,
  SERIAL_AI,
  qualifierPathOf,
  serialProblem,
  type LandingPageData,
  type LandingVerification,
  type LandingViewQuery,
  type NotGenuineReason,
  type VerificationWarning,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { batchOfLot } from '../batches/service.js';
import { landingRecall } from '../recalls/service.js';
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
import type { TapParameters, TapTarget, TapVerdict } from '../authenticity/nfc/tap.js';
import { serialChecks } from '../authenticity/tables.js';
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

/** The checking visitor as the gateway named it: the day's address key (`addressKeyOf`) and the address's country. */
export interface CheckingVisitor {
  key: string | null;
  country: string | null;
}

/** The checking visitor of a company's product, or null when the gateway named none. */
export type VisitorOf = (companyId: number) => Promise<CheckingVisitor | null>;

/** Checks an NFC tap against the tag bound to a serial (`nfc/tap.ts` with the app's key sealer). */
export type TapChecker = (target: TapTarget, tap: TapParameters, country: string | null) => Promise<TapVerdict>;

type CheckTarget = { productId: number; entryId: number; companyId: number; intendedMarkets: readonly string[] };

/** What a failed tap tells the shopper. */
const TAP_FAILURES: Record<Exclude<TapVerdict['result'], 'genuine' | 'unknownTag'>, NotGenuineReason> = {
  replayed: 'tapReplayed',
  otherSerial: 'tagOfOtherSerial',
  badMac: 'tapInvalid',
  malformed: 'tapInvalid',
};

/** A tap presented with the scan, and how to check it. */
interface TapCheck {
  check: TapChecker;
  parameters: TapParameters;
}

type Verdict = Pick<LandingVerification, 'status' | 'warnings' | 'reason' | 'tapCounter'> & { qualifierId: number | null };

const verdict = (status: LandingVerification['status'], extra: Partial<Verdict> = {}): Verdict => ({
  status,
  warnings: [],
  reason: null,
  tapCounter: null,
  qualifierId: null,
  ...extra,
});

/** Is `serial` a live serial of another entry of the company (a code of another product)? */
async function isOtherProductsSerial(db: Db, target: CheckTarget, serial: string): Promise<boolean> {
  const [found] = await db
    .select({ id: qualifiers.id })
    .from(qualifiers)
    .where(
      and(
        eq(qualifiers.companyId, target.companyId),
        ne(qualifiers.entryId, target.entryId),
        eq(qualifiers.qualifierPath, qualifierPathOf(SERIAL_AI, serial)),
        eq(qualifiers.isDeleted, false),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The warning signs of a registered serial: flagged as copied, checked outside the intended markets, confirmed reported. */
async function warningsOf(db: Db, target: CheckTarget, serial: string, country: string | null): Promise<VerificationWarning[]> {
  const { rows } = (await db.execute(sql`
    select
      exists (select 1 from suspicious_serials where product_id = ${target.productId} and serial = ${serial} and not dismissed) as copied,
      exists (select 1 from counterfeit_reports where product_id = ${target.productId} and serial = ${serial} and status = 'confirmed') as reported
  `)) as unknown as { rows: { copied: boolean; reported: boolean }[] };
  const warnings: VerificationWarning[] = [];
  if (rows[0]?.copied) warnings.push('copied');
  if (country !== null && target.intendedMarkets.length > 0 && !target.intendedMarkets.includes(country)) warnings.push('outsideMarket');
  if (rows[0]?.reported) warnings.push('reported');
  return warnings;
}

/**
 * What is known of a scanned serial (issue 25), strictest first: no serial; a malformed, unknown or
 * other product's serial (not genuine); a deactivated or blacklisted one (not genuine); then a
 * registered one, with a warning when it shows a sign of copying, and never the Genuine badge: a
 * printed code can be copied. Genuine needs a fresh cryptographic NFC tap (`nfc/`).
 */
async function judge(db: Db, target: CheckTarget, serial: string | null, country: string | null, tap?: TapCheck): Promise<Verdict> {
  if (serial === null) return verdict('noSerial');
  if (serialProblem(serial)) return verdict('notGenuine', { reason: 'unknown' });
  const [found] = await db
    .select({ id: qualifiers.id, status: qualifiers.status })
    .from(qualifiers)
    .where(and(eq(qualifiers.entryId, target.entryId), eq(qualifiers.qualifierPath, qualifierPathOf(SERIAL_AI, serial)), eq(qualifiers.isDeleted, false)));
  if (!found) return verdict('notGenuine', { reason: (await isOtherProductsSerial(db, target, serial)) ? 'otherProduct' : 'unknown' });
  if (found.status === 'deactivated' || found.status === 'blacklisted') return verdict('notGenuine', { reason: found.status, qualifierId: found.id });
  if (tap) {
    const tapped = await tap.check({ companyId: target.companyId, productId: target.productId, qualifierId: found.id, serial }, tap.parameters, country);
    if (tapped.result === 'genuine') return verdict('genuine', { tapCounter: tapped.counter, qualifierId: found.id });
    // A serial without a bound tag proves nothing either way: it is judged as a printed code.
    if (tapped.result !== 'unknownTag') return verdict('notGenuine', { reason: TAP_FAILURES[tapped.result], tapCounter: tapped.counter, qualifierId: found.id });
  }
  const warnings = await warningsOf(db, target, serial, country);
  return verdict(warnings.length > 0 ? 'warning' : 'registered', { warnings, qualifierId: found.id });
}

/**
 * Checks a scanned serial against the product's entry (`judge`) and records the check: every check
 * is made afresh and recorded (product, serial, answer, country, time, the visitor's address key of
 * the day), except that the same answer to the same visitor within REPEATED_CHECK_SECONDS is counted
 * with the first (a reloading shopper, or a script from one address, writes one row a minute). A
 * registered serial's history (`serial_checks`: the first check's time and country, how many) is
 * the one before this check (or before the visitor's own check that a repeat is counted with); an
 * unknown serial gets none (nobody can fill it with made-up serials).
 */
export async function verifySerial(
  db: Db,
  target: CheckTarget,
  serial: string | undefined,
  visitor: CheckingVisitor | null = null,
  tap?: TapCheck,
): Promise<LandingVerification> {
  const value = serial?.length ? serial : null;
  const country = visitor?.country ?? null;
  const found = await judge(db, target, value, country, tap);
  const registered = found.qualifierId !== null && found.status !== 'notGenuine';
  const check =
    visitor?.key == null
      ? await recordCheck(db, target, value, found.status, country)
      : await recordVisitorCheck(db, target, value, found.status, country, visitor.key);
  let history: LandingVerification['history'] = null;
  if (registered && value !== null) {
    history = await historyOf(db, target.productId, value);
    if (check.counted) {
      await addToHistory(db, target, value, country, check.checkedAt);
      if (visitor?.key) await addSerialVisitor(db, target, value, visitor.key, country, check.checkedAt);
    }
    // A repeat is counted with the visitor's own check: the history is what it was before that one.
    else if (history) history = history.checks > 1 ? { ...history, checks: history.checks - 1 } : null;
  }
  const { qualifierId: _qualifierId, ...shown } = found;
  return { ...shown, serial: value, checkedAt: check.checkedAt.toISOString(), history, country };
}

async function historyOf(db: Db, productId: number, serial: string): Promise<LandingVerification['history']> {
  const [row] = await db
    .select({ firstAt: serialChecks.firstAt, firstCountry: serialChecks.firstCountry, checks: serialChecks.checks })
    .from(serialChecks)
    .where(and(eq(serialChecks.productId, productId), eq(serialChecks.serial, serial)));
  return row ? { firstCheckedAt: row.firstAt.toISOString(), firstCountry: row.firstCountry, checks: row.checks } : null;
}

async function addToHistory(db: Db, target: CheckTarget, serial: string, country: string | null, at: Date): Promise<void> {
  await db
    .insert(serialChecks)
    .values({ companyId: target.companyId, productId: target.productId, serial, firstAt: at, firstCountry: country, checks: 1, lastAt: at })
    .onConflictDoUpdate({
      target: [serialChecks.productId, serialChecks.serial],
      set: { checks: sql`${serialChecks.checks} + 1`, lastAt: sql`greatest(${serialChecks.lastAt}, excluded.last_at)` },
    });
}

/**
 * The checking visitor counts among the serial's visitors of the day, as a scan's does (the same
 * address key): the copy rules see a landing opened without the resolver too, and a shopper whose
 * scan the resolver counted is still one visitor.
 */
async function addSerialVisitor(db: Db, target: CheckTarget, serial: string, key: string, country: string | null, at: Date): Promise<void> {
  await db.execute(sql`
    insert into scan_serial_visitors as v (company_id, product_id, serial, day, address, country, region, first_at, last_at)
    values (${target.companyId}, ${target.productId}, ${serial}, (${at.toISOString()}::timestamptz at time zone 'UTC')::date, ${key}, ${country}, null, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
    on conflict (product_id, serial, day, address) do update set last_at = greatest(v.last_at, excluded.last_at)
  `);
}

interface RecordedCheck {
  checkedAt: Date;
  /** False when the check repeated the visitor's own within the window and was counted with it. */
  counted: boolean;
}

async function recordCheck(db: Db, target: CheckTarget, serial: string | null, result: string, country: string | null): Promise<RecordedCheck> {
  const [row] = await db
    .insert(verifications)
    .values({ companyId: target.companyId, productId: target.productId, entryId: target.entryId, serial, result, country })
    .returning({ checkedAt: verifications.checkedAt });
  return { checkedAt: row.checkedAt, counted: true };
}

/** Records the check unless the visitor had the same answer within the window; the time of the check that counts it. */
async function recordVisitorCheck(
  db: Db,
  target: CheckTarget,
  serial: string | null,
  result: string,
  country: string | null,
  visitor: string,
): Promise<RecordedCheck> {
  const { rows } = (await db.execute(sql`
    with recent as (
      select checked_at from verifications
      where product_id = ${target.productId} and visitor = ${visitor} and serial is not distinct from ${serial}::text and result = ${result}
        and checked_at > now() - make_interval(secs => ${REPEATED_CHECK_SECONDS})
      order by checked_at desc limit 1
    ), inserted as (
      insert into verifications (company_id, product_id, entry_id, serial, result, visitor, country)
      select ${target.companyId}::int, ${target.productId}::int, ${target.entryId}::int, ${serial}::text, ${result}::text, ${visitor}::text, ${country}::text
      where not exists (select 1 from recent)
      returning checked_at
    )
    select checked_at, true as counted from inserted union all select checked_at, false from recent
  `)) as unknown as { rows: { checked_at: Date | string; counted: boolean }[] };
  return { checkedAt: new Date(rows[0].checked_at), counted: rows[0].counted };
}

async function smartLabelOf(db: Db, product: ProductRow): Promise<LandingPageData['smartLabel']> {
  if (!SMART_LABEL_CATEGORIES.includes(product.categoryId)) return null;
  return {
    details: product.details,
    dynamicInfo: product.dynamicInfo,
    options: product.options,
    certifications: await certificationsOf(db, product.certification),
    label: product.label ?? null,
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
  visitorOf?: VisitorOf,
  checkTap?: TapChecker,
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
      ? await verifySerial(
          db,
          { productId: product.id, entryId, companyId, intendedMarkets: product.intendedMarkets },
          query.serial,
          // A wine e-label may not collect visitors' data (issue 29): its checks name no visitor (no address key, no country).
          isUntrackedLabel(product.label) ? null : ((await visitorOf?.(companyId)) ?? null),
          checkTap && query.picc_data && query.cmac ? { check: checkTap, parameters: { piccData: query.picc_data, cmac: query.cmac } } : undefined,
        )
      : null;
  const trace = query.view === 'traceability' ? await landingTrace(db, product, query.serial, query.lot) : null;
  const lot = query.lot || null;
  const batchRow = lot === null ? null : await batchOfLot(db, product.id, lot);
  const batch = batchRow
    ? {
        lot: batchRow.lot,
        productionDate: batchRow.productionDate,
        expiryDate: batchRow.expiryDate,
        bestBeforeDate: batchRow.bestBeforeDate,
        expired: hasExpired(batchRow.expiryDate) || hasExpired(batchRow.bestBeforeDate),
      }
    : null;
  // A recall is told first on the index and verification views (decision 079).
  const recall = query.view === 'index' || query.view === 'verification' ? await landingRecall(db, { id: product.id, entryId }, lot, query.serial || null) : null;
  return { view: query.view, product: info, links, content, design, smartLabel, verification, passport, trace, batch, recall };
}
