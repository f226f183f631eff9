import { eq, sql } from 'drizzle-orm';
import { CBV_BIZ_STEPS, CBV_DISPOSITIONS, EPCIS_EVENT_TYPES, prefixLengthFromPrefixes, toEpcUrn } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { companies } from '../companies/tables.js';
import { EPCIS_CONTEXT, selectRows, type EpcFormat } from './query.js';
import type { PageTokens } from './query-token.js';

/*
 * The discovery resources of the EPCIS 2.0 REST bindings (`/eventTypes`, `/epcs`, `/bizSteps`,
 * `/bizLocations`, `/readPoints`, `/dispositions`): collections of values, paged with perPage and
 * nextPageToken in value order. Event types, business steps and dispositions list what the
 * repository supports (the five event types, the CBV's words) plus the company's own extension
 * values; EPCs, read points and business locations list what the company's events hold.
 */

export const DISCOVERY_RESOURCES = ['eventTypes', 'epcs', 'bizSteps', 'bizLocations', 'readPoints', 'dispositions'] as const;
export type DiscoveryResource = (typeof DISCOVERY_RESOURCES)[number];

/** The query parameter a discovery value filters events by (`/bizSteps/shipping/events` = `EQ_bizStep=shipping`). */
export const DISCOVERY_FILTER: Record<DiscoveryResource, string> = {
  eventTypes: 'eventType',
  epcs: 'MATCH_anyEPC',
  bizSteps: 'EQ_bizStep',
  bizLocations: 'EQ_bizLocation',
  readPoints: 'EQ_readPoint',
  dispositions: 'EQ_disposition',
};

export interface Collection {
  '@context': string;
  type: 'Collection';
  member: string[];
}

export const collectionOf = (member: string[]): Collection => ({ '@context': EPCIS_CONTEXT, type: 'Collection', member });

export interface ValuePage {
  values: string[];
  nextPageToken: string | null;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The company's distinct values of a column (EPCs: of its EPC list) after `after`, in code point order. */
async function distinctValues(db: Db, companyId: number, resource: DiscoveryResource, after: string | null, limit: number): Promise<string[]> {
  if (resource === 'epcs') {
    // The company's EPC list, in its primary key's (code point) order: a page is a range of the index.
    const afterKey = after === null ? sql`` : sql` and epc > ${after}`;
    const rows = await selectRows<{ epc: string }>(db, sql`select epc from epcis_epcs where company_id = ${companyId}${afterKey} order by epc limit ${limit}`);
    return rows.map((row) => row.epc);
  }
  const afterSql = after === null ? sql`` : sql` and value > ${after} collate "C"`;
  const source = sql`select distinct ${sql.identifier(resource === 'bizLocations' ? 'biz_location' : resource === 'readPoints' ? 'read_point' : resource === 'bizSteps' ? 'biz_step' : 'disposition')} as value from epcis_events where company_id = ${companyId}`;
  const rows = await selectRows<{ value: string }>(db, sql`select value from (${source}) as v where value is not null${afterSql} order by value collate "C" limit ${limit}`);
  return rows.map((row) => row.value);
}

/**
 * One page of a discovery collection. `format` converts EPCs as `GS1-EPC-Format` asks (EPC URNs
 * where the company's prefixes give the prefix length).
 */
export async function discoveryPage(
  db: Db,
  tokens: PageTokens,
  companyId: number,
  resource: DiscoveryResource,
  page: { perPage: number; nextPageToken: string | undefined; format: EpcFormat },
): Promise<ValuePage> {
  const fingerprint = `discovery:${resource}`;
  const position = page.nextPageToken === undefined ? null : tokens.read(page.nextPageToken, fingerprint);
  const after = position?.key ?? null;
  let values: string[];
  if (resource === 'eventTypes' || resource === 'bizSteps' || resource === 'dispositions') {
    // Small lists: the supported words and the company's extension values, merged in memory.
    const standard: readonly string[] = resource === 'eventTypes' ? EPCIS_EVENT_TYPES : resource === 'bizSteps' ? CBV_BIZ_STEPS : CBV_DISPOSITIONS;
    const own = resource === 'eventTypes' ? [] : await distinctValues(db, companyId, resource, null, 10_000);
    values = [...new Set([...standard, ...own])].sort(byCodePoint).filter((value) => after === null || value > after).slice(0, page.perPage + 1);
  } else {
    values = await distinctValues(db, companyId, resource, after, page.perPage + 1);
  }
  const shown = values.slice(0, page.perPage);
  const more = values.length > page.perPage;
  const sent = (position?.sent ?? 0) + shown.length;
  let member = shown;
  if (resource === 'epcs' && page.format === 'Always_EPC_URN') {
    const [company] = await db.select({ gcps: companies.gcps }).from(companies).where(eq(companies.id, companyId));
    const prefixLength = prefixLengthFromPrefixes(company?.gcps ?? []);
    member = shown.map((value) => toEpcUrn(value, prefixLength));
  }
  return {
    values: member,
    nextPageToken: more ? tokens.sign({ key: shown[shown.length - 1], id: 0, sent }, fingerprint) : null,
  };
}
