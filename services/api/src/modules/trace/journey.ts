import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/** A product (its GTIN), one serial (its SGTIN) or one batch (its LGTIN class, decision 076). */
export type JourneySubject =
  | { gtin: string; sgtin?: undefined; lgtin?: undefined }
  | { gtin: string; sgtin: string; lgtin?: undefined }
  | { gtin: string; lgtin: string; sgtin?: undefined };

/** A container's holding period: times as `timestamptz` text in UTC with microseconds, passed back as they are. */
export interface ContainerWindow {
  parentId: string;
  from: string;
  until: string | null;
}

/** At most this many container windows widen a journey (the oldest first). */
export const CONTAINER_WINDOWS_MAX = 200;

const textArray = (values: readonly string[]): SQL => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/**
 * Runs a journey's reads in one transaction without JIT compilation. The planner's estimate of an
 * array containment is rough (0.5 % of the table per `@>`), so these statements look costly enough
 * for PostgreSQL to JIT-compile them: hundreds of milliseconds of compiling for a few milliseconds of
 * work. `set local` keeps the setting to this transaction.
 */
export async function withoutJit<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });
}

/** Both drivers (node-postgres and PGlite) answer raw statements as `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A `json` value as a driver answers it: parsed already, or as text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const utcText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Event `e` (an alias of epcis_events) names the subject. */
function names(subject: JourneySubject, e: SQL): SQL {
  if (subject.lgtin !== undefined) return sql`${e}.any_epc_classes @> ${textArray([subject.lgtin])}`;
  return subject.sgtin === undefined ? sql`${e}.gtins @> ${textArray([subject.gtin])}` : sql`${e}.any_epcs @> ${textArray([subject.sgtin])}`;
}

const E = sql.raw('e');
const NO_CHILDREN = sql`(cardinality(d.epc_list) = 0 and cardinality(d.epc_classes) = 0)`;

/*
 * Every statement below first gathers the matching rows in a MATERIALIZED CTE: PostgreSQL's
 * estimate of an array containment is rough, and with ORDER BY … LIMIT it would otherwise walk the
 * company's time index row by row (seconds on a large store) instead of the few rows the GIN
 * indexes find (milliseconds).
 */

/**
 * Windows opened by ADD/OBSERVE AggregationEvents `e` meeting `opens` (their parent held the
 * subject), each closed by the parent's next DELETE AggregationEvent `d` meeting `closes`, oldest
 * first. `any_epcs` holds the parentID too: its GIN index finds the parent's few events
 * (`parent_id` has no index of its own).
 */
function windowsQuery(companyId: number, opens: SQL, closes: SQL, limit: number): SQL {
  return sql`with opened as materialized (
      select e.id, e.company_id, e.parent_id, e.event_time, e.gtins from epcis_events e
      where e.company_id = ${companyId} and e.event_type = 'AggregationEvent' and e.action in ('ADD', 'OBSERVE')
        and e.parent_id is not null and ${opens}
    )
    select o.parent_id as "parentId", o.gtins as "gtins", ${utcText(sql`o.event_time`)} as "from",
      (select ${utcText(sql`min(d.event_time)`)} from epcis_events d
        where d.any_epcs @> ARRAY[o.parent_id]::text[] and d.company_id = o.company_id and d.event_type = 'AggregationEvent'
          and d.action = 'DELETE' and d.parent_id = o.parent_id and d.event_time >= o.event_time and d.id <> o.id and ${closes}) as "until"
    from opened o order by o.event_time, o.id limit ${limit}`;
}

/**
 * The holding windows of containers that held the subject (aggregation parents), oldest first: a
 * window starts at an ADD or OBSERVE AggregationEvent with the subject among its children and ends
 * at the parent's next DELETE AggregationEvent that names the subject or no children at all.
 */
export async function containerWindows(db: Db, companyId: number, subject: JourneySubject): Promise<ContainerWindow[]> {
  // Children are in epc_list (childEPCs) or, for classes, in gtins.
  const [opens, closes] =
    subject.lgtin !== undefined
      ? [sql`e.epc_classes @> ${textArray([subject.lgtin])}`, sql`(d.epc_classes @> ${textArray([subject.lgtin])} or ${NO_CHILDREN})`]
      : subject.sgtin === undefined
      ? [sql`e.gtins @> ${textArray([subject.gtin])}`, sql`(d.gtins @> ${textArray([subject.gtin])} or ${NO_CHILDREN})`]
      : [sql`e.epc_list @> ${textArray([subject.sgtin])}`, sql`(d.epc_list @> ${textArray([subject.sgtin])} or ${NO_CHILDREN})`];
  const rows = await rowsOf<ContainerWindow>(db, windowsQuery(companyId, opens, closes, CONTAINER_WINDOWS_MAX));
  return rows.map((row) => ({ parentId: row.parentId, from: row.from, until: row.until }));
}

/**
 * The journey's condition on event `e`, besides the company: naming the subject, or naming one of
 * the containers (one GIN look-up for all of them, `&&`) within that container's window (checked
 * on the few rows found). The container's own aggregations that do not name the subject are about
 * other contents (others packed in or taken out) and stay out.
 */
