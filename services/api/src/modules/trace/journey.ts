import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { epcisEvents } from '../epcis/tables.js';
import { traceEventColumns, type TraceEventRow } from './events.js';

/*
 * Which events make a journey. A product's journey is every event of its company naming the
 * product's GTIN in any identifier (its SGTINs, LGTINs and GTIN class: the `gtins` column), plus
 * the events of the containers (cases, pallets: aggregation parents) while they held the product's
 * items: from the ADD/OBSERVE AggregationEvent that put them in up to the DELETE that took them out
 * (or still). A serial's journey is the same for the events naming that serial's SGTIN.
 *
 * Two steps, so that both stay index scans on the GIN columns: the containers' windows first (few
 * rows), then the events by `gtins`/`any_epcs` and the windows' parents.
 */

export type JourneySubject = { gtin: string; sgtin?: undefined } | { gtin: string; sgtin: string };

/** A container's holding period: times as `timestamptz` text in UTC with microseconds, passed back as they are. */
export interface ContainerWindow {
  parentId: string;
  from: string;
  until: string | null;
}

/** At most this many container windows widen a journey (the oldest first). */
export const CONTAINER_WINDOWS_MAX = 200;

const textArray = (values: readonly string[]): SQL => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/** The event (of the table `epcis_events` in the innermost FROM) names the subject. */
function names(subject: JourneySubject): SQL {
  return subject.sgtin === undefined ? sql`${epcisEvents.gtins} @> ${textArray([subject.gtin])}` : sql`${epcisEvents.anyEpcs} @> ${textArray([subject.sgtin])}`;
}

