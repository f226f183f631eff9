import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolveConditions, srcAlias } from './vite.config.ts';

/*
 * The consumer landing's browser entries (decision 042), a build of their own beside the console's
 * (same dist/, same hashed assets/ folder, a manifest of their own): the enhancement script every
 * view loads, the draft view loaded only for an editor's preview, and the CJK faces a page's
 * language may need. A graph of its own, so the first load takes only what the script uses of the
 * shared package (the console's chunks would bring all its schemas) and the console's chunking is
 * left exactly as it was. The server renderer reads dist/.vite/landing-manifest.json.
 */
const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: resolveConditions, alias: srcAlias },
  publicDir: false,
  build: {
    outDir: 'dist',
    // After the console's build, into the same folder.
    emptyOutDir: false,
    target: 'es2022',
    manifest: '.vite/landing-manifest.json',
    assetsInlineLimit: 2048,
    rolldownOptions: {
      input: {
        landing: entry('./src/landing/entry-client.ts'),
        'landing-draft': entry('./src/landing/draft.tsx'),
        'landing-fonts-ja': entry('./src/landing/fonts-ja.css'),
        'landing-fonts-zh': entry('./src/landing/fonts-zh.css'),
        'landing-fonts-ko': entry('./src/landing/fonts-ko.css'),
      },
      treeshake: {
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
      },
    },
  },
});
