import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Machine translations already made, one row per text, source and target language: the cache that
 * lets a consumer page be translated once instead of on every visit. `source_hash` is the sha256
 * (hex) of the format and the source text, so a changed text is a new row (translated again) and a
 * text is looked up by hash without comparing long strings. Rows never change once written.
 */
export const translations = pgTable(
  'translations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sourceLang: text('source_lang').notNull(),
    targetLang: text('target_lang').notNull(),
    sourceHash: text('source_hash').notNull(),
    sourceText: text('source_text').notNull(),
    translatedText: text('translated_text').notNull(),
    /** `text` or `html` (the provider was told to keep the markup). */
    format: text('format').notNull().default('text'),
    /** Which provider made it: `libretranslate` or `deepl`. */
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  },
  (table) => [uniqueIndex('translations_source_hash_langs_idx').on(table.sourceHash, table.sourceLang, table.targetLang)],
);

export type TranslationRow = typeof translations.$inferSelect;