const utcText = (column: SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The aggregation that opens a window (`a`); its parent's DELETE that closes it is `d`, named in raw SQL so the two never mix. */
const a = alias(epcisEvents, 'a');

/** When the window opened by aggregation `a` closed: its parent's next DELETE AggregationEvent `d` meeting `deleteCondition`, else null. */
const closedAt = (deleteCondition: SQL) => sql<string | null>`(
  select ${utcText(sql`min(d.event_time)`)} from epcis_events d
  where d.company_id = a.company_id and d.event_type = 'AggregationEvent' and d.action = 'DELETE'
    and d.parent_id = a.parent_id and d.event_time >= a.event_time and d.id <> a.id and ${deleteCondition}
)`;

/**
 * The holding windows of containers that held the subject (aggregation parents), oldest first: a
 * window starts at an ADD or OBSERVE AggregationEvent with the subject among its children and ends
 * at the parent's next DELETE AggregationEvent that names the subject or no children at all.
 */
export async function containerWindows(db: Db, companyId: number, subject: JourneySubject): Promise<ContainerWindow[]> {
  const deleteNamesSubject =
    subject.sgtin === undefined
      ? sql`(d.gtins @> ${textArray([subject.gtin])} or (cardinality(d.epc_list) = 0 and cardinality(d.epc_classes) = 0))`
      : sql`(d.epc_list @> ${textArray([subject.sgtin])} or (cardinality(d.epc_list) = 0 and cardinality(d.epc_classes) = 0))`;
  const rows = await db
    .select({ parentId: a.parentId, from: utcText(sql`a.event_time`), until: closedAt(deleteNamesSubject) })
    .from(a)
    .where(
      and(
        eq(a.companyId, companyId),
        eq(a.eventType, 'AggregationEvent'),
        sql`a.action in ('ADD', 'OBSERVE')`,
        sql`a.parent_id is not null`,
        // The children are in epc_list (childEPCs) or, for classes, in gtins.
        subject.sgtin === undefined ? sql`a.gtins @> ${textArray([subject.gtin])}` : sql`a.epc_list @> ${textArray([subject.sgtin])}`,
      ),
    )
    .orderBy(asc(a.eventTime), asc(a.id))
    .limit(CONTAINER_WINDOWS_MAX);
  return rows.flatMap((row) => (row.parentId === null ? [] : [{ parentId: row.parentId, from: row.from, until: row.until }]));
}

/** The journey's condition on `epcis_events` (the innermost FROM), besides the company. */
export function journeyCondition(subject: JourneySubject, windows: readonly ContainerWindow[]): SQL {
  const held = windows.map(
    (window) =>
      sql`(${epcisEvents.anyEpcs} @> ${textArray([window.parentId])} and ${epcisEvents.eventTime} >= ${window.from}::timestamptz${
        window.until === null ? sql`` : sql` and ${epcisEvents.eventTime} <= ${window.until}::timestamptz`
      })`,
  );
  return or(names(subject), ...held)!;
}

/** Parents currently holding the subject: windows not closed by a DELETE. */
export function currentParents(windows: readonly ContainerWindow[]): string[] {
  return [...new Set(windows.filter((window) => window.until === null).map((window) => window.parentId))];
}

export interface JourneyPage {
  rows: TraceEventRow[];
  total: number;
}

/** One page of a journey, oldest first (`offset` rows skipped), and how many events it has. */
export async function journeyPage(db: Db, companyId: number, subject: JourneySubject, page: { offset: number; limit: number; newestFirst?: boolean }): Promise<JourneyPage> {
  const windows = await containerWindows(db, companyId, subject);
  const where = and(eq(epcisEvents.companyId, companyId), journeyCondition(subject, windows));
  const order = page.newestFirst ? [desc(epcisEvents.eventTime), desc(epcisEvents.id)] : [asc(epcisEvents.eventTime), asc(epcisEvents.id)];
  const [rows, [{ total }]] = await Promise.all([
    db.select(traceEventColumns).from(epcisEvents).where(where).orderBy(...order).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(epcisEvents).where(where),
  ]);
  return { rows: rows as TraceEventRow[], total };
}

export interface SeenSerial {
  sgtin: string;
  eventCount: number;
  lastEventTime: string | null;
}

/**
 * Of the given SGTINs (the product's registered serials, sent as one JSON parameter however many), those named by events of the product,
 * with how many events name each and the last one's time (as captured); latest first, at most `limit`.
 */
export async function seenSerials(db: Db, companyId: number, gtin: string, sgtins: readonly string[], limit: number): Promise<SeenSerial[]> {
  if (sgtins.length === 0) return [];
  const epc = sql`seen.epc`;
  const rows = await db
    .select({
      sgtin: sql<string>`${epc}`,
      eventCount: sql<number>`count(*)::int`,
      lastEventTime: sql<string | null>`(array_agg(${epcisEvents.document}->>'eventTime' order by ${epcisEvents.eventTime} desc, ${epcisEvents.id} desc))[1]`,
    })
    .from(epcisEvents)
    .innerJoin(sql`lateral unnest(${epcisEvents.anyEpcs}) as seen(epc)`, sql`true`)
    .where(and(eq(epcisEvents.companyId, companyId), sql`${epcisEvents.gtins} @> ${textArray([gtin])}`, sql`${epc} in (select jsonb_array_elements_text(${JSON.stringify(sgtins)}::jsonb))`))
    .groupBy(epc)
    .orderBy(sql`max(${epcisEvents.eventTime}) desc`, epc)
    .limit(limit);
  return rows;
}

export interface JourneySummary {
  eventCount: number;
  lastEvent: { eventTime: string; eventType: string; bizStep: string | null; disposition: string | null } | null;
}

/**
 * Event count and last event of several products' journeys in one statement (the list of traced
 * products), after one query for all their container windows.
 */
export async function journeySummaries(db: Db, companyId: number, products: readonly { productId: number; gtin: string }[]): Promise<Map<number, JourneySummary>> {
  const summaries = new Map<number, JourneySummary>();
  if (products.length === 0) return summaries;
  const gtins = [...new Set(products.map((product) => product.gtin))];
  const windowRows = await db
    .select({
      gtins: a.gtins,
      parentId: a.parentId,
      from: utcText(sql`a.event_time`),
      until: closedAt(sql`(d.gtins && a.gtins or (cardinality(d.epc_list) = 0 and cardinality(d.epc_classes) = 0))`),
    })
    .from(a)
    .where(
      and(
        eq(a.companyId, companyId),
        eq(a.eventType, 'AggregationEvent'),
        sql`a.action in ('ADD', 'OBSERVE')`,
        sql`a.parent_id is not null`,
        sql`a.gtins && ${textArray(gtins)}`,
      ),
    )
    .orderBy(asc(a.eventTime), asc(a.id))
    .limit(CONTAINER_WINDOWS_MAX * products.length);

  const parts = products.map((product) => {
    const windows = windowRows
      .filter((row) => row.parentId !== null && row.gtins.includes(product.gtin))
      .slice(0, CONTAINER_WINDOWS_MAX)
      .map((row) => ({ parentId: row.parentId!, from: row.from, until: row.until }));
    const where = sql`${epcisEvents.companyId} = ${companyId} and ${journeyCondition({ gtin: product.gtin }, windows)}`;
    return sql`select ${product.productId}::int as product_id,
      (select count(*)::int from epcis_events where ${where}) as event_count,
      (select json_build_object('eventTime', ${epcisEvents.document}->>'eventTime', 'eventType', ${epcisEvents.eventType},
          'bizStep', ${epcisEvents.bizStep}, 'disposition', ${epcisEvents.disposition})
        from epcis_events where ${where} order by ${epcisEvents.eventTime} desc, ${epcisEvents.id} desc limit 1) as last_event`;
  });
  type SummaryRow = { product_id: number; event_count: number; last_event: JourneySummary['lastEvent'] | string | null };
  // Both drivers (node-postgres and PGlite) answer `{ rows }`.
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: SummaryRow[] };
  for (const row of result.rows) {
    const lastEvent = typeof row.last_event === 'string' ? (JSON.parse(row.last_event) as JourneySummary['lastEvent']) : row.last_event;
    summaries.set(Number(row.product_id), { eventCount: Number(row.event_count), lastEvent });
  }
  return summaries;
}
