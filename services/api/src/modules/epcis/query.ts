import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatEventIdentifiers, prefixLengthFromPrefixes } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { companies } from '../companies/tables.js';
import { epcisEvents } from './tables.js';
import type { Condition, EventQuery } from './query-params.js';
import { queryParameterException, queryTooLargeException } from './query-problem.js';
import { conditionSql } from './query-sql.js';
import type { PageTokens } from './query-token.js';

/*
 * Running an EPCIS 2.0 event query for one company: one statement, `company_id` first, the
 * parsed conditions, keyset paging on (sort key, id) and one row more than the page to know
 * whether another page follows. Answers are EPCISQueryDocuments (EPCIS 2.0 § 9.4, JSON binding).
 */

export const PER_PAGE_DEFAULT = 30;
export const PER_PAGE_MAX = 1000;
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

export interface PageRequest {
  perPage: number;
  nextPageToken: string | undefined;
  /** What the token must have been made for (`queryFingerprint`). */
  fingerprint: string;
}

export interface EventPage {
  /** The events as stored, each as JSON text (sent on without parsing and serialising them again). */
  events: string[];
  nextPageToken: string | null;
}

/** `perPage` of a request: default 30, 1 to 1000. */
export function perPageOf(value: unknown): number {
  if (value === undefined) return PER_PAGE_DEFAULT;
  const text = Array.isArray(value) ? value.join('|') : String(value);
  const number = Number(text);
  if (!/^\d+$/.test(text) || number < 1 || number > PER_PAGE_MAX) throw queryParameterException(`perPage: '${text}' is not a whole number from 1 to ${PER_PAGE_MAX}`);
  return number;
}

/** `nextPageToken` of a request, if any. */
export function nextPageTokenOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw queryParameterException('nextPageToken: give it once, as the Link header had it');
  return value;
}

/** Rows of a raw statement: both drivers (node-postgres and PGlite) answer `{ rows }`. */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

function whereOf(companyId: number, conditions: readonly Condition[]): SQL {
  return sql.join([sql`company_id = ${companyId}`, ...conditions.map((condition) => sql`(${conditionSql(condition, companyId)})`)], sql` and `);
}

/**
 * One page of the company's events matching the query (and the `extra` conditions of a discovery
 * path such as `/bizSteps/{bizStep}/events`). Without `orderBy` events come in eventTime order,
 * oldest first (the standard leaves it open; this order lets the eventTime indexes answer a time
 * window without sorting).
 */
