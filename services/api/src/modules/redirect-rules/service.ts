import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PutCompanyRulesBody, PutProductRulesBody, RedirectRule, RedirectRuleFields } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { ruleFieldsOf } from '../resolver/rules.js';
import { redirectRules, type RedirectRuleRow } from './tables.js';

/*
 * Redirect rules (decision 077): ordered lists per link type of a product, and the company's
 * default lists per link type. A list is replaced whole, in one transaction, so its order is the
 * order the console shows and the resolver evaluates. Who may: a product's rules as its links (a
 * sub-admin needs product access on its project); the company's defaults are read by every user
 * of the company (the link dialog previews them) and changed by managers.
 */

export function toRedirectRule(row: RedirectRuleRow): RedirectRule {
  return { ruleId: row.id, linkType: row.linkType, order: row.ord, name: row.name, ...ruleFieldsOf(row) };
}

async function listWhere(db: Db, where: SQL | undefined): Promise<RedirectRule[]> {
  const rows = await db.select().from(redirectRules).where(where).orderBy(asc(redirectRules.linkType), asc(redirectRules.ord));
  return rows.map(toRedirectRule);
}

const ofLinkType = (linkType: string | undefined) => (linkType === undefined ? undefined : eq(redirectRules.linkType, linkType));

/** Rows of a list, numbered from 1 in the order given. */
function rowsOf(rules: readonly RedirectRuleFields[], owner: { companyId: number; productId: number | null; linkType: string }) {
  return rules.map((rule, index) => ({
    ...owner,
    ord: index + 1,
    name: rule.name,
    targetUrl: rule.targetUrl,
    countries: rule.countries,
    languages: rule.languages,
    devices: rule.devices,
    startsAt: rule.startsAt === null ? null : new Date(rule.startsAt),
    endsAt: rule.endsAt === null ? null : new Date(rule.endsAt),
    batch: rule.batch,
    serial: rule.serial,
  }));
}

/** `GET /api/entry/links/rules`: the product's rules (of one link type), by type and order. */
export async function listProductRules(db: Db, auth: AuthContext, companyId: number, productId: number, linkType?: string): Promise<RedirectRule[]> {
  const product = await authorizeProduct(db, auth, companyId, productId, 'read');
  return listWhere(db, and(eq(redirectRules.productId, product.id), ofLinkType(linkType)));
}

/**
 * `PUT /api/entry/links/rules`: replaces the product's rules of one link type. Answers the stored
 * list and the entry path whose resolution changed (null for a product without an entry).
 */
export async function putProductRules(
  db: Db,
  auth: AuthContext,
  companyId: number,
  body: PutProductRulesBody,
): Promise<{ rules: RedirectRule[]; entryPath: string | null }> {
  const product = await authorizeProduct(db, auth, companyId, body.productId, 'write');
  return db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
    const list = and(eq(redirectRules.productId, product.id), eq(redirectRules.linkType, body.linkType));
    await tx.delete(redirectRules).where(list);
    if (body.rules.length > 0) await tx.insert(redirectRules).values(rowsOf(body.rules, { companyId, productId: product.id, linkType: body.linkType }));
    const [entry] = product.entryId ? await tx.select({ entryPath: entries.entryPath }).from(entries).where(eq(entries.id, product.entryId)) : [];
    return { rules: await listWhere(tx, list), entryPath: entry?.entryPath ?? null };
  });
}

/** `GET /api/service/redirect-rules`: the company's default rules (of one link type). */
export async function listCompanyRules(db: Db, companyId: number, linkType?: string): Promise<RedirectRule[]> {
  return listWhere(db, and(eq(redirectRules.companyId, companyId), isNull(redirectRules.productId), ofLinkType(linkType)));
}

/** `PUT /api/service/redirect-rules`: replaces the company's default rules of one link type (the caller is a manager). */
export async function putCompanyRules(db: Db, companyId: number, body: PutCompanyRulesBody): Promise<RedirectRule[]> {
  return db.transaction(async (tx) => {
    // Two managers saving the same list at once: one after the other, never a mix of both.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('redirect_rules'), ${companyId}::int)`);
    const list = and(eq(redirectRules.companyId, companyId), isNull(redirectRules.productId), eq(redirectRules.linkType, body.linkType));
    await tx.delete(redirectRules).where(list);
    if (body.rules.length > 0) await tx.insert(redirectRules).values(rowsOf(body.rules, { companyId, productId: null, linkType: body.linkType }));
    return listWhere(tx, list);
  });
}
