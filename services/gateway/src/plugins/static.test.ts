import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness.js';

let webDist: string;
let h: Harness;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'gw-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  // Without the landing's renderer its paths fall to the console (routes/landing tests the renderer's pages).
  h = await startHarness({ WEB_DIST_DIR: webDist, LANDING_SSR_MODULE: '/nonexistent-landing.js' });
});
afterAll(async () => {
  await h?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const html = 'text/html,application/xhtml+xml';

describe('the built console', () => {
  it('serves files of the build, hashed assets as immutable', async () => {
    const res = await request(h.app.server).get('/assets/app-1a2b3c.js').expect(200);
    expect(res.text).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers index.html to a browser navigation on any console route', async () => {
    for (const url of ['/', '/acme/dashboard/main-overview', '/login', '/no/such/page']) {
      const res = await request(h.app.server).get(url).set('Accept', html).expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("protects the console's pages: scripts only from its files, never framed, no sniffing, a referrer policy", async () => {
    for (const url of ['/', '/acme/dashboard/main-overview']) {
      const res = await request(h.app.server).get(url).set('Accept', html).expect(200);
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets the console alone frame the landing page of a scan', async () => {
    for (const url of ['/acme/product-details/12/preview', '/acme/product-details/12/preview/dpp']) {
      const res = await request(h.app.server).get(url).set('Accept', html).expect(200);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("lets the product view play videos in YouTube's and Vimeo's privacy-friendly players and show https images, nothing more", async () => {
    for (const url of ['/acme/product-details/12/preview', '/acme/products/12/edit/content']) {
      const res = await request(h.app.server).get(url).set('Accept', html).expect(200);
      const directives = new Map(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name = '', ...values]) => [name, values] as const),
      );
      expect(directives.get('frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
      expect(directives.get('media-src')).toEqual(["'self'", 'blob:']);
      expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      // The tracking players and anything for scripts or calls stay out.
      expect(directives.get('frame-src')).not.toContain('https://www.youtube.com');
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
    }
  });

  it('keeps JSON 404s for the gateway and API prefixes and for non-HTML requests', async () => {
    for (const url of ['/bff/nothing', '/api/nothing', '/healthz/x']) {
      const res = await request(h.app.server).get(url).set('Accept', html).expect(404);
      expect(res.body.code).toBe('E404001');
    }
    const missingAsset = await request(h.app.server).get('/assets/gone.js').set('Accept', '*/*').expect(404);
    expect(missingAsset.body.code).toBe('E404001');
  });
});

describe('without a build', () => {
  it('skips serving and still answers JSON 404', async () => {
    const bare = await startHarness({ WEB_DIST_DIR: path.join(webDist, 'missing') });
    try {
      const res = await request(bare.app.server).get('/login').set('Accept', html).expect(404);
      expect(res.body.code).toBe('E404001');
    } finally {
      await bare.close();
    }
  });
});
