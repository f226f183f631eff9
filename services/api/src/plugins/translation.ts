import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { providerFromConfig } from '../modules/translation/providers.js';
import { createTranslator, type Translator } from '../modules/translation/translator.js';

export type { TranslateInput, TranslationStatus, Translator } from '../modules/translation/translator.js';

declare module 'fastify' {
  interface FastifyInstance {
    translator: Translator;
  }
}

/** `app.translator`: automatic translation of consumer pages through TRANSLATION_PROVIDER, cached in the database (decision 039). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const provider = providerFromConfig(config);
    app.decorate('translator', createTranslator({ db: app.db, provider, log: app.log.child({ module: 'translation' }) }));
    app.log.info({ provider: provider?.name ?? 'none' }, 'automatic translation');
  },
  { name: 'translation', dependencies: ['db'] },
);
