// The consumer landing on a slow phone (issue 15, decision 042): the real API with the demo data
// and the gateway serving the built landing; each of the six views of a demo product opened in
// Chromium on a cold cache, with the network throttled to 1.6 Mbps down, 750 kbps up and 150 ms
// round trip and the CPU slowed 4x. Prints per view the JavaScript the first load pulled (gzipped
// size and bytes transferred), the HTML's bytes on the wire (compressed by the gateway, headers
// included), first contentful paint and largest contentful paint, against the budget: at most 60 KB
// of gzipped JavaScript, HTML at most 12 KB on the wire, FCP under 1.0 s, LCP under 2.0 s.
// Then the console's first load (decision 073): the sign-in page a signed-out browser opens, its
// HTML and the scripts, styles and fonts it loads, fetched as a browser does with
// `Accept-Encoding: br, gzip` and counted as they come over the wire (headers included), at most
// 200 KB; printed beside the same files asked with gzip only and with no encoding at all.
// BENCH_SKIP_BUILD=1 uses the build already in services/web; BENCH_STRICT=1 fails on a miss.
/* global window, document, performance, PerformanceObserver -- the page.evaluate callbacks run in the browser */
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { start } from './support/measure.mjs';

const JS_BUDGET_BYTES = 60 * 1024;
const HTML_WIRE_BUDGET_BYTES = 12 * 1024;
const CONSOLE_WIRE_BUDGET_BYTES = 200 * 1024;
/** What the console's first load fetches: the page, and what it needs to show it. */
const FIRST_LOAD_TYPES = new Set(['document', 'script', 'stylesheet', 'font']);
const FCP_TARGET_MS = 1_000;
const LCP_TARGET_MS = 2_000;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1_600_000 / 8), uploadThroughput: (750_000 / 8) };
const CPU_SLOWDOWN = 4;
const VIEWS = [
  ['index', ''],
  ['homepage', '/homepage'],
  ['verification', '/verification?serial=BENCH0001'],
  ['smartLabel', '/smartLabel'],
  ['dpp', '/dpp'],
  ['traceability', '/traceability'],
];
const TSX = ['--conditions=source', '--import', 'tsx'];
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One GET as a browser sends it: the bytes that came over the wire for it, status line and headers included. */
function wireBytes(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) bytes += res.rawHeaders[i].length + res.rawHeaders[i + 1].length + 4;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      })
      .on('error', reject);
  });
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('building the web workspace (console, landing entries, landing renderer)...');
  execFileSync('npm', ['run', 'build', '-w', 'services/web'], { cwd: repoRoot, stdio: 'ignore' });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-landing-'));
