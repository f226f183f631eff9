import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { DynamicInfoItem, ProductLabel, ProductOption, QrContent, ServiceCode } from '@product-console/shared';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { projects } from '../projects/tables.js';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The GS1 entry of the product, once entries exist. */
    entryId: integer('entry_id').references(() => entries.id),
    productName: text('product_name').notNull(),
    productNumber: text('product_number').notNull().default(''),
    categoryId: integer('category_id').notNull().default(1),
    subcategoryId: integer('subcategory_id'),
    productWebsite: text('product_website').notNull().default(''),
    features: text('features').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Ids of `certifications` rows. */
    certification: jsonb('certification').$type<number[]>().notNull().default([]),
    details: text('details').notNull().default(''),
    dynamicInfo: jsonb('dynamic_info').$type<DynamicInfoItem[]>().notNull().default([]),
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /** Category 1 care info: a text, an image path, or both empty. */
    careInfoText: text('care_info_text').notNull().default(''),
    careInfoImage: text('care_info_image'),
    /** Smart-label setting (spec point 4): 1 on a category 2 product removes its smart-label links. */
    smartLabelSetting: smallint('smart_label_setting').notNull().default(0),
    /** Category 2 and 3: the food, wine or textile label template and its fields (issue 29); null: none. */
    label: jsonb('label').$type<ProductLabel>(),
    qrContent: jsonb('qr_content').$type<QrContent>(),
    service: text('service').$type<ServiceCode>().notNull().default('DL'),
    isNfc: smallint('is_nfc').notNull().default(0),
    /** Image paths (`/files/{storage key}`), first one shown in lists (as its thumbnail). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    gtin: text('gtin'),
    /** Countries (ISO 3166-1 alpha-2) the product is sold in; a scan elsewhere is a diversion signal. Empty: anywhere. */
    intendedMarkets: text('intended_markets').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: deleted products no longer count against the plan. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('products_service_known', sql`${table.service} in ('DL', 'DPP')`),
    check('products_is_nfc_flag', sql`${table.isNfc} in (0, 1)`),
    check('products_gtin_14_digits', sql`${table.gtin} is null or ${table.gtin} ~ '^[0-9]{14}$'`),
    index('products_company_id_idx').on(table.companyId, table.createdAt),
    index('products_project_id_idx').on(table.projectId),
  ],
);

export type ProductRow = typeof products.$inferSelect;
