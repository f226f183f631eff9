import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import type { ScanFact } from './facts.js';

/*
 * Suspicious serials (issue 18 part 4; what counts, decision 065), as copy-detection services flag
 * them, counting visitors, not scans: a visitor is an address key (`addressKeyOf`: the day's salted
 * hash of the address alone) per serial and UTC day, so one address adds one visitor to a serial a
 * day however many scans or User-Agents it sends (`scan_serial_visitors`).
 * - `countries`: at least 3 visitors from two or more countries within a short window (one traveller
 *   roaming on a home SIM beside a hotel's network is two addresses in two countries, not a copy);
 * - `volume`: at least max(20, 10 × the median) visitors over the last 7 UTC days, today included;
 *   the median is that of the product's serials with history (scanned before those 7 days), and
 *   only when there are at least 5 of them: fresh serials, which anyone can scan into being, do not
 *   move it.
 * Run after a batch commits, only for the serials in the batch; each (product, serial, reason) is
 * flagged once. The one place these rules live.
 */

export type SuspicionReason = 'countries' | 'volume';

export interface Evidence {
  at: string;
  country: string | null;
  region: string | null;
}

export interface FlaggedSerial {
  id: number;
  companyId: number;
  productId: number;
  serial: string;
  reason: SuspicionReason;
  evidence: Evidence[];
}

export interface SuspicionRules {
  windowMinutes: number;
  /** Countries rule: at least this many visitors (addresses) within the window, from two or more countries. */
  countriesVisitors?: number;
  /** Volume rule: at least this many visitors in 7 days… */
  volumeFloor?: number;
  /** …and at least this many times the median of the product's serials with history. */
  volumeFactor?: number;
  /** Medians of the products' serials kept between batches; without it, each call counts them afresh. */
  medians?: MedianCache;
}

/** 0 stands for "no median" (too few serials with history): the floor alone applies. */
export interface MedianCache {
  get(productId: number): number | undefined;
  set(productId: number, median: number): void;
}

/** Medians kept `ttlMs` (10 minutes by default: a product's usual scans per serial move slowly). */
export function createMedianCache(ttlMs = 10 * 60_000, now = () => Date.now()): MedianCache {
  const kept = new Map<number, { median: number; until: number }>();
  return {
    get(productId) {
      const entry = kept.get(productId);
      if (!entry || entry.until <= now()) return undefined;
      return entry.median;
    },
    set(productId, median) {
      if (kept.size > 10_000) kept.clear();
      kept.set(productId, { median, until: now() + ttlMs });
    },
  };
}

const EVIDENCE_MAX = 20;
/** The volume rule's days (UTC), today included; `scan_serial_visitors` keeps as many. */
export const VOLUME_DAYS = 7;
/** Fewer serials with history than this make no median. */
const MEDIAN_MIN_SERIALS = 5;

interface Key {
  company_id: number;
  product_id: number;
  serial: string;
  since: string;
  until: string;
}

/** One scan time of one visitor of a serial (its first or last of the day). */
export interface VisitorScan extends Evidence {
  visitor: string;
}

