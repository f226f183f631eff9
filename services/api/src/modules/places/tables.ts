import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlaceType } from '@product-console/shared';
import { companies } from '../companies/tables.js';

/**
 * A company's place (issue 28, decision 081): a site, warehouse, store, farm or dock its events name
 * as `readPoint` or `bizLocation`. `identifier` is the canonical form events store those fields in
 * (`https://id.gs1.org/414/{gln}[/254/{extension}]`, or the URI master data gave), so a journey
 * joins its events to their places by equality. `attributes` holds every master-data attribute
 * the place has (CBV attributes by their short name, `sst`, `city`…, others by their URI), what
 * `HASATTR_` and `EQ_ATTR_` queries look at; the columns are the ones the console edits.
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    gln: text('gln'),
    extension: text('extension'),
    name: text('name').notNull(),
    type: text('type').$type<PlaceType>().notNull().default('site'),
    streetAddress: text('street_address'),
    city: text('city'),
    postalCode: text('postal_code'),
    region: text('region'),
    countryCode: text('country_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The place this one is inside; deleting a place leaves its children at the top. */
    parentId: integer('parent_id').references((): AnyPgColumn => places.id, { onDelete: 'set null' }),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    origin: text('origin').$type<'console' | 'capture'>().notNull().default('console'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('places_company_identifier_idx').on(table.companyId, table.identifier),
    index('places_company_name_idx').on(table.companyId, table.name),
    index('places_parent_idx').on(table.parentId),
  ],
);

export type PlaceRow = typeof places.$inferSelect;
