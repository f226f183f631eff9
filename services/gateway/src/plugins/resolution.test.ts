import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { landingPageData } from '../test/landing-page-data.js';
import { GTIN, startResolverStandIn, type ResolverStandIn } from '../test/resolver-stand-in.js';
import { createTestStore, redisForTest, type TestStore } from '../test/store.js';

/*
 * The resolution cache as two replicas hold it: the resolver's record of a product and the
 * landing's page data of it, on one invalidation bus per replica.
 */

const ENTRY_PATH = `/01/${GTIN}`;
const PAGE = { productId: '42', serviceName: 'acme', view: 'index', lang: '' };

const pageData = (name: string) => landingPageData({ product: { product_name: name } });

let api: ResolverStandIn;
let store: TestStore;
let replicas: FastifyInstance[];

beforeAll(async () => {
  api = await startResolverStandIn();
  store = createTestStore();
  replicas = [];
  for (let i = 0; i < 2; i += 1) {
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        UPSTREAM_URL: api.url,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        LANDING_SSR_MODULE: '/nonexistent-landing.js',
        REDIS_URL: store.redisUrl,
      }),
      { store: store.store, storeKeyPrefix: store.keyPrefix, processMetrics: false },
    );
    await app.ready();
    replicas.push(app);
  }
});

afterAll(async () => {
  for (const app of replicas ?? []) await app.close();
  await store?.cleanup();
  await api?.close();
});

describe('the resolution cache', () => {
  it("drops the resolver's record and the landing's page data of a product on every replica, by one message", async () => {
    const [first, second] = replicas as [FastifyInstance, FastifyInstance];
    let pageName = 'Trail boots';
    let pageReads = 0;
    const readPage = async () => {
      pageReads += 1;
      return pageData(pageName);
    };
    // The second replica holds both views of the product.
    expect((await second.resolution.entries.get(ENTRY_PATH))?.title).toBe('Trail boots');
    expect(second.resolution.entries.peek(ENTRY_PATH)).toBeDefined();
    expect((await second.resolution.pages.get(PAGE, readPage))?.product.product_name).toBe('Trail boots');
    expect((await second.resolution.pages.get(PAGE, readPage))?.product.product_name).toBe('Trail boots');
    expect(pageReads).toBe(1);

    // A write through the first replica (the API's x-resolver-invalidate) reaches the second once.
    pageName = 'Trail boots II';
    await first.resolution.invalidateFrom({ 'x-resolver-invalidate': ENTRY_PATH });
    await expect.poll(() => second.resolution.entries.peek(ENTRY_PATH)).toBeUndefined();
    expect((await second.resolution.pages.get(PAGE, readPage))?.product.product_name).toBe('Trail boots II');
    expect(pageReads).toBe(2);
  });

  it.runIf(redisForTest('one subscription per replica on the invalidation channel'))(
    'listens to the invalidation channel once per replica, for both kinds of record',
    async () => {
      const redis = new Redis(store.redisUrl);
      try {
        const channel = `${store.keyPrefix}resolver:invalidate`;
        const [, subscribers] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
        expect(Number(subscribers)).toBe(replicas.length);
        for (const app of replicas) expect(app.redis.client('subscriber').listenerCount('message')).toBe(1);
      } finally {
        redis.disconnect();
      }
    },
  );
});
