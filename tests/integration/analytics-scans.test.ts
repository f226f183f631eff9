import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanRollups, scans } from '../../services/api/src/modules/analytics/tables.js';
import { entries } from '../../services/api/src/modules/entries/tables.js';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * Scans through the gateway's resolver (behind a trusted proxy, X-Forwarded-For addresses of
 * different countries, different User-Agents and languages) become scan facts and hourly rollups
 * in the API, exactly; a bot is not counted; no client address is stored anywhere (decision 055).
 */

/** geoip-lite places these in Great Britain (England), Japan (Tokyo) and France. */
const GB = '81.2.69.142';
const JP = '133.242.0.1';
const FR = '62.210.0.1';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

let stack: Stack;
let cookie: string;

beforeAll(async () => {
  stack = await startStack({}, { TRUST_PROXY: 'true', RESOLVER_SCAN_FLUSH_MS: '100', RESOLVER_SCAN_BATCH_SIZE: '500' });
  cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
});
afterAll(async () => {
  await stack?.close();
});

async function countsOf(productId: number): Promise<Record<string, number>> {
  const rows = await stack.api.app.db.select().from(scanRollups).where(eq(scanRollups.productId, productId));
  const counts: Record<string, number> = {};
  for (const row of rows) counts[`${row.dimension}:${row.value}`] = (counts[`${row.dimension}:${row.value}`] ?? 0) + row.scans;
  return counts;
}

function delta(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const [key, value] of Object.entries(after)) if (value !== (before[key] ?? 0)) changed[key] = value - (before[key] ?? 0);
  return changed;
}

describe('scans through the resolver', () => {
  it('become rollups with exactly their countries, regions, devices, systems, browsers, link types and languages; bots are left out; no address is kept', async () => {
    const products = (await request(stack.gateway.server).get('/bff/api/product/all?page=1&size=20').set('Cookie', cookie).expect(200)).body.result as {
      productId: number;
      gtin: string | null;
      entry_id: number | null;
    }[];
    const product = products.find((p) => p.gtin && p.entry_id);
    if (!product?.gtin) throw new Error('no demo product with a GTIN');
    const entryPath = `/01/${product.gtin}`;
    const before = await countsOf(product.productId);
    const scansBefore = (await stack.api.app.db.select({ n: sql<number>`count(*)::int` }).from(scans).where(eq(scans.productId, product.productId)))[0].n;

    const scan = (path: string, address: string, userAgent: string, language?: string) => {
      const call = request(stack.gateway.server).get(path).set('X-Forwarded-For', `${address}, 10.0.0.9`).set('User-Agent', userAgent);
      return language ? call.set('Accept-Language', language) : call;
    };
    await scan(entryPath, JP, BOT).redirects(0).expect(307);
    await scan(entryPath, GB, IPHONE, 'en-GB,en;q=0.9').redirects(0).expect(307);
    await scan(entryPath, GB, IPHONE, 'en-GB,en;q=0.9').redirects(0).expect(307);
    await scan(`${entryPath}?linkType=gs1:pip`, JP, WINDOWS, 'ja-JP').redirects(0).expect(307);
    await scan(`${entryPath}?linkType=linkset`, FR, IPAD, 'fr-FR').expect(200);

    await expect.poll(async () => (await countsOf(product.productId))['total:'] ?? 0, { timeout: 10_000 }).toBe((before['total:'] ?? 0) + 4);
    // The bot's scan left before the others: a later batch would not hold it either.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const changed = delta(await countsOf(product.productId), before);
    const defaultType = Object.keys(changed).find((key) => key.startsWith('linkType:') && key !== 'linkType:linkset' && changed[key] >= 2);
    expect(defaultType, 'the default link is a link type with a view').toBeDefined();
    const pipAndDefault = defaultType === 'linkType:gs1:pip' ? { 'linkType:gs1:pip': 3 } : { [defaultType as string]: 2, 'linkType:gs1:pip': 1 };
    const views = Object.fromEntries(Object.entries(changed).filter(([key]) => key.startsWith('view:')));
    expect(Object.values(views).reduce((sum, n) => sum + n, 0)).toBe(3); // the link set opens no view
    expect(changed).toEqual({
      'total:': 4,
      'visitors:': 3,
      'country:GB': 2,
      'country:JP': 1,
      'country:FR': 1,
      'region:GB-ENG': 2,
      'region:JP-13': 1,
      'device:mobile': 2,
      'device:desktop': 1,
      'device:tablet': 1,
      'os:iOS': 3,
      'os:Windows': 1,
      'browser:Mobile Safari': 3,
      'browser:Chrome': 1,
      ...pipAndDefault,
      'linkType:linkset': 1,
      'language:en-GB': 2,
      'language:ja-JP': 1,
      'language:fr-FR': 1,
      ...views,
    });
    const stored = (await stack.api.app.db.select({ n: sql<number>`count(*)::int` }).from(scans).where(eq(scans.productId, product.productId)))[0].n;
    expect(stored - scansBefore).toBe(4);

    // No client address in any text or JSON column of any table.
    const columns = (await stack.api.app.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'inet', 'ARRAY')
    `)) as unknown as { rows: { table_name: string; column_name: string }[] };
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      for (const address of [GB, JP, FR]) {
        const hits = (await stack.api.app.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${address}%`}`,
        )) as unknown as { rows: { n: number }[] };
        if (hits.rows[0].n > 0) found.push(`${table}.${column}: ${address}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("counts every scan of a registered serial as that serial's, though the serial has no links of its own", async () => {
    const products = (await request(stack.gateway.server).get('/bff/api/product/all?page=1&size=20').set('Cookie', cookie).expect(200)).body.result as {
      productId: number;
      gtin: string | null;
      entry_id: number | null;
    }[];
    const product = products.find((p) => p.gtin && p.entry_id);
    if (!product?.gtin || !product.entry_id) throw new Error('no demo product with a GTIN');
    const entryPath = `/01/${product.gtin}`;
    const serial = `FIVE-${Date.now() % 100_000}`;
    const [entry] = await stack.api.app.db.select({ gcp: entries.gcp }).from(entries).where(eq(entries.id, product.entry_id));
    await request(stack.gateway.server)
      .post('/bff/api/entry/qualifiers/')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .send({ qualifierPath: `/21/${serial}`, identifierCode: '21', entryId: product.entry_id, entryPath, gcp: entry.gcp })
      .expect(201);
    const today = new Date().toISOString().slice(0, 10);
    const dashboard = async () =>
      (
        await request(stack.gateway.server)
          .get(`/bff/api/analytics/dashboard?from=${today}&to=${today}&productId=${product.productId}&compare=false`)
          .set('Cookie', cookie)
          .expect(200)
      ).body.result as { totals: { serials: { value: number } }; serials: { value: string; scans: number }[] };
    const before = await dashboard();
    expect(before.serials.find((row) => row.value === serial)).toBeUndefined();

    for (let i = 0; i < 5; i++) {
      await request(stack.gateway.server).get(`${entryPath}/21/${serial}`).set('X-Forwarded-For', `${GB}, 10.0.0.9`).set('User-Agent', IPHONE).redirects(0).expect(307);
    }
    await expect.poll(async () => (await dashboard()).serials.find((row) => row.value === serial)?.scans ?? 0, { timeout: 10_000 }).toBe(5);
    expect((await dashboard()).totals.serials.value).toBe(before.totals.serials.value + 1);
  });
});