export function journeyCondition(subject: JourneySubject, windows: readonly ContainerWindow[], e: SQL = E): SQL {
  if (windows.length === 0) return names(subject, e);
  const parents = [...new Set(windows.map((window) => window.parentId))];
  const held = windows.map(
    (window) =>
      sql`(${e}.any_epcs @> ${textArray([window.parentId])} and ${e}.event_time >= ${window.from}::timestamptz${
        window.until === null ? sql`` : sql` and ${e}.event_time <= ${window.until}::timestamptz`
      } and not (${e}.event_type = 'AggregationEvent' and ${e}.parent_id = ${window.parentId}))`,
  );
  return sql`(${names(subject, e)} or (${e}.any_epcs && ${textArray(parents)} and (${sql.join(held, sql` or `)})))`;
}

/** Parents currently holding the subject: windows not closed by a DELETE. */
export function currentParents(windows: readonly ContainerWindow[]): string[] {
  return [...new Set(windows.filter((window) => window.until === null).map((window) => window.parentId))];
}

export interface JourneyPage {
  rows: TraceEventRow[];
  total: number;
  /** The containers' windows the journey took in (`currentParents` reads the holding ones). */
  windows: ContainerWindow[];
}

/** One page of a journey, oldest first (`offset` rows skipped), and how many events it has. */
export async function journeyPage(db: Db, companyId: number, subject: JourneySubject, page: { offset: number; limit: number; newestFirst?: boolean }): Promise<JourneyPage> {
  return withoutJit(db, (tx) => readJourneyPage(tx, companyId, subject, page));
}

async function readJourneyPage(db: Db, companyId: number, subject: JourneySubject, page: { offset: number; limit: number; newestFirst?: boolean }): Promise<JourneyPage> {
  const windows = await containerWindows(db, companyId, subject);
  const direction = sql.raw(page.newestFirst ? 'desc' : 'asc');
  const [found] = await rowsOf<{ total: number; ids: string[] | string }>(
    db,
    sql`with j as materialized (
        select e.id, e.event_time from epcis_events e where e.company_id = ${companyId} and ${journeyCondition(subject, windows)}
      )
      select (select count(*)::int from j) as total,
        coalesce((select json_agg(p.id::text order by p.event_time ${direction}, p.id ${direction})
          from (select id, event_time from j order by event_time ${direction}, id ${direction} limit ${page.limit} offset ${page.offset}) p), '[]'::json) as ids`,
  );
  const ids = parsed(found.ids).map(Number);
  if (ids.length === 0) return { rows: [], total: Number(found.total), windows };
  const rows = (await db
    .select(traceEventColumns)
    .from(epcisEvents)
    .where(and(eq(epcisEvents.companyId, companyId), inArray(epcisEvents.id, ids)))) as TraceEventRow[];
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((left, right) => position.get(Number(left.id))! - position.get(Number(right.id))!);
  return { rows, total: Number(found.total), windows };
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
  if (products.length === 0) return new Map();
  return withoutJit(db, (tx) => readJourneySummaries(tx, companyId, products));
}

async function readJourneySummaries(db: Db, companyId: number, products: readonly { productId: number; gtin: string }[]): Promise<Map<number, JourneySummary>> {
  const summaries = new Map<number, JourneySummary>();
  const gtins = [...new Set(products.map((product) => product.gtin))];
  const windowRows = await rowsOf<ContainerWindow & { gtins: string[] }>(
    db,
    windowsQuery(companyId, sql`e.gtins && ${textArray(gtins)}`, sql`(d.gtins && o.gtins or ${NO_CHILDREN})`, CONTAINER_WINDOWS_MAX * products.length),
  );

  const parts = products.map((product) => {
    const windows = windowRows
      .filter((row) => row.gtins.includes(product.gtin))
      .slice(0, CONTAINER_WINDOWS_MAX)
      .map((row) => ({ parentId: row.parentId, from: row.from, until: row.until }));
    return sql`(with j as materialized (
        select e.id, e.event_time, e.event_type, e.biz_step, e.disposition, e.document->>'eventTime' as captured
        from epcis_events e where e.company_id = ${companyId} and ${journeyCondition({ gtin: product.gtin }, windows)}
      )
      select ${product.productId}::int as product_id, (select count(*)::int from j) as event_count,
        (select json_build_object('eventTime', captured, 'eventType', event_type, 'bizStep', biz_step, 'disposition', disposition)
          from j order by event_time desc, id desc limit 1) as last_event)`;
  });
  type SummaryRow = { product_id: number; event_count: number; last_event: JourneySummary['lastEvent'] | string | null };
  for (const row of await rowsOf<SummaryRow>(db, sql.join(parts, sql` union all `))) {
    summaries.set(Number(row.product_id), { eventCount: Number(row.event_count), lastEvent: row.last_event === null ? null : parsed(row.last_event) });
  }
  return summaries;
}