interface VisitorRow {
  product_id: number;
  serial: string;
  address: string;
  country: string | null;
  region: string | null;
  first_at: Date | string;
  last_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function count(counts: Map<string, number>, key: string, delta: number) {
  const n = (counts.get(key) ?? 0) + delta;
  if (n === 0) counts.delete(key);
  else counts.set(key, n);
}

/**
 * The scans of a serial (time order) that first show `visitors` distinct visitors from two or more
 * countries within the window, or null; a scan without a country counts for neither.
 */
export function countriesWindow(scans: VisitorScan[], windowMs: number, visitors = 3): Evidence[] | null {
  const placed = scans.filter((scan) => scan.country !== null);
  const seen = new Map<string, number>();
  const countries = new Map<string, number>();
  let start = 0;
  for (let end = 0; end < placed.length; end++) {
    const endAt = Date.parse(placed[end].at);
    count(seen, placed[end].visitor, 1);
    count(countries, placed[end].country as string, 1);
    for (; endAt - Date.parse(placed[start].at) > windowMs; start++) {
      count(seen, placed[start].visitor, -1);
      count(countries, placed[start].country as string, -1);
    }
    if (seen.size >= visitors && countries.size >= 2) {
      return placed.slice(start, end + 1).slice(-EVIDENCE_MAX).map(({ at, country, region }) => ({ at, country, region }));
    }
  }
  return null;
}

/** A visitor's first and last scan of the day that fall within [from, to], in time order. */
function scansOf(row: VisitorRow, from: number, to: number): VisitorScan[] {
  const times = [...new Set([iso(row.first_at), iso(row.last_at)])].filter((at) => Date.parse(at) >= from && Date.parse(at) <= to);
  return times.map((at) => ({ at, country: row.country, region: row.region, visitor: row.address }));
}

/** Flags the batch's serials that break a rule; returns the flags that are new. */
export async function flagSuspiciousSerials(db: Db, facts: ScanFact[], rules: SuspicionRules, jobs?: WebhookSender): Promise<FlaggedSerial[]> {
  const keys = new Map<string, Key>();
  for (const fact of facts) {
    if (fact.serial === null) continue;
    const id = `${fact.productId}\n${fact.serial}`;
    const key = keys.get(id);
    if (!key) keys.set(id, { company_id: fact.companyId, product_id: fact.productId, serial: fact.serial, since: fact.scannedAt, until: fact.scannedAt });
    else {
      if (fact.scannedAt < key.since) key.since = fact.scannedAt;
      if (fact.scannedAt > key.until) key.until = fact.scannedAt;
    }
  }
  if (keys.size === 0) return [];
  const keyJson = JSON.stringify([...keys.values()]);
  const windowMinutes = rules.windowMinutes;
  const windowMs = windowMinutes * 60_000;
  const candidates: Omit<FlaggedSerial, 'id'>[] = [];
  const batchKeys = sql`keys as (
    select * from jsonb_to_recordset(${keyJson}::jsonb) as k(company_id int, product_id int, serial text, since timestamptz, until timestamptz)
  )`;

  // Several countries: the serial's placed visitors active within a window of the batch's scans,
  // by primary key (product, serial, UTC day).
  const placed = rowsOf<VisitorRow>(
    await db.execute(sql`
      with ${batchKeys}
      select v.product_id, v.serial, v.address, v.country, v.region, v.first_at, v.last_at
      from keys k
      join scan_serial_visitors v on v.product_id = k.product_id and v.serial = k.serial
        and v.day between ((k.since - make_interval(mins => ${windowMinutes})) at time zone 'UTC')::date
                      and ((k.until + make_interval(mins => ${windowMinutes})) at time zone 'UTC')::date
        and v.last_at >= k.since - make_interval(mins => ${windowMinutes}) and v.first_at <= k.until + make_interval(mins => ${windowMinutes})
      where v.country is not null
        and not exists (select 1 from suspicious_serials f where f.product_id = k.product_id and f.serial = k.serial and f.reason = 'countries')
    `),
  );
  const bySerial = new Map<string, VisitorScan[]>();
  for (const row of placed) {
    const id = `${row.product_id}\n${row.serial}`;
    const key = keys.get(id);
    if (!key) continue;
    const scans = scansOf(row, Date.parse(key.since) - windowMs, Date.parse(key.until) + windowMs);
    bySerial.set(id, [...(bySerial.get(id) ?? []), ...scans]);
  }
  for (const [id, scans] of bySerial) {
    scans.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const evidence = countriesWindow(scans, windowMs, rules.countriesVisitors ?? 3);
    const key = keys.get(id);
    if (evidence && key) candidates.push({ companyId: key.company_id, productId: key.product_id, serial: key.serial, reason: 'countries', evidence });
  }

  // Volume: each batch serial's visitors on the last 7 UTC days (by primary key) against the median
  // of the product's serials with history. The medians move slowly and cost a pass over the
  // product's week of visitors, so they are kept for a while (`MedianCache`).
  const floor = rules.volumeFloor ?? 20;
  const factor = rules.volumeFactor ?? 10;
  const week = sql`(now() at time zone 'UTC')::date - ${VOLUME_DAYS}::int`;
  const counted = rowsOf<{ product_id: number; serial: string; company_id: number; n: string | number }>(
    await db.execute(sql`
      with ${batchKeys}
      select k.product_id, k.serial, k.company_id, count(*) as n
      from keys k
      join scan_serial_visitors v on v.product_id = k.product_id and v.serial = k.serial and v.day > ${week}
      where not exists (select 1 from suspicious_serials f where f.product_id = k.product_id and f.serial = k.serial and f.reason = 'volume')
      group by 1, 2, 3
      having count(*) >= ${floor}::int
    `),
  );
  const medians = rules.medians ?? createMedianCache();
  const unknown = [...new Set(counted.map((row) => row.product_id))].filter((id) => medians.get(id) === undefined);
  if (unknown.length > 0) {
    // History = a serial-day (local days, `scan_serial_days`) before the week: fresh serials are left out.
    const rows = rowsOf<{ product_id: number; median: string | number }>(
      await db.execute(sql`
        select c.product_id, percentile_cont(0.5) within group (order by c.n) as median
        from (
          select v.product_id, v.serial, count(*) as n from scan_serial_visitors v
          where v.product_id = any(${`{${unknown.join(',')}}`}::int[]) and v.day > ${week}
          group by 1, 2
        ) c
        where exists (select 1 from scan_serial_days d where d.product_id = c.product_id and d.serial = c.serial and d.day <= ${week})
        group by c.product_id
        having count(*) >= ${MEDIAN_MIN_SERIALS}::int
      `),
    );
    for (const id of unknown) medians.set(id, Number(rows.find((row) => Number(row.product_id) === id)?.median ?? 0));
  }
  const loud = counted.filter((row) => Number(row.n) >= Math.max(floor, factor * (medians.get(row.product_id) ?? 0)));
  for (const row of loud) {
    // Evidence: the latest scans of the serial's latest visitors, one each.
    const recent = rowsOf<{ last_at: Date | string; country: string | null; region: string | null }>(
      await db.execute(sql`
        select last_at, country, region from scan_serial_visitors
        where product_id = ${row.product_id} and serial = ${row.serial} and day > ${week}
        order by last_at desc limit ${EVIDENCE_MAX}
      `),
    );
    const evidence = recent.reverse().map((visitor) => ({ at: iso(visitor.last_at), country: visitor.country, region: visitor.region }));
    candidates.push({ companyId: row.company_id, productId: row.product_id, serial: row.serial, reason: 'volume', evidence });
  }
  if (candidates.length === 0) return [];
  // The flags and their `serial.suspicious` webhooks (decision 086) commit together.
  return db.transaction(async (tx) => {
    const inserted = rowsOf<{ id: number; product_id: number; serial: string; reason: SuspicionReason }>(
      await tx.execute(sql`
        insert into suspicious_serials (company_id, product_id, serial, reason, evidence)
        select company_id, product_id, serial, reason, evidence
        from jsonb_to_recordset(${JSON.stringify(candidates.map((c) => ({ company_id: c.companyId, product_id: c.productId, serial: c.serial, reason: c.reason, evidence: c.evidence })))}::jsonb)
          as c(company_id int, product_id int, serial text, reason text, evidence jsonb)
        on conflict on constraint suspicious_serials_product_serial_reason_unique do nothing
        returning id, product_id, serial, reason
      `),
    );
    const flagged = inserted.flatMap((row) => {
      const candidate = candidates.find((c) => c.productId === Number(row.product_id) && c.serial === row.serial && c.reason === row.reason);
      return candidate ? [{ ...candidate, id: Number(row.id) }] : [];
    });
    if (jobs) {
      for (const companyId of new Set(flagged.map((flag) => flag.companyId))) {
        const events = flagged
          .filter((flag) => flag.companyId === companyId)
          .map((flag) => ({
            type: 'serial.suspicious' as const,
            productId: flag.productId,
            data: { serial: flag.serial, reason: flag.reason, countries: [...new Set(flag.evidence.flatMap((scan) => (scan.country ? [scan.country] : [])))] },
          }));
        await recordWebhookEvents(tx, jobs, companyId, events);
      }
    }
    return flagged;
  });
}
