import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { ContentBlockType, Design, LanguageInput, TextStyle } from '@product-console/shared';
import { products } from '../products/tables.js';

/*
 * A product's composed page (issue 14, spec points 3 and 4): its content blocks, the languages it
 * registers beside DEFAULT, its texts per language and its design theme. Every row belongs to one
 * product and goes with it.
 */

/** One content block of a product's page; `position` is its place (a footer always last). */
export const productContents = pgTable(
  'product_contents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<ContentBlockType>().notNull(),
    /** `[{languageCode, inputData}]`: one per language for text blocks, one DEFAULT input for media blocks. */
    inputs: jsonb('inputs').$type<LanguageInput[]>().notNull().default([]),
    style: jsonb('style').$type<TextStyle>().notNull(),
    /** A link button's text or an image's alt text (DEFAULT's). */
    label: text('label').notNull().default(''),
    /** The label in the product's other languages: `[{languageCode, inputData}]`. */
    labels: jsonb('labels').$type<LanguageInput[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('product_contents_type_known', sql`${table.type} in ('link', 'video', 'image', 'text', 'html', 'title', 'footer')`),
    index('product_contents_product_id_idx').on(table.productId, table.position),
  ],
);

/** A language a product registers beside DEFAULT (ISO 639-1), in the order it was added. */
export const productLanguages = pgTable(
  'product_languages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('product_languages_product_code_unique').on(table.productId, table.code)],
);

/** The product's texts in one registered language; DEFAULT's are the products table's own columns. */
export const productTexts = pgTable(
  'product_texts',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').notNull(),
    productName: text('product_name').notNull(),
    description: text('description').notNull().default(''),
    features: text('features').notNull().default(''),
    details: text('details').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'product_texts_pk', columns: [table.productId, table.languageCode] })],
);

/** A product's design theme; no row means `DEFAULT_DESIGN`. */
export const productDesigns = pgTable('product_designs', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  design: jsonb('design').$type<Design>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ProductContentRow = typeof productContents.$inferSelect;
export type ProductTextRow = typeof productTexts.$inferSelect;
