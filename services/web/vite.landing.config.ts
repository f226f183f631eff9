import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressed, resolveConditions, srcAlias } from './vite.config.ts';

/*
 * The consumer landing's browser entries (decision 042), builds of their own beside the console's
 * (same dist/, same hashed assets/ folder, manifests of their own), so the console's chunking is
 * left exactly as it was:
 * - `vite build -c vite.landing.config.ts`: the enhancement script every view loads and the CJK faces
 *   a page's language may need; a graph of its own, so the first load takes only what the script uses
 *   (shared with the draft or the console, a chunk would carry their schemas and React);
 * - `vite build -c vite.landing.config.ts --mode draft`: the draft view, which the script imports by
 *   the address the server gives it, only for an editor's preview.
 * The server renderer reads dist/.vite/landing-manifest.json and landing-draft-manifest.json.
 */
const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const ENTRIES = {
  landing: {
    landing: entry('./src/landing/entry-client.ts'),
    'landing-fonts-ja': entry('./src/landing/fonts-ja.css'),
    'landing-fonts-zh': entry('./src/landing/fonts-zh.css'),
    'landing-fonts-ko': entry('./src/landing/fonts-ko.css'),
  },
  draft: { 'landing-draft': entry('./src/landing/draft.tsx') },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompressed()],
  resolve: { conditions: resolveConditions, alias: srcAlias },
  publicDir: false,
  build: {
    outDir: 'dist',
    // After the console's build, into the same folder.
    emptyOutDir: false,
    target: 'es2022',
    manifest: mode === 'draft' ? '.vite/landing-draft-manifest.json' : '.vite/landing-manifest.json',
    assetsInlineLimit: 2048,
    rolldownOptions: {
      input: mode === 'draft' ? ENTRIES.draft : ENTRIES.landing,
      // The script imports the draft entry for its `mountDraft`: an app build would drop entry exports.
      preserveEntrySignatures: 'exports-only',
      treeshake: {
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
      },
    },
  },
}));
