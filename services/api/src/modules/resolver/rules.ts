import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ResolverRule } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { redirectRules, type RedirectRuleRow } from '../redirect-rules/tables.js';

/*
 * Redirect rules as the resolver's record carries them (decision 077). Here rather than in the
 * redirect-rules module, which invalidates the resolver: the modules import one way.
 */

/** What a stored rule says, as every answer carries it. */
export function ruleFieldsOf(row: RedirectRuleRow) {
  return {
    targetUrl: row.targetUrl,
    countries: row.countries,
    languages: row.languages,
    devices: row.devices,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    batch: row.batch,
    serial: row.serial,
  };
}

/**
 * The rules the resolver's record of a product carries, in the order it evaluates them (decision
 * 077): the product's own rules, then the company's defaults, each list by link type and order.
 */
export async function resolverRules(db: Db, companyId: number, productId: number): Promise<ResolverRule[]> {
  const rows = await db
    .select()
    .from(redirectRules)
    .where(and(eq(redirectRules.companyId, companyId), or(eq(redirectRules.productId, productId), isNull(redirectRules.productId))))
    .orderBy(sql`${redirectRules.productId} is null`, asc(redirectRules.linkType), asc(redirectRules.ord));
  return rows.map((row) => ({ ruleId: row.id, level: row.productId === null ? 'company' : 'product', linkType: row.linkType, ...ruleFieldsOf(row) }));
}
