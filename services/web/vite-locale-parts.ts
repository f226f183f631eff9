import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { catalogueParts, type CataloguePart } from './src/locales/parts.ts';

const PART_QUERY = /\.json\?part=(account|console)$/;

/**
 * `import messages from '@/locales/en.json?part=account'`: one part of a catalogue as its own
 * module, so that the first load carries the account part only (decision 073, `src/locales/parts.ts`).
 */
export function localeParts(): Plugin {
  return {
    name: 'console-locale-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART_QUERY.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(catalogueParts(catalogue, match[1] as CataloguePart))};`;
    },
  };
}
