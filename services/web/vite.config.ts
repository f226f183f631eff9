import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// '@product-console/shared' exposes its TypeScript under the 'source' condition, so the console
// builds from the shared sources without waiting for the package's own build. The custom condition
// replaces Vite's list, so the defaults are spread back in.
export const resolveConditions = ['source', ...defaultClientConditions];
export const srcAlias = { '@': new URL('./src', import.meta.url).pathname };

const bffProxy = { '/bff': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: resolveConditions, alias: srcAlias },
  server: { proxy: bffProxy },
  preview: { proxy: bffProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The consumer landing's own entries (decision 042) beside the console: its enhancement script,
    // the draft view loaded only for an editor's preview, and the CJK faces a page's language may
    // need. The manifest tells the landing's server renderer their hashed names.
    manifest: true,
    // Fonts ship as separate files; keep tiny ones out of the CSS as well.
    assetsInlineLimit: 2048,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./src/landing/entry-client.ts', import.meta.url)),
        'landing-draft': fileURLToPath(new URL('./src/landing/draft.tsx', import.meta.url)),
        'landing-fonts-ja': fileURLToPath(new URL('./src/landing/fonts-ja.css', import.meta.url)),
        'landing-fonts-zh': fileURLToPath(new URL('./src/landing/fonts-zh.css', import.meta.url)),
        'landing-fonts-ko': fileURLToPath(new URL('./src/landing/fonts-ko.css', import.meta.url)),
      },
      treeshake: {
        // The shared package declares no "sideEffects"; its modules only define schemas and
        // constants, so the console keeps what it imports and leaves zod and the schemas out.
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
      },
    },
  },
});
