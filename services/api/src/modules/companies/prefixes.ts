import { and, eq, ne, sql } from 'drizzle-orm';
import type { PrefixConflict } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { FieldError } from '../../errors.js';
import { companies } from './tables.js';

/**
 * The ownership rule of GS1 company prefixes (decision 022). A prefix belongs to one company: the
 * resolver sends a GTIN to the company whose prefix it starts with, so two companies whose prefixes
 * overlap (one starts with the other, equal included) could each publish pages for the other's
 * GTINs. Only approved companies hold their prefixes; a sign-up waiting for approval holds nothing,
 * so that nobody can block a prefix's real owner by signing up with it first.
 */

/** Arbitrary constant of the transaction-level advisory lock that serialises prefix writes and approvals. */
const PREFIX_LOCK_KEY = 0x67637073; // "gcps"

/** A company as the rule sees it. */
export interface PrefixHolder {
  id: number;
  companyName: string;
  permission: boolean;
  gcps: readonly string[];
}

interface HeldPrefix {
  holder: PrefixHolder;
  prefix: string;
}

/** Every held prefix under itself and under each of its leading parts, so overlaps are lookups, not pairwise comparisons. */
interface PrefixIndex {
  exact: Map<string, HeldPrefix[]>;
  byLeadingPart: Map<string, HeldPrefix[]>;
}

function push(map: Map<string, HeldPrefix[]>, key: string, held: HeldPrefix) {
  const list = map.get(key);
  if (list) list.push(held);
  else map.set(key, [held]);
}

function indexPrefixes(holders: readonly PrefixHolder[]): PrefixIndex {
  const index: PrefixIndex = { exact: new Map(), byLeadingPart: new Map() };
  for (const holder of holders) {
    for (const prefix of new Set(holder.gcps)) {
      const held = { holder, prefix };
      push(index.exact, prefix, held);
      for (let length = 1; length <= prefix.length; length++) push(index.byLeadingPart, prefix.slice(0, length), held);
    }
  }
  return index;
}

/** The held prefixes that `prefix` overlaps: those starting with it (equal included), then those it starts with. */
function overlapping(index: PrefixIndex, prefix: string): HeldPrefix[] {
  const found = [...(index.byLeadingPart.get(prefix) ?? [])];
  for (let length = 1; length < prefix.length; length++) found.push(...(index.exact.get(prefix.slice(0, length)) ?? []));
  return found;
}

function conflictOf(prefix: string, held: HeldPrefix): PrefixConflict {
  return {
    prefix,
    heldPrefix: held.prefix,
    customerId: held.holder.id,
    companyName: held.holder.companyName,
    approved: held.holder.permission,
  };
}

/** The conflicts of `gcps` with the prefixes of `holders` other than company `exceptCompanyId`, one per overlapping pair. */
export function conflictsAmong(gcps: readonly string[], holders: readonly PrefixHolder[], exceptCompanyId?: number): PrefixConflict[] {
  const index = indexPrefixes(holders.filter((holder) => holder.id !== exceptCompanyId));
  return [...new Set(gcps)].flatMap((prefix) => overlapping(index, prefix).map((held) => conflictOf(prefix, held)));
}

/** Every company's conflicts with every other company, approved or not: what the super-admin's approval screen shows. */
export function conflictsByCompany(holders: readonly PrefixHolder[]): Map<number, PrefixConflict[]> {
  const index = indexPrefixes(holders);
  const byCompany = new Map<number, PrefixConflict[]>(holders.map((holder) => [holder.id, []]));
  for (const holder of holders) {
    for (const prefix of new Set(holder.gcps)) {
      const others = overlapping(index, prefix).filter((held) => held.holder.id !== holder.id);
      byCompany.get(holder.id)!.push(...others.map((held) => conflictOf(prefix, held)));
    }
  }
  return byCompany;
}

/**
 * Takes the lock that every check-then-write of prefixes and every approval holds until its
 * transaction ends, so that two of them cannot both see a prefix free and both take it.
 */
export async function lockCompanyPrefixes(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PREFIX_LOCK_KEY})`);
}

/**
 * The conflicts of `gcps` with the prefixes that approved companies other than `exceptCompanyId`
 * hold. Call it after `lockCompanyPrefixes`, in the transaction that then writes.
 */
export async function prefixConflicts(tx: Db, gcps: readonly string[], exceptCompanyId?: number): Promise<PrefixConflict[]> {
  const holders = await tx
    .select({ id: companies.id, companyName: companies.companyName, permission: companies.permission, gcps: companies.gcps })
    .from(companies)
    .where(exceptCompanyId === undefined ? eq(companies.permission, true) : and(eq(companies.permission, true), ne(companies.id, exceptCompanyId)));
  return conflictsAmong(gcps, holders);
}

/**
 * Field errors at each refused prefix's place in the request (`newUser.gcps.1`). They name the
 * prefix it overlaps but not the company holding it: the caller may be an anonymous visitor.
 */
export function takenPrefixErrors(field: string, gcps: readonly string[], conflicts: readonly PrefixConflict[]): FieldError[] {
  return gcps.flatMap((prefix, index) => {
    const held = [...new Set(conflicts.filter((conflict) => conflict.prefix === prefix).map((conflict) => conflict.heldPrefix))];
    if (held.length === 0) return [];
    const message =
      held.length === 1 && held[0] === prefix
        ? `The company prefix ${prefix} is held by another company.`
        : `The company prefix ${prefix} overlaps ${held.join(', ')}, held by another company.`;
    return [{ path: `${field}.gcps.${index}`, message }];
  });
}
