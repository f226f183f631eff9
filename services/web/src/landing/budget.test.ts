import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_VIEWS } from '@product-console/shared';

/*
 * The consumer landing's JavaScript budget (architecture: at most 60 KB gzipped on first load of any
 * view, React included): measured on a build of the current sources, from the build's manifest. A
 * first load pulls the enhancement entry and the chunks it imports statically; the draft entry (a
 * build of its own) is loaded only for an editor's preview and is not counted, but must stay out of it.
 */

const BUDGET_BYTES = 60 * 1024;
const CLIENT_ENTRY = 'src/landing/entry-client.ts';
const DRAFT_ENTRY = 'src/landing/draft.tsx';

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(webDir, '../..');
let outDir: string;
let manifest: Manifest;

beforeAll(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'landing-budget-'));
  // Both landing builds, as `npm run build -w services/web` runs them (the console's is not needed).
  for (const mode of ['production', 'draft']) {
    execFileSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.landing.config.ts', '--mode', mode, '--outDir', outDir, '--logLevel', 'error'],
      { cwd: webDir, stdio: 'pipe' },
    );
  }
  manifest = {
    ...(JSON.parse(readFileSync(path.join(outDir, '.vite/landing-manifest.json'), 'utf8')) as Manifest),
    ...(JSON.parse(readFileSync(path.join(outDir, '.vite/landing-draft-manifest.json'), 'utf8')) as Manifest),
  };
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The files a first load of the page fetches as scripts: the entry and its static imports, transitively. */
function firstLoad(key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

const gzipped = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;

describe('the consumer landing JavaScript budget', () => {
  it.each(LANDING_VIEWS)('keeps the first load of the %s view within 60 KB of gzipped JavaScript', () => {
    // Every view is the same server-rendered page with the same one entry (decision 042).
    const files = firstLoad(CLIENT_ENTRY);
    expect(files.length).toBeGreaterThan(0);
    const total = files.reduce((sum, file) => sum + gzipped(file), 0);
    expect(total, `first load: ${files.map((file) => `${file} ${gzipped(file)} B`).join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('leaves React and the draft view out of the first load', () => {
    const files = firstLoad(CLIENT_ENTRY);
    const draft = manifest[DRAFT_ENTRY];
    expect(draft).toBeDefined();
    expect(files).not.toContain(draft?.file);
    // Nothing the draft needs is loaded with the page either.
    for (const chunk of firstLoad(DRAFT_ENTRY)) expect(files).not.toContain(chunk);
    const code = files.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
    // React DOM's runtime carries this message; the enhancement script must not.
    expect(code).not.toContain('react.transitional.element');
    expect(code).not.toMatch(/Minified React error/);
  });
});
