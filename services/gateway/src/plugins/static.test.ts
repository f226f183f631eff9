import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachEncoding, getEncoded } from '../test/encodings.js';
import { startHarness, type Harness } from '../test/harness.js';

let webDist: string;
let h: Harness;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'gw-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  // A chunk as the build leaves it: the file, and its brotli and gzip copies beside it.
  writeFileSync(path.join(webDist, 'assets', 'chunk-4d5e6f.js'), CHUNK);
  writeFileSync(path.join(webDist, 'assets', 'chunk-4d5e6f.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(webDist, 'assets', 'chunk-4d5e6f.js.gz'), gzipSync(CHUNK));
  // A stylesheet the build left without copies, and an image, which is compressed already.
  writeFileSync(path.join(webDist, 'assets', 'style-7a8b9c.css'), STYLE);
  writeFileSync(path.join(webDist, 'assets', 'photo-0a1b2c.png'), PHOTO);
  // Without the landing's renderer its paths fall to the console (routes/landing tests the renderer's pages).
  h = await startHarness({ WEB_DIST_DIR: webDist, LANDING_SSR_MODULE: '/nonexistent-landing.js' });
});
afterAll(async () => {
  await h?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const html = 'text/html,application/xhtml+xml';
const CHUNK = Buffer.from(Array.from({ length: 200 }, (_, i) => `export const label${i} = "product label ${i}";`).join('\n'));
const STYLE = Buffer.from(Array.from({ length: 100 }, (_, i) => `.block-${i} { margin: ${i}px; color: #123456; }`).join('\n'));
const PHOTO = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(4096)]);

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

describe('the built console on the wire', () => {
  it("sends the build's brotli or gzip copy of a file as Accept-Encoding prefers, the file itself to a client that asks for neither", async () => {
    const { br, gzip } = await expectEachEncoding(h.app, '/assets/chunk-4d5e6f.js');
    // The copies written at build time, not compressed again per request.
    expect(Number(br.headers['content-length'])).toBe(statSync(path.join(webDist, 'assets', 'chunk-4d5e6f.js.br')).size);
    expect(Number(gzip.headers['content-length'])).toBe(statSync(path.join(webDist, 'assets', 'chunk-4d5e6f.js.gz')).size);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    // Two encodings of one file are never taken for the same bytes.
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
  });

  it('compresses a file the build left without copies as it sends it', async () => {
    await expectEachEncoding(h.app, '/assets/style-7a8b9c.css');
  });

  it('never compresses an image, and does not make it vary by encoding', async () => {
    const photo = await getEncoded(h.app, '/assets/photo-0a1b2c.png', 'gzip, deflate, br');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.wire.equals(PHOTO)).toBe(true);
    expect(String(photo.headers.vary ?? '')).not.toMatch(/accept-encoding/i);
  });

  it('serves no copy by its own name: the build writes them for the file they stand for', async () => {
    const copy = await getEncoded(h.app, '/assets/chunk-4d5e6f.js.br', null, { accept: '*/*' });
    expect(copy.statusCode).toBe(404);
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
