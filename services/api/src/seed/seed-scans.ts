import { sql } from 'drizzle-orm';
import { LINK_TYPE_VIEWS } from '@product-console/shared';
import { rebuildDailyRollups, scanDimensionsSql } from '../modules/analytics/rollups.js';
import type { Db } from '../db/client.js';
import { DEMO_TRACE_SERIALS } from './seed-traces.js';

/*
 * Acme's demo scans (issue 18): 90 days of synthetic scans of its products, so that DL-analytics
 * shows real-looking charts at first sign-in: a daily rhythm, a weekly pattern (weekends busier),
 * growth over the quarter, several countries and regions, devices, systems, browsers, languages,
 * link types and views, serial scans of the traced hiking boots, and one serial scanned in Germany
 * and in China within the hour (flagged, with its evidence). Deterministic for a given hour (a
 * seeded PRNG); raw scans inserted in one statement, their rollups added up from them in SQL as
 * the ingest does (same dimensions and values), so the two always agree.
 */

export const DEMO_SCAN_DAYS = 90;
/** The boots' serial that looks copied. */
export const DEMO_SUSPICIOUS_SERIAL = DEMO_TRACE_SERIALS[1];

/** mulberry32: a small, well-known seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let at = random() * total;
  for (const [value, weight] of weighted) {
    at -= weight;
    if (at < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

/** Country, its regions (subdivision codes as geoip-lite gives them), the scanners' language, and its share. */
const PLACES = [
  ['US', ['CA', 'NY', 'TX', 'WA'], 'en-US', 30],
  ['DE', ['BE', 'BY', 'HH'], 'de-DE', 18],
  ['KR', ['11', '26'], 'ko-KR', 14],
  ['JP', ['13', '27'], 'ja-JP', 10],
  ['GB', ['ENG', 'SCT'], 'en-GB', 9],
  ['FR', ['IDF', 'ARA'], 'fr-FR', 7],
  ['SE', ['AB'], 'sv-SE', 5],
  ['IT', ['25', '62'], 'it-IT', 4],
  ['CA', ['ON', 'BC'], 'en-CA', 3],
] as const;

/** Device type, coarse device, system and browser. */
type Client = readonly [deviceType: string, device: string, os: string | null, browser: string | null];
const CLIENTS: readonly (readonly [Client, number])[] = [
  [['mobile', 'ios', 'iOS', 'Mobile Safari'], 38],
  [['mobile', 'android', 'Android', 'Chrome'], 30],
  [['mobile', 'android', 'Android', 'Samsung Browser'], 6],
  [['desktop', 'desktop', 'Windows', 'Chrome'], 9],
  [['desktop', 'desktop', 'Mac OS', 'Safari'], 5],
  [['desktop', 'desktop', 'Windows', 'Edge'], 3],
  [['tablet', 'ios', 'iOS', 'Mobile Safari'], 6],
  [['tablet', 'android', 'Android', 'Chrome'], 2],
  [['other', 'other', null, null], 1],
];

/** Scans by UTC hour: the afternoon and evening of Europe and the Americas, the day of East Asia. */
const HOURS = [3, 4, 5, 5, 5, 4, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 16, 15, 13, 10, 8, 6, 4].map((weight, hour) => [hour, weight] as const);

const PRODUCT_SHARES: Record<string, number> = {
  'Summit 45L Backpack': 22,
  'Trailhead Hiking Boots': 18,
  'Glacier Down Jacket': 16,
  'Basecamp 2P Tent': 12,
  'Nightfall Sleeping Bag': 10,
  'Ridge Trekking Poles': 8,
  'Frost Merino Beanie': 8,
  'Ember Camp Stove': 6,
};

interface DemoScan {
  company_id: number;
  product_id: number;
  entry_id: number;
  qualifier_path: string | null;
  serial: string | null;
  link_type: string;
  view: string | null;
  lang: string | null;
  device: string;
  country: string | null;
  region: string | null;
  device_type: string;
  os: string | null;
  browser: string | null;
  visitor: string;
  /** `utm_campaign` of the printed code, for some visitors (decision 077). */
  campaign: string | null;
  scanned_at: string;
}

