import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { localeParts } from './vite-locale-parts.ts';

// '@product-console/shared' exposes its TypeScript under the 'source' condition, so the console
// builds from the shared sources without waiting for the package's own build. The custom condition
// replaces Vite's list, so the defaults are spread back in.
export const resolveConditions = ['source', ...defaultClientConditions];
export const srcAlias = { '@': new URL('./src', import.meta.url).pathname };

/**
 * Brotli (quality 11) and gzip (level 9) copies beside each built file worth it, written once at
 * build time; the gateway sends the one a browser's Accept-Encoding prefers (decision 073). Fonts
 * (woff2) and images are compressed already; the build's manifests are read by the server only.
 */
export const precompressed = () =>
  compression({
    algorithms: ['brotliCompress', 'gzip'],
    include: /\.(?:html|css|js|mjs|json|svg|txt|xml|webmanifest)$/,
    exclude: /(?:^|\/)\.vite\//,
    threshold: 1024,
    logLevel: 'silent',
  });

const bffProxy = { '/bff': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

// A function, so that a file importing the names above (the test config) makes no build plugin.
export default defineConfig(() => ({
  plugins: [react(), localeParts(), precompressed()],
  resolve: { conditions: resolveConditions, alias: srcAlias },
  server: { proxy: bffProxy },
  preview: { proxy: bffProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Fonts ship as separate files; keep tiny ones out of the CSS as well.
    assetsInlineLimit: 2048,
    rolldownOptions: {
      treeshake: {
        // The shared package declares no "sideEffects"; its modules only define schemas and
        // constants, so the console keeps what it imports and leaves zod and the schemas out.
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
      },
    },
  },
}));