const children = [];
let browser;
try {
  const api = start('./support/api-server.mjs', [dataDir], TSX);
  children.push(api.child);
  const apiUrl = `http://127.0.0.1:${(await api.ready).port}`;
  const gateway = start('./support/landing-gateway.mjs', [apiUrl], TSX);
  children.push(gateway.child);
  const origin = `http://127.0.0.1:${(await gateway.ready).port}`;

  // A demo product of Acme with images: the page with the most to paint.
  let product = null;
  for (let id = 1; id <= 30 && !product; id += 1) {
    const answer = await fetch(`${apiUrl}/api/product/landing-page/page?productId=${id}&serviceName=acme`);
    if (answer.status !== 200) continue;
    const { result } = await answer.json();
    if (result.product.image.length > 0) product = result.product;
  }
  if (!product) throw new Error('no demo product of acme with images');
  const basePath = `/acme/product-details/${product.productId}/preview`;
  // The traceability view of a traced product (its journey, its places and their map), else the product's own.
  let tracedPath = basePath;
  for (let id = 1; id <= 30 && tracedPath === basePath; id += 1) {
    const answer = await fetch(`${apiUrl}/api/product/landing-page/page?productId=${id}&serviceName=acme&view=traceability`);
    if (answer.status !== 200) continue;
    const { result } = await answer.json();
    if ((result.trace?.places?.length ?? 0) > 0) tracedPath = `/acme/product-details/${id}/preview`;
  }
  const pathOf = (name) => (name === 'traceability' ? tracedPath : basePath);
  // The gateway's page cache is warm, as for a product scanned before: the browser's cache is not.
  for (const [name, suffix] of VIEWS) await fetch(`${origin}${pathOf(name)}${suffix}`, { headers: { 'accept-language': 'en' } });

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  console.log(`"${product.product_name}" (${basePath}; traceability: ${tracedPath}), Chromium, cold cache, 1.6 Mbps / 750 kbps / 150 ms RTT, CPU ${CPU_SLOWDOWN}x slower\n`);
  console.log(`${'view'.padEnd(14)}${'JS gz'.padStart(9)}${'JS wire'.padStart(10)}${'HTML wire'.padStart(11)}${'FCP'.padStart(9)}${'LCP'.padStart(9)}  verdict`);
  let missed = 0;
  for (const [name, suffix] of VIEWS) {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const responses = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => responses.set(requestId, { type, url: response.url, bytes: 0 }));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (response) response.bytes = encodedDataLength;
    });
    const answer = await page.goto(`${origin}${pathOf(name)}${suffix}`, { waitUntil: 'load' });
    if (answer?.status() !== 200) throw new Error(`${name} answered ${answer?.status()}`);
    // LCP settles once nothing larger is painted; a quiet second on this network is enough.
    await page.waitForTimeout(1_500);
    const { fcp, lcp } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcp: window.__lcp,
    }));
    const scripts = [...responses.values()].filter((response) => response.type === 'Script');
    let gz = 0;
    for (const script of scripts) gz += gzipSync(Buffer.from(await (await fetch(script.url)).arrayBuffer()), { level: 9 }).length;
    if (process.env.BENCH_VERBOSE === '1') for (const script of scripts) console.log(`  ${script.url} ${script.bytes} B`);
    const wire = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const html = [...responses.values()].find((response) => response.type === 'Document')?.bytes ?? 0;
    const ok = gz <= JS_BUDGET_BYTES && html > 0 && html <= HTML_WIRE_BUDGET_BYTES && fcp < FCP_TARGET_MS && lcp < LCP_TARGET_MS;
    if (!ok) missed += 1;
    console.log(
      `${name.padEnd(14)}${kb(gz).padStart(9)}${kb(wire).padStart(10)}${kb(html).padStart(11)}${`${Math.round(fcp)} ms`.padStart(9)}${`${Math.round(lcp)} ms`.padStart(9)}  ${ok ? 'PASS' : 'MISS'}`,
    );
    await context.close();
  }
  console.log(
    `\nbudget: JS <= ${JS_BUDGET_BYTES / 1024} KB gzipped, HTML <= ${HTML_WIRE_BUDGET_BYTES / 1024} KB on the wire, FCP < ${FCP_TARGET_MS} ms, LCP < ${LCP_TARGET_MS} ms; ${missed === 0 ? 'every view within it' : `${missed} view(s) missed`}`,
  );

  // The console's first load: what Chromium fetches to show a signed-out visitor the sign-in page.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const loaded = new Map();
  page.on('response', (response) => {
    const request = response.request();
    if (new URL(response.url()).origin === origin && FIRST_LOAD_TYPES.has(request.resourceType()) && response.status() === 200) {
      loaded.set(response.url(), request.resourceType());
    }
  });
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  // Shown, with its lazy route and its fonts: what the visitor waits for.
  await page.locator('input[type="password"]').waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  await context.close();
  const totals = { 'br, gzip': 0, gzip: 0, identity: 0 };
  const byType = new Map();
  for (const [url, type] of loaded) {
    const accept = type === 'document' ? 'text/html,application/xhtml+xml' : '*/*';
    for (const asked of Object.keys(totals)) {
      const { bytes } = await wireBytes(url, asked === 'identity' ? { accept } : { accept, 'accept-encoding': asked });
      totals[asked] += bytes;
      if (asked !== 'br, gzip') continue;
      byType.set(type, (byType.get(type) ?? 0) + bytes);
      if (process.env.BENCH_VERBOSE === '1') console.log(`  ${type} ${url} ${bytes} B`);
    }
  }
  const consoleOk = loaded.size > 0 && totals['br, gzip'] <= CONSOLE_WIRE_BUDGET_BYTES;
  console.log(
    `\nconsole first load, the sign-in page (${loaded.size} files): ${kb(totals['br, gzip'])} on the wire with br, gzip ` +
      `(${[...byType].map(([type, bytes]) => `${type} ${kb(bytes)}`).join(', ')}); ${kb(totals.gzip)} gzip only, ${kb(totals.identity)} uncompressed; ` +
      `budget <= ${CONSOLE_WIRE_BUDGET_BYTES / 1024} KB: ${consoleOk ? 'PASS' : 'MISS'}`,
  );
  if (process.env.BENCH_STRICT === '1' && (missed > 0 || !consoleOk)) process.exitCode = 1;
} finally {
  await browser?.close();
  await Promise.all(children.map((child) => (child.connected ? new Promise((resolve) => child.once('exit', resolve).disconnect()) : null)));
  rmSync(dataDir, { recursive: true, force: true });
}
