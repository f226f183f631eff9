import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolveConditions, srcAlias } from './vite.config.ts';

/*
 * The consumer landing's server renderer (decision 042): src/landing/entry-server.tsx built for
 * Node with every dependency bundled, so the gateway imports one self-contained file,
 * dist-ssr/landing.js, and needs none of the web workspace's packages at run time.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: resolveConditions, alias: srcAlias },
  ssr: {
    noExternal: true,
    target: 'node',
    resolve: { conditions: ['source', 'node', 'import', 'module', 'default'], externalConditions: ['node'] },
  },
  build: {
    ssr: 'src/landing/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    // The page's asset URLs (fonts) are those of the client build: nothing is written here but the module.
    ssrEmitAssets: false,
    copyPublicDir: false,
    rolldownOptions: {
      output: { format: 'esm', entryFileNames: 'landing.js', codeSplitting: false },
    },
  },
});