const hex16 = (random: () => number) =>
  Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0') + Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0');

/** The synthetic scans of the last DEMO_SCAN_DAYS days before `now` (pure; exported for tests). */
export function demoScans(
  companyId: number,
  catalogue: { id: number; entryId: number; name: string; service: string; traced: boolean }[],
  now: Date,
): { scans: DemoScan[]; evidence: { at: string; country: string | null; region: string | null }[] } {
  const random = prng(20_260_401);
  const products = catalogue.map((product) => [product, PRODUCT_SHARES[product.name] ?? 5] as const);
  const endHour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const firstDay = Math.floor(endHour / 86_400_000) - (DEMO_SCAN_DAYS - 1);
  const visitors: string[] = [];
  const rows: DemoScan[] = [];

  const push = (product: (typeof catalogue)[number], at: number, overrides: Partial<DemoScan> = {}) => {
    const [country, regions, language] = pick(random, PLACES.map((place) => [place, place[3]] as const));
    const [deviceType, device, os, browser] = pick(random, CLIENTS);
    const linkType = pick(random, [
      ['gs1:pip', 60],
      ['linkset', 4],
      ['gs1:certificationInfo', 8],
      ...(product.service === 'DPP' ? ([['gs1:dpp', 18]] as const) : []),
      ...(product.traced ? ([['gs1:traceability', 10]] as const) : []),
    ]);
    const serial = product.traced && product.name === 'Trailhead Hiking Boots' && random() < 0.35 ? DEMO_TRACE_SERIALS[Math.floor(random() * DEMO_TRACE_SERIALS.length)]! : null;
    // A quarter of the scans come from someone who scanned before (the same day's hash).
    const visitor = visitors.length > 0 && random() < 0.25 ? visitors[Math.floor(random() * visitors.length)]! : hex16(random);
    visitors.push(visitor);
    if (visitors.length > 50) visitors.shift();
    rows.push({
      company_id: companyId,
      product_id: product.id,
      entry_id: product.entryId,
      qualifier_path: serial ? `/21/${serial}` : null,
      serial,
      link_type: linkType,
      view: Object.hasOwn(LINK_TYPE_VIEWS, linkType) ? LINK_TYPE_VIEWS[linkType as keyof typeof LINK_TYPE_VIEWS] : null,
      lang: random() < 0.93 ? language : null,
      device,
      country,
      region: regions[Math.floor(random() * regions.length)]!,
      device_type: deviceType,
      os,
      browser,
      visitor,
      // Some visitors scanned a code printed for a campaign: read off the visitor's hash, so the
      // demo's random sequence (and every figure drawn from it) stays as it was.
      campaign: DEMO_CAMPAIGNS[parseInt(visitor[0]!, 16)] ?? null,
      scanned_at: new Date(at).toISOString(),
      ...overrides,
    });
  };

  for (let day = 0; day < DEMO_SCAN_DAYS; day += 1) {
    const dayStart = (firstDay + day) * 86_400_000;
    const weekday = new Date(dayStart).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 1.35 : weekday === 5 ? 1.15 : 1;
    const growth = 1 + (0.9 * day) / DEMO_SCAN_DAYS;
    const count = Math.round(45 * weekly * growth * (0.85 + 0.3 * random()));
    for (let i = 0; i < count; i += 1) {
      const at = dayStart + pick(random, HOURS) * 3_600_000 + Math.floor(random() * 3_600_000);
      if (at >= endHour) continue;
      push(pick(random, products), at);
    }
  }

  // The copied serial: scanned in Berlin, then 40 minutes later in Guangdong, five days ago.
  const boots = catalogue.find((product) => product.name === 'Trailhead Hiking Boots');
  if (boots) {
    const first = endHour - 5 * 86_400_000 - 6 * 3_600_000 + 10 * 60_000;
    const copied = { serial: DEMO_SUSPICIOUS_SERIAL, qualifier_path: `/21/${DEMO_SUSPICIOUS_SERIAL}`, link_type: 'gs1:pip', view: 'index' };
    push(boots, first, { ...copied, country: 'DE', region: 'BE', lang: 'de-DE' });
    push(boots, first + 40 * 60_000, { ...copied, country: 'CN', region: 'GD', lang: 'zh-CN' });
  }
  const evidence = boots ? rows.slice(-2).map((row) => ({ at: row.scanned_at, country: row.country, region: row.region })) : [];
  return { scans: rows.sort((a, b) => (a.scanned_at < b.scanned_at ? -1 : 1)), evidence };
}