export async function queryEvents(
  db: Db,
  tokens: PageTokens,
  companyId: number,
  query: EventQuery,
  page: PageRequest,
  extra: readonly Condition[] = [],
): Promise<EventPage> {
  const position = page.nextPageToken === undefined ? null : tokens.read(page.nextPageToken, page.fingerprint);
  const where = whereOf(companyId, [...query.conditions, ...extra]);

  if (query.maxEventCount !== null && position === null) {
    const [counted] = await selectRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from (select 1 from epcis_events where ${where} limit ${query.maxEventCount + 1}) as matching`,
    );
    const count = Number(counted.count);
    if (count > query.maxEventCount) throw queryTooLargeException(`The query matches more than maxEventCount (${query.maxEventCount}) events`);
  }

  const sent = position?.sent ?? 0;
  const remaining = query.eventCountLimit === null ? Number.POSITIVE_INFINITY : query.eventCountLimit - sent;
  const limit = Math.min(page.perPage, remaining);
  if (limit <= 0) return { events: [], nextPageToken: null };

  const column = sql.raw(query.orderBy === 'recordTime' ? 'record_time' : 'event_time');
  const ascending = query.orderBy === null || query.orderDirection === 'ASC';
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const after = position ? sql`${`${position.key}+00`}::timestamptz` : null;
  // The plain bound beside the row comparison lets an index on (…, event_time) start at the position.
  const keyset = after
    ? sql` and ${column} ${sql.raw(ascending ? '>=' : '<=')} ${after} and (${column}, id) ${sql.raw(ascending ? '>' : '<')} (${after}, ${position!.id})`
    : sql``;
  const rows = await selectRows<{ id: number | string; sort_key: string; document: string }>(
    db,
    sql`
    select id, to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as sort_key, document::text as document
    from epcis_events
    where ${where}${keyset}
    order by ${column} ${direction}, id ${direction}
    limit ${limit + 1}`,
  );
  const shown = rows.slice(0, limit);
  // With eventCountLimit, the page that reaches the limit is the last one.
  const more = rows.length > limit && limit < remaining;
  const last = shown[shown.length - 1];
  return {
    events: shown.map((row) => row.document),
    nextPageToken: more && last ? tokens.sign({ key: last.sort_key, id: Number(last.id), sent: sent + shown.length }, page.fingerprint) : null,
  };
}

/** Every stored row of an eventID (the event and error declarations restating it), oldest first. */
export async function eventsById(db: Db, companyId: number, eventId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ document: epcisEvents.document })
    .from(epcisEvents)
    .where(and(eq(epcisEvents.companyId, companyId), eq(epcisEvents.eventId, eventId)))
    .orderBy(epcisEvents.id)
    .limit(100);
  return rows.map((row) => row.document);
}

export const EPC_FORMATS = ['No_Preference', 'Always_GS1_Digital_Link', 'Always_EPC_URN', 'Never_Translates'] as const;
export type EpcFormat = (typeof EPC_FORMATS)[number];

/**
 * The `GS1-EPC-Format` request header: absent → `Always_GS1_Digital_Link`, the standard's default
 * (EPCIS 2.0 OpenAPI, and what our OPTIONS announce); an unknown value → 400. `No_Preference` leaves
 * the choice to the repository, which answers identifiers as captured, as `Never_Translates` does.
 */
export const EPC_FORMAT_DEFAULT: EpcFormat = 'Always_GS1_Digital_Link';

export function epcFormatOf(header: string | string[] | undefined): EpcFormat {
  if (header === undefined) return EPC_FORMAT_DEFAULT;
  const value = Array.isArray(header) ? header[0] : header.trim();
  if (!(EPC_FORMATS as readonly string[]).includes(value)) throw queryParameterException(`GS1-EPC-Format: '${value}' is not one of ${EPC_FORMATS.join(', ')}`);
  return value as EpcFormat;
}

/** Converts the identifiers of events to the format the client asked for (prefix lengths from the company's GS1 company prefixes). */
export async function formatEvents(db: Db, companyId: number, events: Record<string, unknown>[], format: EpcFormat): Promise<Record<string, unknown>[]> {
  if (format === 'No_Preference' || format === 'Never_Translates' || events.length === 0) return events;
  const [company] = await db.select({ gcps: companies.gcps }).from(companies).where(eq(companies.id, companyId));
  const prefixLength = prefixLengthFromPrefixes(company?.gcps ?? []);
  return events.map((event) => formatEventIdentifiers(event, format, prefixLength));
}

/** The same for events held as JSON text: unchanged text when nothing is to be converted. */
export async function formatEventTexts(db: Db, companyId: number, events: string[], format: EpcFormat): Promise<string[]> {
  if (format === 'No_Preference' || format === 'Never_Translates' || events.length === 0) return events;
  const parsed = events.map((event) => JSON.parse(event) as Record<string, unknown>);
  return (await formatEvents(db, companyId, parsed, format)).map((event) => JSON.stringify(event));
}

export interface QueryResultsHeader {
  queryName?: string;
  subscriptionID?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `@context` of an answer: the standard context, then every prefix the events' own `@context`
 * declares (their extension prefixes), so that a client that checks the document's context (GS1
 * France's epcis2.js does) finds each one. A prefix two events bind to different namespaces stays
 * on the events only (each event keeps its own `@context` anyway).
 */
export function answerContext(events: readonly Record<string, unknown>[]): unknown[] {
  const prefixes = new Map<string, unknown>();
  const conflicting = new Set<string>();
  for (const event of events) {
    const context = event['@context'];
    for (const entry of Array.isArray(context) ? context : [context]) {
      if (!isObject(entry)) continue;
      for (const [prefix, namespace] of Object.entries(entry)) {
        if (prefix.startsWith('@')) continue;
        const known = prefixes.get(prefix);
        if (known === undefined) prefixes.set(prefix, namespace);
        else if (JSON.stringify(known) !== JSON.stringify(namespace)) conflicting.add(prefix);
      }
    }
  }
  const declared = [...prefixes].filter(([prefix]) => !conflicting.has(prefix));
  return declared.length === 0 ? [EPCIS_CONTEXT] : [EPCIS_CONTEXT, Object.fromEntries(declared)];
}

/** An EPCISQueryDocument as JSON text around events given as JSON text. */
export function queryDocumentText(events: readonly string[], header: QueryResultsHeader = {}, now = new Date()): string {
  // Only events with a context of their own are read, for the prefixes the document declares.
  const withContext = events.filter((event) => event.includes('"@context"')).map((event) => JSON.parse(event) as Record<string, unknown>);
  const shell = queryDocument([], header, now);
  shell['@context'] = answerContext(withContext);
  // A marker no client text can hold stands for the event list in the shell, then the events' text takes its place.
  const marker = `events-${randomUUID()}`;
  ((shell.epcisBody as { queryResults: { resultsBody: { eventList: unknown[] } } }).queryResults.resultsBody.eventList = [marker]);
  return JSON.stringify(shell).replace(`["${marker}"]`, () => `[${events.join(',')}]`);
}

/** An EPCISQueryDocument holding `events` (EPCIS 2.0 JSON binding). */
export function queryDocument(events: Record<string, unknown>[], header: QueryResultsHeader = {}, now = new Date()): Record<string, unknown> {
  return {
    '@context': answerContext(events),
    type: 'EPCISQueryDocument',
    schemaVersion: '2.0',
    creationDate: now.toISOString(),
    epcisBody: {
      queryResults: {
        queryName: header.queryName ?? 'SimpleEventQuery',
        ...(header.subscriptionID ? { subscriptionID: header.subscriptionID } : {}),
        resultsBody: { eventList: events },
      },
    },
  };
}