/** Campaigns of the demo's printed codes, by the first hex digit of the visitor's hash (the rest: none). */
const DEMO_CAMPAIGNS: Record<number, string> = { 0: 'spring-trails', 1: 'spring-trails', 2: 'spring-trails', 3: 'store-display', 4: 'store-display', 5: 'newsletter' };

/**
 * Seeds Acme's demo scans, their hourly, daily and serial rollups and the flagged serial (within the demo seed's
 * transaction, so it runs once with the rest).
 */
export async function seedDemoScans(tx: Db, companyId: number, now = new Date()): Promise<number> {
  const { rows: catalogue } = (await tx.execute(sql`
    select p.id, p.entry_id as "entryId", p.product_name as name, p.service,
           exists (select 1 from traces t where t.product_id = p.id) as traced
    from products p where p.company_id = ${companyId} and p.deleted_at is null and p.entry_id is not null
    order by p.id`)) as unknown as { rows: { id: number; entryId: number; name: string; service: string; traced: boolean }[] };
  const { scans: rows, evidence } = demoScans(companyId, catalogue, now);
  if (rows.length === 0) return 0;

  await tx.execute(sql`
    insert into scans (company_id, product_id, entry_id, qualifier_path, serial, link_type, view, lang, device,
                       country, region, device_type, os, browser, visitor, campaign, scanned_at)
    select company_id, product_id, entry_id, qualifier_path, serial, link_type, view, lang, device,
           country, region, device_type, os, browser, visitor, campaign, scanned_at
    from jsonb_populate_recordset(null::scans, ${JSON.stringify(rows)}::jsonb)`);

  // The grouping fits in memory rather than spilling to disk (this transaction only).
  await tx.execute(sql`set local work_mem = '32MB'`);
  // The rollups of those scans, as the ingest adds them up (scans.ts): one row per product, UTC hour,
  // dimension and value; a visitor counts once per product and UTC day, in the hour first seen.
  await tx.execute(sql`
    with company_scans as (
      select * from scans where company_id = ${companyId}
    ), facts as (
      select s.company_id, s.product_id, date_trunc('hour', s.scanned_at, 'UTC') as bucket, d.dimension, d.value
      from company_scans s
      cross join lateral ${sql.raw(scanDimensionsSql('s'))}
      where d.value is not null
      union all
      select min(company_id), product_id, date_trunc('hour', min(scanned_at), 'UTC'), 'visitors', ''
      from company_scans where visitor is not null
      group by product_id, (scanned_at at time zone 'UTC')::date, visitor
    )
    insert into scan_rollups (company_id, product_id, bucket, dimension, value, scans)
    select company_id, product_id, bucket, dimension, value, count(*)::int
    from facts
    group by company_id, product_id, bucket, dimension, value
    order by product_id, bucket, dimension, value
    on conflict (product_id, bucket, dimension, value) do update set scans = scan_rollups.scans + excluded.scans`);
  // The daily and serial rollups in the company's local days, as a change of its time zone makes them.
  await rebuildDailyRollups(tx, companyId);

  const boots = catalogue.find((product) => product.name === 'Trailhead Hiking Boots');
  if (boots && evidence.length === 2) {
    await tx.execute(sql`
      insert into suspicious_serials (company_id, product_id, serial, reason, evidence, flagged_at)
      values (${companyId}, ${boots.id}, ${DEMO_SUSPICIOUS_SERIAL}, 'countries', ${JSON.stringify(evidence)}::jsonb, ${evidence[1]!.at}::timestamptz)
      on conflict do nothing`);
  }
  return rows.length;
}
